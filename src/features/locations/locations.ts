/**
 * Location rules from the spec: phone formatting and de-duplication (§5), opening and holiday hours
 * (§4, §9), location order (§9) and whether a location is open now. Pure: `now` and the time zone
 * come in as arguments.
 */

import { formatWeekdayDate, WEEKDAYS, zonedParts } from "~/lib/dates";
import type { LocationsBlockVariant } from "~/tenant/schema";
import type { Location, OpeningHour, SpecialHour } from "~/tenant/schemas/locations";

/** Dealer hours are Queensland time unless a location says otherwise (spec §9 default state qld). */
export const DEFAULT_TIME_ZONE = "Australia/Brisbane";

/** IANA zone of each state and territory; NSW's far west (Broken Hill) is the rare exception. */
export const STATE_TIME_ZONES: Record<string, string> = {
  qld: "Australia/Brisbane",
  nsw: "Australia/Sydney",
  act: "Australia/Sydney",
  vic: "Australia/Melbourne",
  tas: "Australia/Hobart",
  sa: "Australia/Adelaide",
  nt: "Australia/Darwin",
  wa: "Australia/Perth",
};

export function locationTimeZone(location: Pick<Location, "address">): string {
  return STATE_TIME_ZONES[location.address.state.trim().toLowerCase()] ?? DEFAULT_TIME_ZONE;
}

/** A site's own clock for dates it shows: its first location's zone, else its default state's. */
export function siteTimeZone(locations: readonly Pick<Location, "address">[], defaultState: string): string {
  const first = locations[0];
  return first ? locationTimeZone(first) : (STATE_TIME_ZONES[defaultState] ?? DEFAULT_TIME_ZONE);
}

/** Spec §9: a day with no opening hours reads "Closed". */
export const CLOSED_LABEL = "Closed";

/**
 * Australian numbers in national form ("0731234567"), or the number's own digits when it is not an
 * Australian number we recognise. Non-Australian international numbers keep their "+".
 */
function dialString(raw: string): string {
  const compact = raw
    .trim()
    .replace(/\(0\)/g, "")
    .replace(/[\s().-]/g, "");
  const international = /^(?:\+61|0061)(\d+)$/.exec(compact) ?? /^61(\d{9})$/.exec(compact);
  if (international?.[1]) return `0${international[1].replace(/^0/, "")}`;
  return compact.startsWith("+") ? `+${compact.replace(/\D/g, "")}` : compact.replace(/\D/g, "");
}

/**
 * Spec §5 phone format: leading +61 becomes 0 and 10-digit numbers split 2-4-4 ("07 3123 4567").
 * libphonenumber-js would group mobiles and 1300 numbers the ACMA way ("0412 345 678"); the spec asks
 * for 2-4-4 on every 10-digit number, so this is done by hand. Anything else is shown as given.
 */
export function formatPhone(raw: string): string {
  const digits = dialString(raw);
  if (!/^\d{10}$/.test(digits)) return raw.trim();
  return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
}

/** The digits that identify a number: "+61 7 3123 4567" and "(07) 3123-4567" are both "0731234567". */
export function phoneDigits(raw: string): string {
  return dialString(raw).replace(/\D/g, "");
}

export function telHref(raw: string): string {
  return `tel:${dialString(raw)}`;
}

/** Spec §5: numbers equal by digits are the same number; the first spelling is kept. */
export function uniquePhones(phones: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const phone of phones) {
    const digits = phone ? phoneDigits(phone) : "";
    if (!phone || !digits || seen.has(digits)) continue;
    seen.add(digits);
    unique.push(phone);
  }
  return unique;
}

/**
 * Spec §5 "Phone duplicates ignored by digits only when de-duplicating locations": a location whose
 * phone (by digits) an earlier location already lists is dropped, so a sales yard and its service
 * desk sharing a switchboard show one number. Locations without a phone duplicate nothing and stay.
 */
export function dedupeLocationPhones(locations: readonly Location[]): Location[] {
  const seen = new Set<string>();
  return locations.filter((location) => {
    const digits = location.contact_detail.phone ? phoneDigits(location.contact_detail.phone) : "";
    if (!digits) return true;
    if (seen.has(digits)) return false;
    seen.add(digits);
    return true;
  });
}

/** "08:00" → "8:00am", "12:30" → "12:30pm", "00:00" → "12:00am". */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const suffix = hours < 12 ? "am" : "pm";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, "0")}${suffix}`;
}

function hoursText(open: string | null | undefined, close: string | null | undefined): string | null {
  return open && close ? `${formatTime(open)} - ${formatTime(close)}` : null;
}

/** Weekday numbers (0 Sunday) in the order the hours table lists them: Monday first. */
const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

function dayText(hour: OpeningHour | undefined): string {
  if (!hour || hour.status === "Closed") return CLOSED_LABEL;
  return hour.formated_hours?.trim() || hoursText(hour.open, hour.close) || "Open";
}

export type OpeningHoursRow = { label: string; text: string };

/**
 * The opening-hours table, Monday to Sunday (spec §9): Mon-Fri collapse to one row when all five
 * read the same. A location with no hours at all gets no table rather than a week of "Closed".
 */
export function openingHoursRows(hours: readonly OpeningHour[]): OpeningHoursRow[] {
  if (hours.length === 0) return [];
  const rows = WEEK_FROM_MONDAY.map((weekday) => ({
    label: WEEKDAYS[weekday],
    text: dayText(hours.find((hour) => hour.weekday === weekday)),
  }));
  const weekdays = rows.slice(0, 5);
  if (weekdays.every((row) => row.text === weekdays[0]?.text)) {
    return [{ label: "Mon - Fri", text: weekdays[0]?.text ?? CLOSED_LABEL }, ...rows.slice(5)];
  }
  return rows;
}

function specialHoursText(special: SpecialHour): string | null {
  return (
    hoursText(special.start_hour, special.end_hour) ?? hoursText(special.hours?.begin, special.hours?.end)
  );
}

export type HolidayHoursRow = {
  /** YYYY-MM-DD. */
  date: string;
  /** "Fri 25 Dec". */
  label: string;
  /** "9:00am - 1:00pm". */
  hours: string;
  /** "Fri 25 Dec: 9:00am - 1:00pm". */
  text: string;
  /** Why the hours differ (e.g. "Christmas Day"), when the feed says. */
  name?: string;
};

/**
 * Spec §4 "Holiday hours list only dates with hours": upcoming special days (today onwards, in the
 * location's zone) that open, soonest first. A day marked Closed is left out even if the feed carries
 * leftover times for it, because listing times for a closed day would send shoppers to a locked gate.
 */
export function holidayHours(
  special: readonly SpecialHour[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): HolidayHoursRow[] {
  const today = zonedParts(now, timeZone).date;
  return special
    .filter((day) => day.date >= today && day.status !== "Closed")
    .flatMap((day) => {
      const hours = specialHoursText(day);
      if (!hours) return [];
      const label = formatWeekdayDate(day.date);
      const row: HolidayHoursRow = { date: day.date, label, hours, text: `${label}: ${hours}` };
      if (day.name) row.name = day.name;
      return [row];
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Spec §9 location order; empty means sales and service-and-parts sits with service (§3). */
export const LOCATION_TYPE_ORDER = ["sales", "service", "parts"] as const;

function locationTypeRank(location: Location): number {
  const type = location.location_type === "" ? "sales" : location.location_type;
  return LOCATION_TYPE_ORDER.indexOf(type === "service-and-parts" ? "service" : type);
}

/** Cards a grid (light or dark) shows on the home page before "All N locations". */
export const LOCATIONS_GRID_LIMIT = 6;

export interface LocationsBlockView {
  variant: LocationsBlockVariant;
  /** The locations shown, sales, service, parts. */
  shown: Location[];
  /** The tenant's count, for "All N locations" when not all are shown. */
  total: number;
  /**
   * Carousel only (spec §9 "Locations: more than 3 removes swipe-hint hiding; more than 4 widens
   * items"): the swipe hint shows from 4 locations, when they no longer fit a phone's row; from 5
   * each item takes a wider share of the row, so the last one always peeks in as a cue.
   */
  swipeHint: boolean;
  wide: boolean;
}

/**
 * What the home page's locations block shows. `single` is one card, the main location (the first
 * in sales, service, parts order); `grid` and its `dark` variant show up to LOCATIONS_GRID_LIMIT;
 * the Our Locations `carousel` scrolls through all of them.
 */
export function locationsBlockView(
  variant: LocationsBlockVariant,
  locations: readonly Location[],
): LocationsBlockView {
  const sorted = sortLocations(locations);
  const shown =
    variant === "single"
      ? sorted.slice(0, 1)
      : variant === "carousel"
        ? sorted
        : sorted.slice(0, LOCATIONS_GRID_LIMIT);
  const carousel = variant === "carousel";
  return {
    variant,
    shown,
    total: sorted.length,
    swipeHint: carousel && sorted.length > 3,
    wide: carousel && sorted.length > 4,
  };
}

/** Sales, service, parts; within a type the primary location first, then by name. */
export function sortLocations(locations: readonly Location[]): Location[] {
  return [...locations].sort(
    (a, b) =>
      locationTypeRank(a) - locationTypeRank(b) ||
      Number(b.primary) - Number(a.primary) ||
      a.name.localeCompare(b.name, "en-AU"),
  );
}

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

function withinHours(minutes: number, open: string | null | undefined, close: string | null | undefined) {
  return open != null && close != null && minutes >= minutesOf(open) && minutes < minutesOf(close);
}

/**
 * Whether the location is open at `now` in its zone. A special day overrides the weekly hours; a
 * special day marked Open without times falls back to them. Hours given only as free text
 * (`formated_hours`) cannot be checked, so they count as closed rather than promise an open door.
 */
export function isOpenNow(
  hours: readonly OpeningHour[],
  special: readonly SpecialHour[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  const local = zonedParts(now, timeZone);
  const today = special.find((day) => day.date === local.date);
  if (today?.status === "Closed") return false;
  if (today) {
    const open = today.start_hour ?? today.hours?.begin;
    const close = today.end_hour ?? today.hours?.end;
    if (open && close) return withinHours(local.minutes, open, close);
  }
  const regular = hours.find((hour) => hour.weekday === local.weekday);
  if (!regular || regular.status === "Closed") return false;
  return withinHours(local.minutes, regular.open, regular.close);
}

const SCHEMA_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** schema.org AutoDealer for a location page (address, geo, phone, opening hours, rating). */
export function autoDealerJsonLd(
  location: Location,
  siteUrl: string,
  pageUrl: string,
): Record<string, unknown> {
  const { address } = location;
  const phone = location.contact_detail?.phone;
  const hours = (location.contact_detail?.opening_hours ?? []).filter(
    (hour) => hour.status === "Open" && hour.open && hour.close,
  );
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: location.name,
    url: pageUrl,
    ...(location.image ? { image: new URL(location.image, siteUrl).href } : {}),
    ...(phone ? { telephone: formatPhone(phone) } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.state.toUpperCase(),
      postalCode: address.postcode,
      addressCountry: "AU",
    },
    geo: { "@type": "GeoCoordinates", latitude: address.lat, longitude: address.long },
    ...(hours.length
      ? {
          openingHoursSpecification: hours.map((hour) => ({
            "@type": "OpeningHoursSpecification",
            dayOfWeek: `https://schema.org/${SCHEMA_DAYS[hour.weekday]}`,
            opens: hour.open,
            closes: hour.close,
          })),
        }
      : {}),
    ...(location.reviews && location.reviews.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: location.reviews.average_rating,
            reviewCount: location.reviews.count,
          },
        }
      : {}),
  };
}

/** Spec §9: maps open at zoom 10. */
export const MAP_ZOOM = 10;

/**
 * An embeddable OpenStreetMap of a location at the given zoom: the bounding box a 640 × 360 map
 * covers at that zoom (Web Mercator: 256 px tiles, 360° / 2^zoom per tile), with a marker.
 */
export function mapEmbedUrl(
  lat: number,
  long: number,
  zoom = MAP_ZOOM,
  size = { width: 640, height: 360 },
): string {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  const halfWidth = (size.width / 2) * degreesPerPixel;
  const halfHeight = (size.height / 2) * degreesPerPixel * Math.cos((lat * Math.PI) / 180);
  const bbox = [long - halfWidth, lat - halfHeight, long + halfWidth, lat + halfHeight]
    .map((n) => n.toFixed(5))
    .join(",");
  return `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${lat.toFixed(5)}%2C${long.toFixed(5)}`;
}

/** `/our-location/{slug}` or `/locations/{slug}` → the location's page, `/contact-us/{slug}`. */
export function locationAliasRedirect(pathname: string): string | null {
  const match = /^\/(?:our-location|locations)\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(pathname);
  return match ? `/contact-us/${match[1]}` : null;
}
