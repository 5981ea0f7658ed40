/**
 * Stock rules from the spec (§4 states, §9 constants): availability, visibility on a site, the
 * card/detail tag, price display, rego expiry and car-type labels. Pure: the site and `now` come in
 * as arguments.
 */

import { calendarDate, formatCalendarDate } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import type { CarType, Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";

const DAY_MS = 86_400_000;

/** Dealer stock is dated in Queensland time (spec §9 default state qld, sales counter zone). */
export const STOCK_TIME_ZONE = "Australia/Brisbane";

/** At or below this a feed price is a placeholder, not a price (spec §4 "current price if above 10"). */
export const PLACEHOLDER_PRICE_MAX = 10;

export const TEST_DRIVE_ONLY_TAG = "Test Drive Only";
export const TOYOTA_CERTIFIED_BADGE = {
  label: "Toyota Certified Pre-Owned",
  image: "/media/badges/toyota-certified.svg",
} as const;

/** What decides whether a car is for sale: a feed row or a search document built from one. */
type StockState = { status: Car["status"]; sold?: boolean | null | undefined };

/** Spec §4: sold when the status says so or the sold flag is set, whatever the status. */
export function isSold(car: StockState): boolean {
  return car.status === "sold" || car.sold === true;
}

/** Spec §4: in_stock and coming_soon count as available. */
export function isAvailable(car: StockState): boolean {
  return (car.status === "in_stock" || car.status === "coming_soon") && !isSold(car);
}

/**
 * On the lot and for sale now: in_stock and not sold. Finance figures, the price gauge and similar
 * cars are for these only; a coming_soon car is available but not yet in stock.
 */
export function isInStock(car: StockState): boolean {
  return car.status === "in_stock" && !isSold(car);
}

export type HiddenReason =
  | "not_on_website"
  | "sold_outside_window"
  | "car_type_filtered"
  | "stocknum_excluded"
  | "make_filtered"
  | "not_in_stock"
  | "dealership_filtered";

/**
 * A sold car stays on the site for `sold_window_days` after `sold_date_timestamp`, counted to the
 * second: exactly N days after the sale is still inside. Without a timestamp we cannot tell how long
 * ago it sold, so it is treated as outside rather than left up forever.
 */
export function soldWithinWindow(car: Car, site: Site, now: Date): boolean {
  if (site.sold_window_days === 0 || car.sold_date_timestamp == null) return false;
  const soldAgoMs = now.getTime() - car.sold_date_timestamp * 1000;
  return soldAgoMs <= site.sold_window_days * DAY_MS;
}

/**
 * A car's page address from its name and id (`2021 Ford Ranger XLT`, 1002 →
 * `2021-ford-ranger-xlt-1002`), for feeds that carry no `slug`: the id keeps it unique in the feed.
 * Renaming the car moves its page, as a feed's own slug would when the dealer edits it.
 */
export function carSlug(name: string, id: number): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['\u2019"]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words ? `${words}-${id}` : String(id);
}

const absent = (value: unknown) => value === undefined || value === null || value === "";

/**
 * What a feed row may leave out and the site can still tell: a `slug` (many feeds carry none) is
 * made from the row's name and id, and a single-dealership site's cars are that dealership's, so
 * `dealership_id` defaults to its id. A row that names either keeps its own; a row without a
 * usable name or id is left as it is, for validation to report.
 */
export function withFeedDefaults(row: unknown, site: Pick<Site, "dealerships">): unknown {
  if (row === null || typeof row !== "object" || Array.isArray(row)) return row;
  const fields = row as Record<string, unknown>;
  const filled: Record<string, unknown> = { ...fields };
  const { id, name } = fields;
  if (absent(fields.slug) && Number.isInteger(id) && (id as number) > 0 && typeof name === "string") {
    filled.slug = carSlug(name, id as number);
  }
  const only = site.dealerships.length === 1 ? site.dealerships[0] : undefined;
  if (absent(fields.dealership_id) && only) filled.dealership_id = only.id;
  return filled;
}

const normalised = (value: string) => value.trim().toLowerCase();

/** Why a feed row is not published on this site (spec §4 stock visibility plus `search_filters`), or null. */
export function hiddenReason(car: Car, site: Site, now: Date): HiddenReason | null {
  if (!car.show_on_dealer_website) return "not_on_website";
  if (!isAvailable(car) && !soldWithinWindow(car, site, now)) return "sold_outside_window";

  const filters = site.search_filters;
  if (!filters.car_types.includes(car.car_type)) return "car_type_filtered";
  // Stock numbers are typed by hand into site.json; a case slip must not publish a car the dealer pulled.
  const excluded = new Set(filters.exclude_stocknums.map(normalised));
  if (car.stocknum && excluded.has(normalised(car.stocknum))) return "stocknum_excluded";
  if (filters.makes.length > 0 && !filters.makes.map(normalised).includes(normalised(car.make))) {
    return "make_filtered";
  }
  if (filters.in_stock_only && (car.status !== "in_stock" || isSold(car))) return "not_in_stock";
  if (filters.dealership_ids.length > 0 && !filters.dealership_ids.includes(car.dealership_id)) {
    return "dealership_filtered";
  }
  return null;
}

export function isVisible(car: Car, site: Site, now: Date): boolean {
  return hiddenReason(car, site, now) === null;
}

export type CarTag = {
  kind:
    | "fuel"
    | "reserved"
    | "certified"
    | "custom"
    | "coming_soon"
    | "just_arrived"
    | "sold"
    | "test_drive_only";
  label: string;
  image?: string;
};

/** Spec §4 just-arrived: created within `specifications.just_arrived_days` days (exactly N days still counts). */
export function justArrived(car: Car, site: Site, now: Date): boolean {
  const days = site.specifications.just_arrived_days;
  if (days === 0 || !car.created_at) return false;
  return now.getTime() - Date.parse(car.created_at) <= days * DAY_MS;
}

export function isTestDriveOnly(car: Car): boolean {
  return normalised(car.tag ?? "") === normalised(TEST_DRIVE_ONLY_TAG);
}

type FuelLabel = "Electric" | "Hybrid" | "Plug-in Hybrid";

/**
 * Feeds spell fuel many ways ("Hybrid Petrol/Electric", "PHEV", "Electric"); a petrol or diesel
 * engine alongside "electric" is a hybrid, not an EV.
 */
function fuelLabel(fuel: string | null | undefined): FuelLabel | null {
  const value = normalised(fuel ?? "");
  if (!value) return null;
  if (/plug-?\s?in|\bphev\b/.test(value)) return "Plug-in Hybrid";
  if (/hybrid|\bm?hev\b/.test(value) || (/electric/.test(value) && /petrol|diesel|unleaded/.test(value))) {
    return "Hybrid";
  }
  if (/electric|\bb?ev\b/.test(value)) return "Electric";
  return null;
}

/**
 * The one tag a car shows, in the spec's order (§4): fuel, reserved, certified used Toyota, custom
 * tag, coming soon, just arrived. Sold cars show the site's sold tag instead.
 */
export function carTag(car: Car, site: Site, now: Date): CarTag | null {
  if (isSold(car)) return { kind: "sold", label: site.specifications.sold_tag_name };

  const fuel = fuelLabel(car.simple_fuel) ?? fuelLabel(car.fuel);
  if (fuel) return { kind: "fuel", label: fuel };
  if (car.reserved) return { kind: "reserved", label: "Reserved" };
  if (car.certified && normalised(car.make) === "toyota" && car.car_type === "used") {
    return { kind: "certified", ...TOYOTA_CERTIFIED_BADGE };
  }
  const custom = car.tag?.trim();
  if (custom) {
    return isTestDriveOnly(car)
      ? { kind: "test_drive_only", label: TEST_DRIVE_ONLY_TAG }
      : { kind: "custom", label: custom };
  }
  if (car.status === "coming_soon") return { kind: "coming_soon", label: "Coming Soon" };
  if (justArrived(car, site, now))
    return { kind: "just_arrived", label: site.specifications.just_arrived_tag_name };
  return null;
}

export type PriceDisplay = {
  kind: "subscription" | "price" | "preorder" | "none";
  text: string;
  amount?: number;
  wasPrice?: number;
  wasText?: string;
};

/** Spec §4 price display: subscription, else price above 10, else PREORDER, else the site's no-price text. */
export function priceDisplay(car: Car, site: Site): PriceDisplay {
  const subscription = car.subscription_price ?? 0;
  if (subscription > 0) {
    return { kind: "subscription", text: `${formatMoney(subscription)}/wk`, amount: subscription };
  }
  if (car.price > PLACEHOLDER_PRICE_MAX) {
    const display: PriceDisplay = { kind: "price", text: formatMoney(car.price), amount: car.price };
    if (car.before_price != null && car.before_price > car.price) {
      display.wasPrice = car.before_price;
      display.wasText = formatMoney(car.before_price);
    }
    return display;
  }
  if (car.preorder) return { kind: "preorder", text: "PREORDER" };
  return { kind: "none", text: site.no_price_text };
}

/** Price type shown beside the price (e.g. "Drive Away", "Excl. Govt. Charges"). */
export function priceTypeText(car: Car): string | null {
  const type = car.price_type?.trim();
  if (!type || type.toLowerCase() === "null") return null;
  return type;
}

/** The price type beside a displayed price; none beside a weekly subscription, PREORDER or the no-price text. */
export function shownPriceType(car: Car, price: Pick<PriceDisplay, "kind">): string | null {
  return price.kind === "price" ? priceTypeText(car) : null;
}

/**
 * The car's sale price for machines (schema.org Offer, the ViewContent pixel): its price when above
 * the placeholder range, even when the page shows a weekly subscription first; else none.
 */
export function saleAmount(car: Pick<Car, "price">): number | null {
  return car.price > PLACEHOLDER_PRICE_MAX ? car.price : null;
}

/** A date-only value is already a calendar date; shifting it through a zone could move it a day. */
function expiryDate(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : calendarDate(new Date(value), STOCK_TIME_ZONE);
}

/** Registration runs until the end of its expiry day (Brisbane calendar). */
export function isRegoCurrent(regoExpiry: string, now: Date): boolean {
  return expiryDate(regoExpiry) >= calendarDate(now, STOCK_TIME_ZONE);
}

/** Spec §4 rego expiry: future (or today) "Expires on 31 Jan 2027"; past "Unregistered" on sites that say so. */
export function regoExpiryText(car: Car, site: Site, now: Date): string | null {
  if (!car.rego_expiry) return null;
  if (!isRegoCurrent(car.rego_expiry, now)) return site.features.show_unregistered ? "Unregistered" : null;
  return `Expires on ${formatCalendarDate(expiryDate(car.rego_expiry))}`;
}

/** Spec §9: car types are ordered new, demo, used. */
export const CAR_TYPE_ORDER: readonly CarType[] = ["new", "demo", "used"];

export function sortCarTypes(types: readonly CarType[]): CarType[] {
  return [...types].sort((a, b) => CAR_TYPE_ORDER.indexOf(a) - CAR_TYPE_ORDER.indexOf(b));
}

/** What a tenant sells, for titles and buttons: "Caravan" on caravan sites, else "Car". */
export function vehicleNoun(site: Pick<Site, "template">): "Car" | "Caravan" {
  return site.template === "caravan" ? "Caravan" : "Car";
}

/** Used cars read in the site's own word (e.g. "Pre-Owned"). */
export function carTypeLabel(carType: CarType, site: Site): string {
  if (carType === "used") return site.used_keyword;
  return carType === "new" ? "New" : "Demo";
}

/** Spec §4: the Favourite toggle is hidden when the car is out of stock or the site keeps no favourites. */
export function showsFavourite(car: Car, site: Site): boolean {
  return site.features.favourites && isAvailable(car);
}

/**
 * Spec §4/§5: the Compare toggle is hidden when the site keeps no local lists or the car is not in
 * stock (coming soon included); on sites that say so, also when the car is not used, is priced 0
 * or less, or has neither thumbnails nor images.
 */
export function showsCompare(car: Car, site: Site): boolean {
  if (!site.features.favourites || car.status !== "in_stock" || isSold(car)) return false;
  if (!site.features.compare_used_priced_with_photos) return true;
  const photos = (car.thumbnails?.length ?? 0) + car.images.filter((image) => !image.video).length;
  return car.car_type === "used" && car.price > 0 && photos > 0;
}
