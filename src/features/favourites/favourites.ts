/**
 * Favourites (spec §1 "save favourites, compare", §3 Favourite entry, §4 "Favourite/compare toggle
 * saved/not saved; hidden when out of stock or storage setting off", §6 no sign-in): a list kept in
 * the shopper's browser, one per dealer site. Pure and free of imports, since it ships in the
 * vehicle page's script; where the toggle shows is showsFavourite (stock rules, build time).
 */
import type { Car } from "~/features/stock/car.schema";

export interface FavouriteEntry {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

/** A stored entry's shape, checked by hand: this runs on every vehicle page, where zod would weigh more than the toggle. */
function asEntry(item: unknown): FavouriteEntry | null {
  if (typeof item !== "object" || item === null) return null;
  const { id, name, slug, make, model, primary_image_url: image } = item as Record<string, unknown>;
  const text = (value: unknown) => typeof value === "string";
  if (!Number.isInteger(id) || !text(name) || !name || !text(slug) || !slug || !text(make) || !text(model))
    return null;
  if (image !== null && !text(image)) return null;
  return {
    id: id as number,
    name: name as string,
    slug: slug as string,
    make: make as string,
    model: model as string,
    primary_image_url: image as string | null,
  };
}

/** Where a site's favourites live in localStorage: one list per dealer site. */
export function favouritesKey(siteSlug: string): string {
  return `favourites:${siteSlug}`;
}

/** The page listing a shopper's favourites. */
export const FAVOURITES_PATH = "/favourites";

export function favouriteEntry(car: Car): FavouriteEntry {
  return {
    id: car.id,
    name: car.name,
    slug: car.slug,
    make: car.make,
    model: car.model,
    primary_image_url: car.primary_image_url ?? car.images.find((image) => !image.video)?.url ?? null,
  };
}

/**
 * A stored list, read defensively: anything unreadable is an empty list, entries that do not fit
 * the entry's shape are dropped and a car saved twice counts once.
 */
export function parseFavourites(raw: string | null): FavouriteEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(raw ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<number>();
  const entries: FavouriteEntry[] = [];
  for (const item of data) {
    const entry = asEntry(item);
    if (!entry || seen.has(entry.id)) continue;
    seen.add(entry.id);
    entries.push(entry);
  }
  return entries;
}

export function isFavourite(entries: readonly FavouriteEntry[], id: number): boolean {
  return entries.some((entry) => entry.id === id);
}

/** Saves the car (newest first) or removes it when already saved. */
export function toggleFavourite(
  entries: readonly FavouriteEntry[],
  entry: FavouriteEntry,
): { entries: FavouriteEntry[]; saved: boolean } {
  if (isFavourite(entries, entry.id)) {
    return { entries: entries.filter((saved) => saved.id !== entry.id), saved: false };
  }
  return { entries: [entry, ...entries], saved: true };
}

export function removeFavourite(entries: readonly FavouriteEntry[], id: number): FavouriteEntry[] {
  return entries.filter((entry) => entry.id !== id);
}

/** The toast after a toggle. */
export function favouriteToast(name: string, saved: boolean): string {
  return saved ? `${name} is now in your favourites` : `${name} is no longer in your favourites`;
}
