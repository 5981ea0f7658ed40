/**
 * Recently viewed cars (spec §3 viewed-car record: id, stocknum, make, model, body, simple_body;
 * local, per dealership): the cars a shopper opened on this site, kept in their browser and never
 * sent anywhere. Each record also keeps what its card shows (name, link, photo) and whether the car
 * was sold when last seen, so the strip draws without asking a server. Pure: it ships in page scripts.
 */

import { isText, parseSavedList } from "~/lib/saved-cars";
import type { Car } from "~/tenant/schemas/car";

export interface ViewedCar {
  id: number;
  stocknum: string;
  make: string;
  model: string;
  body: string;
  simple_body: string;
  name: string;
  slug: string;
  primary_image_url: string | null;
  sold: boolean;
}

/** The strip shows at most this many cars. */
export const RECENTLY_VIEWED_SHOWN = 8;
/** One more than the strip shows, so a vehicle page still has eight once its own car is left out. */
export const RECENTLY_VIEWED_KEPT = RECENTLY_VIEWED_SHOWN + 1;

/** Where a site's viewed cars live in localStorage: one list per dealer site. */
export function viewedKey(siteSlug: string): string {
  return `recently-viewed:${siteSlug}`;
}

/** The record of a car as its vehicle page shows it. */
export function viewedCar(car: Car, sold: boolean): ViewedCar {
  return {
    id: car.id,
    stocknum: car.stocknum ?? "",
    make: car.make,
    model: car.model,
    body: car.bodyconfiguration ?? "",
    simple_body: car.simple_body ?? "",
    name: car.name,
    slug: car.slug,
    primary_image_url: car.primary_image_url ?? car.images.find((image) => !image.video)?.url ?? null,
    sold,
  };
}

/** A stored item as a ViewedCar, or null when it does not have the shape. */
export function asViewedCar(item: unknown): ViewedCar | null {
  if (typeof item !== "object" || item === null) return null;
  const {
    id,
    name,
    slug,
    primary_image_url: image,
    sold,
    stocknum,
    make,
    model,
    body,
    simple_body,
  } = item as Record<string, unknown>;
  if (!Number.isInteger(id) || !isText(name) || !name || !isText(slug) || !slug) return null;
  if (!isText(stocknum) || !isText(make) || !isText(model) || !isText(body) || !isText(simple_body))
    return null;
  if (image !== null && !isText(image)) return null;
  if (typeof sold !== "boolean") return null;
  return {
    id: id as number,
    stocknum,
    make,
    model,
    body,
    simple_body,
    name,
    slug,
    primary_image_url: image,
    sold,
  };
}

/** A stored list, read defensively: anything unreadable is an empty list. */
export function parseViewed(raw: string | null): ViewedCar[] {
  return parseSavedList(raw, asViewedCar).slice(0, RECENTLY_VIEWED_KEPT);
}

/** The list after viewing `car`: it moves to the front (its record refreshed), the oldest drop off. */
export function recordView(entries: readonly ViewedCar[], car: ViewedCar): ViewedCar[] {
  return [car, ...entries.filter((entry) => entry.id !== car.id)].slice(0, RECENTLY_VIEWED_KEPT);
}

/** What the strip shows: newest first, the page's own car left out, at most eight. */
export function shownViewed(entries: readonly ViewedCar[], currentId: number | null): ViewedCar[] {
  return entries.filter((entry) => entry.id !== currentId).slice(0, RECENTLY_VIEWED_SHOWN);
}
