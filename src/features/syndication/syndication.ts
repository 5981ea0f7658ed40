/**
 * What the ad platforms' inventory feeds share: which published cars are for sale, the price the
 * site shows (the single-price rule), titles within a platform's limit, and text that survives XML
 * and CSV. Pure: the tenant's snapshot comes in as an argument.
 */

import { isAvailable, isSold, priceDisplay, shownPriceType } from "~/features/stock/stock";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import type { Location } from "~/tenant/schemas/locations";

export const GOOGLE_FEED_PATH = "/feeds/google-vehicle-ads.xml";
export const META_FEED_PATH = "/feeds/meta-vehicles.csv";

/** What a feed is built from: the snapshot the site's pages were built from. */
export interface FeedSource {
  site: Site;
  locations: readonly Location[];
  /** Published cars, in feed order. */
  cars: readonly Car[];
}

/** A published car a feed leaves out, and why (the feed report lists them). */
export interface FeedExclusion {
  id: number;
  stocknum: string | null;
  name: string;
  reason: string;
}

/** One feed's outcome, as the feed report and the ops view show it. */
export interface FeedOutcome {
  path: string;
  rows: number;
  excluded: FeedExclusion[];
}

export interface SyndicationReport {
  google_vehicle_ads: FeedOutcome;
  meta_vehicles: FeedOutcome;
}

export type Mapped<T> = { ok: true; row: T } | { ok: false; reason: string };

export const exclusion = (car: Car, reason: string): FeedExclusion => ({
  id: car.id,
  stocknum: car.stocknum ?? null,
  name: car.name,
  reason,
});

/**
 * Why a published car is not for sale, or null. Sold cars stay on the site inside the sold window
 * (published) but are never advertised.
 */
export function notForSale(car: Car): string | null {
  if (isSold(car)) return "sold: shown on the site inside the sold window, never advertised";
  if (!isAvailable(car)) return `status ${car.status} is not for sale`;
  return null;
}

export interface ListedPrice {
  amount: number;
  /** "Drive Away", "Excl. Government Charges"… as shown beside the price, or null. */
  priceType: string | null;
}

/**
 * The sale price exactly as the car's card and page show it (priceDisplay, spec §4), with the
 * price type beside it. A car showing a weekly subscription, PREORDER or the no-price text has no
 * sale price to advertise.
 */
export function listedPrice(car: Car, site: Site): Mapped<ListedPrice> {
  const display = priceDisplay(car, site);
  if (display.kind === "subscription") {
    return {
      ok: false,
      reason: "the site shows a weekly subscription price; ad feeds take sale prices only",
    };
  }
  if (display.kind !== "price" || display.amount === undefined) {
    return { ok: false, reason: `no price shown (the site shows "${display.text}")` };
  }
  return { ok: true, row: { amount: display.amount, priceType: shownPriceType(car, display) } };
}

/** A price as both platforms read it: the number, a space, the ISO 4217 currency. */
export function priceText(amount: number): string {
  return `${Number.isInteger(amount) ? amount : amount.toFixed(2)} AUD`;
}

/** Odometer in whole km; a new car without a reading has 0 km. Null when a used car has none. */
export function odometerKm(car: Car): number | null {
  if (car.km != null) return Math.round(car.km);
  return car.car_type === "new" ? 0 : null;
}

/** Text cut to `max` characters at a word boundary (a single overlong word is cut where it is). */
export function clip(text: string, max: number): string {
  const clean = plainText(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : clean.slice(0, max)).trimEnd();
}

/** One line of text: no control characters (XML 1.0 forbids most), runs of white space as one space. */
export function plainText(text: string): string {
  const visible = Array.from(text, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x20 || code === 0x7f ? " " : c;
  }).join("");
  return visible.replace(/\s+/g, " ").trim();
}

/** A real VIN: 17 letters and digits, never I, O or Q (ISO 3779). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** The location a car is sold from, when the tenant lists it. */
export function carLocation(car: Car, locations: readonly Location[]): Location | null {
  return locations.find((location) => location.id === car.location_id) ?? null;
}

/** The store code a location carries in its Google Business Profile. */
export function storeCode(location: Location): string {
  return location.store_code ?? location.slug;
}

/** A location's street address on one line, with the country: "1 Main Street, Brisbane QLD 4000, AU". */
export function oneLineAddress(location: Location): string {
  const { street, city, state, postcode } = location.address;
  return `${street}, ${city} ${state.toUpperCase()} ${postcode}, AU`;
}

/** Caravans, camper trailers and motorhomes, by the feed's item type or body. */
export function isRecreationalVehicle(car: Car): boolean {
  const itemType = (car.item_type ?? "").trim().toLowerCase();
  if (itemType && itemType !== "car") return true;
  return /caravan|motorhome|camper/i.test(car.simple_body ?? "");
}

/**
 * Maps every published car with `map`, keeping the first car of each VIN: a platform disapproves
 * every offer of a VIN it receives twice.
 */
export function mapCars<T extends { vin: string }>(
  cars: readonly Car[],
  map: (car: Car) => Mapped<T>,
): { rows: T[]; excluded: FeedExclusion[] } {
  const rows: T[] = [];
  const excluded: FeedExclusion[] = [];
  const vins = new Map<string, number>();
  for (const car of cars) {
    const mapped = map(car);
    if (!mapped.ok) {
      excluded.push(exclusion(car, mapped.reason));
      continue;
    }
    const first = vins.get(mapped.row.vin);
    if (first !== undefined) {
      excluded.push(exclusion(car, `VIN ${mapped.row.vin} is already listed for car ${first}`));
      continue;
    }
    vins.set(mapped.row.vin, car.id);
    rows.push(mapped.row);
  }
  return { rows, excluded };
}

/** zod issues as one reason: "vin: no VIN; image_link: no photo". */
export function issuesText(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.map(String).join(".") || "row"}: ${issue.message}`).join("; ");
}
