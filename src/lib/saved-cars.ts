/**
 * Lists of cars a shopper keeps in this browser (favourites, compare; spec §6: local storage, no
 * sign-in). Pure and free of imports, since it ships in vehicle-page scripts: each list brings its
 * own entry check, written by hand because zod would weigh more than the toggles.
 */

/** The fields every kept car has (spec §3 Favourite entry). */
export interface SavedCar {
  id: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url: string | null;
}

export const isText = (value: unknown): value is string => typeof value === "string";

/** A stored item as a SavedCar, or null when it does not have the shape. */
export function asSavedCar(item: unknown): SavedCar | null {
  if (typeof item !== "object" || item === null) return null;
  const { id, name, slug, make, model, primary_image_url: image } = item as Record<string, unknown>;
  if (
    !Number.isInteger(id) ||
    !isText(name) ||
    !name ||
    !isText(slug) ||
    !slug ||
    !isText(make) ||
    !isText(model)
  )
    return null;
  if (image !== null && !isText(image)) return null;
  return { id: id as number, name, slug, make, model, primary_image_url: image };
}

/**
 * A stored list, read defensively: anything unreadable is an empty list, items `asEntry` refuses
 * are dropped and a car kept twice counts once.
 */
export function parseSavedList<T extends { id: number }>(
  raw: string | null,
  asEntry: (item: unknown) => T | null,
): T[] {
  let data: unknown;
  try {
    data = JSON.parse(raw ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<number>();
  const entries: T[] = [];
  for (const item of data) {
    const entry = asEntry(item);
    if (!entry || seen.has(entry.id)) continue;
    seen.add(entry.id);
    entries.push(entry);
  }
  return entries;
}

export function hasSavedCar(entries: readonly { id: number }[], id: number): boolean {
  return entries.some((entry) => entry.id === id);
}

export function withoutSavedCar<T extends { id: number }>(entries: readonly T[], id: number): T[] {
  return entries.filter((entry) => entry.id !== id);
}
