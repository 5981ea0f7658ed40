/**
 * Favourites (spec §1 "save favourites, compare", §3 Favourite entry, §4 "Favourite/compare toggle
 * saved/not saved; hidden when out of stock or storage setting off", §6 no sign-in): a list kept in
 * the shopper's browser, one per dealer site. Pure (it ships in the vehicle page's script); where
 * the toggle shows is showsFavourite (stock rules, build time).
 */

import { asSavedCar, hasSavedCar, parseSavedList, type SavedCar, withoutSavedCar } from "~/lib/saved-cars";
import type { Car } from "~/tenant/schemas/car";

export type FavouriteEntry = SavedCar;

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

/** A stored list, read defensively (see parseSavedList). */
export function parseFavourites(raw: string | null): FavouriteEntry[] {
  return parseSavedList(raw, asSavedCar);
}

export const isFavourite = hasSavedCar;

/** Saves the car (newest first) or removes it when already saved. */
export function toggleFavourite(
  entries: readonly FavouriteEntry[],
  entry: FavouriteEntry,
): { entries: FavouriteEntry[]; saved: boolean } {
  if (isFavourite(entries, entry.id)) {
    return { entries: withoutSavedCar(entries, entry.id), saved: false };
  }
  return { entries: [entry, ...entries], saved: true };
}

export const removeFavourite = withoutSavedCar<FavouriteEntry>;

/** The toast after a toggle. */
export function favouriteToast(name: string, saved: boolean): string {
  return saved ? `${name} is now in your favourites` : `${name} is no longer in your favourites`;
}
