/**
 * What an ADF document says besides the lead itself: the car and dealership location it is about,
 * found in the tenant snapshot, and the time zone its dates are written in.
 */
import { TZDate } from "@date-fns/tz";
import { DEFAULT_TIME_ZONE, STATE_TIME_ZONES } from "~/features/locations/locations";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import type { Location } from "~/tenant/schemas/locations";
import type { TenantData } from "~/tenant/tenant.server";

/** A stored lead as the outbox reads it: its kind, the fields the form sent (without `kind`). */
export interface AdfLead {
  id: string;
  /** A lead kind (LEAD_KINDS), or a notice: "unsubscribe", "online_payment". */
  kind: string;
  fields: Record<string, unknown>;
  created_at: Date;
}

/** What the document says besides the lead itself. */
export interface AdfContext {
  site: Site;
  /** The stock car the lead is about, from the tenant snapshot. */
  car: Car | null;
  /** The dealership location the lead is for: the <vendor>. */
  location: Location | null;
  /** IANA zone the request date is written in: the location's. */
  timeZone: string;
  /** A trade-in valuation is sent only when a real provider made it, never the local stand-in's. */
  valuationFromProvider: boolean;
}

export interface AdfContextOptions {
  valuationFromProvider: boolean;
}

// ---------------------------------------------------------------- time zones

export const STATE_NAMES: Record<string, string> = {
  queensland: "qld",
  "new south wales": "nsw",
  "australian capital territory": "act",
  victoria: "vic",
  tasmania: "tas",
  "south australia": "sa",
  "northern territory": "nt",
  "western australia": "wa",
};

/** "qld", "QLD" or "Queensland" → "Australia/Brisbane"; null for anything else. */
export function timeZoneForState(state: string | null | undefined): string | null {
  const key = state?.trim().toLowerCase() ?? "";
  const abbreviation = Object.hasOwn(STATE_NAMES, key) ? (STATE_NAMES[key] as string) : key;
  return Object.hasOwn(STATE_TIME_ZONES, abbreviation) ? (STATE_TIME_ZONES[abbreviation] as string) : null;
}

/** ISO 8601 with the zone's offset and no fraction: "2026-11-26T14:05:00+10:00". */
export function isoInZone(instant: Date, timeZone: string): string {
  return new TZDate(instant.getTime(), timeZone).toISOString().replace(/\.\d+(?=[+-]|Z$)/, "");
}

export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A requested date and time: the forms send the dealership's wall-clock time ("2026-06-20T10:30"),
 * which is written with that zone's offset; one that already has an offset is kept as that instant.
 */
export function requestedTime(value: string, timeZone: string): string | null {
  const local = LOCAL_DATE_TIME.exec(value);
  if (local) {
    const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = local
      .slice(1)
      .map((part) => Number(part ?? 0));
    const instant = new TZDate(year, month - 1, day, hour, minute, second, timeZone);
    return isoInZone(instant, timeZone);
  }
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : isoInZone(instant, timeZone);
}

// ---------------------------------------------------------------- finding the car and location

export const sameId = (a: unknown, b: unknown) =>
  a != null && b != null && String(a).trim() === String(b).trim();
export const sameText = (a: unknown, b: unknown) =>
  typeof a === "string" &&
  typeof b === "string" &&
  a.trim() !== "" &&
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** The car by the id the form carried, else by its VIN, else by its stock number. */
export function findCar(cars: readonly Car[], fields: Record<string, unknown>): Car | null {
  return (
    cars.find((car) => sameId(car.id, fields.car_id)) ??
    cars.find((car) => sameText(car.vin, fields.vin)) ??
    cars.find((car) => sameText(car.stocknum, fields.stock_number)) ??
    null
  );
}

/** A dealership's location for a lead: the car's own if it is one of them, else its primary sales yard. */
export function dealershipLocation(locations: readonly Location[], car: Car | null): Location | null {
  const rank = (location: Location) =>
    (location.id === car?.location_id ? 0 : 8) +
    (location.primary ? 0 : 4) +
    (location.location_type === "sales" || location.location_type === "" ? 0 : 2) +
    (location.visible ? 0 : 1);
  return [...locations].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}

/**
 * The location the shopper chose (location_id, location), else the dealership they chose
 * (dealership_slug, preferredDealership, a trade-in's car_dealership_id), else the car's, else
 * the site's primary location.
 */
export function findLocation(
  data: Pick<TenantData, "site" | "locations">,
  fields: Record<string, unknown>,
  car: Car | null,
): Location | null {
  const { locations, site } = data;
  const chosen = locations.find((l) => sameId(l.id, fields.location_id) || sameId(l.id, fields.location));
  if (chosen) return chosen;
  for (const wanted of [fields.dealership_slug, fields.preferredDealership]) {
    const dealership = site.dealerships.find((d) => sameText(d.slug, wanted) || sameText(d.name, wanted));
    if (dealership) {
      const found = dealershipLocation(
        locations.filter((l) => l.dealership_slug === dealership.slug || l.dealership_id === dealership.id),
        car,
      );
      if (found) return found;
    }
  }
  if (fields.car_dealership_id != null) {
    const found = dealershipLocation(
      locations.filter((l) => sameId(l.dealership_id, fields.car_dealership_id)),
      car,
    );
    if (found) return found;
  }
  if (car) {
    const own = locations.find((l) => l.id === car.location_id);
    if (own) return own;
    const found = dealershipLocation(
      locations.filter((l) => l.dealership_id === car.dealership_id),
      car,
    );
    if (found) return found;
  }
  return dealershipLocation(locations, null);
}

/** The car and location a lead is about, from the tenant snapshot, and the time zone it is written in. */
export function adfContextFor(
  data: Pick<TenantData, "site" | "cars" | "locations">,
  lead: AdfLead,
  options: AdfContextOptions,
): AdfContext {
  const car = findCar(data.cars, lead.fields);
  const location = findLocation(data, lead.fields, car);
  const timeZone =
    timeZoneForState(location?.address.state) ??
    timeZoneForState(data.site.default_state) ??
    DEFAULT_TIME_ZONE;
  return { site: data.site, car, location, timeZone, valuationFromProvider: options.valuationFromProvider };
}
