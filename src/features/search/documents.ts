/**
 * Search documents: what the search index holds for each published car. Field names are the
 * spec's search-state names (§3), so refinement URLs from the old sites map one to one. Display
 * text (price, tag) is computed here at build time, so the search island ships no pricing rules.
 */
import { weeklyChip } from "~/features/finance/finance";
import { carPictures } from "~/features/media/media";
import { bodyLabel } from "~/features/stock/specifications";
import {
  carTag,
  carTypeLabel,
  isSold,
  isTestDriveOnly,
  priceDisplay,
  shownPriceType,
} from "~/features/stock/stock";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import { isTenantIndexUid } from "~/tenant/schemas/search";
import { rankOf } from "./pack";
import { priceRangeOf } from "./price-ranges";
import { priceBand } from "./results";

export interface CarSearchDocument {
  [key: string]: unknown;
  id: number;
  slug: string;
  name: string;
  make: string;
  model: string;
  /** "Toyota > HiLux": the hierarchical make/model facet of the old sites. */
  make_model: string;
  badge: string | null;
  year: number;
  price: number;
  /** Lower bound of the price's band, for the slider's histogram. */
  price_band: number | null;
  /** The price-range facet's value ("$10,000 - $20,000"), listed by lower bound. */
  price_range: string | null;
  subscription_price: number | null;
  km: number | null;
  car_type: Car["car_type"];
  /** Display name of the car type ("Pre-Owned" on some sites). */
  car_type_label: string;
  status: Car["status"];
  sold: boolean;
  body: string | null;
  body_label: string | null;
  transmission: string | null;
  fuel: string | null;
  drive: string | null;
  colour: string | null;
  seats: number | null;
  state: string | null;
  city: string | null;
  location_name: string | null;
  dealership_name: string | null;
  dealership_slug: string | null;
  certified: boolean;
  item_type: string | null;
  tag: string | null;
  tag_kind: string | null;
  tag_image: string | null;
  test_drive_only: boolean;
  filtered_features: string[];
  stocknum: string | null;
  created_at_timestamp: number;
  /** Custom ranking, highest first: available before sold, then newest first. */
  rank: number;
  price_text: string;
  was_text: string | null;
  price_type: string | null;
  /** Spec §5 weekly chip: the lender's whole-dollar weekly estimate, when above 0 and shown. */
  weekly: number | null;
  image: string;
  reserve_deposit: number | null;
  /** Caravan berths (spec §3 caravan specs), for sites whose cards list them. */
  sleeps: number | null;
}

function seconds(iso: string | null | undefined): number {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? 0 : Math.floor(time / 1000);
}

export function toSearchDocument(
  car: Car,
  site: Site,
  now: Date,
  names: { dealerships: ReadonlyMap<number, { name: string; slug: string }> },
): CarSearchDocument {
  const price = priceDisplay(car, site);
  const tag = carTag(car, site, now);
  const sold = isSold(car);
  const created = seconds(car.created_at);
  return {
    id: car.id,
    slug: car.slug,
    name: car.name,
    make: car.make,
    model: car.model,
    make_model: `${car.make} > ${car.model}`,
    badge: car.badge ?? null,
    year: car.year,
    price: car.price,
    price_band: priceBand(car.price),
    price_range: priceRangeOf(car.price),
    subscription_price: car.subscription_price ?? null,
    km: car.km ?? null,
    car_type: car.car_type,
    car_type_label: carTypeLabel(car.car_type, site),
    status: sold ? "sold" : car.status,
    sold,
    body: car.simple_body ?? null,
    body_label: car.simple_body ? bodyLabel(car.simple_body) : null,
    transmission: car.simple_transmission ?? null,
    fuel: car.simple_fuel ?? null,
    drive: car.simple_drive ?? null,
    colour: car.colour ?? null,
    seats: car.seats ?? null,
    state: car.state ? car.state.toUpperCase() : null,
    city: site.override_city ?? car.city ?? null,
    location_name: car.location_name ?? null,
    dealership_name: names.dealerships.get(car.dealership_id)?.name ?? null,
    dealership_slug: names.dealerships.get(car.dealership_id)?.slug ?? car.dealership_slug ?? null,
    certified: car.certified === true,
    item_type: car.item_type ?? null,
    tag: tag?.label ?? null,
    tag_kind: tag?.kind ?? null,
    tag_image: tag?.image ?? null,
    test_drive_only: isTestDriveOnly(car),
    filtered_features: car.standardEquipment ?? [],
    stocknum: car.stocknum ?? null,
    created_at_timestamp: created,
    rank: rankOf(sold ? "sold" : car.status, created),
    price_text: price.text,
    was_text: price.wasText ?? null,
    price_type: shownPriceType(car, price),
    weekly: weeklyChip(car, site, now),
    image: carPictures(car)[0]?.url ?? "",
    reserve_deposit: car.reserve_deposit ?? null,
    sleeps: car.sleeps ?? null,
  };
}

/** The index uid of a tenant: `cars-{slug}`, or its site.json index when that only adds a suffix. */
export function indexUid(site: Site): string {
  const configured = site.search_service?.index;
  if (configured === undefined) return `cars-${site.slug}`;
  if (!isTenantIndexUid(site.slug, configured)) {
    throw new Error(
      `search_service.index "${configured}" is not cars-${site.slug} or cars-${site.slug}_<suffix>`,
    );
  }
  return configured;
}

/** Every published car as a search document, in custom-rank order (available and newest first). */
export function searchDocuments(cars: readonly Car[], site: Site, now: Date): CarSearchDocument[] {
  const dealerships = new Map(site.dealerships.map((d) => [d.id, { name: d.name, slug: d.slug }]));
  return cars.map((car) => toSearchDocument(car, site, now, { dealerships })).sort((a, b) => b.rank - a.rank);
}
