/**
 * Rules of the vehicle detail page that are not finance or media (spec §2 detail page, §4 sold
 * state and sticky header, §5 reserve and history report, §9 limits and the used-car promise).
 * Pure: the page and its small scripts render what these return.
 */

import { RESERVE_HOLD_HOURS } from "~/features/payments/reservations";
import { makeModelPath } from "~/features/search/slugs";
import {
  bodyLabel,
  DEALER_COMMENTS_LIMIT,
  displayText,
  hasDealerComments,
  type SpecRow,
  specRows,
} from "~/features/stock/specifications";
import { carTypeLabel, isRegoCurrent, isSold, isTestDriveOnly } from "~/features/stock/stock";
import { ANALYTICS_EVENTS } from "~/lib/analytics";
import { formatMoney, formatNumber } from "~/lib/format";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";

/** Spec §9: the sticky header appears after this much scrolling; the mobile bar changes past 900. */
export const STICKY_HEADER_AFTER_PX = 500;
export const MOBILE_BAR_CHANGE_PX = 900;
/** Spec §9: 'Copied' notice 1.5 s and a share window of 550 × 400 (toasts: src/lib/ui/toast.client.ts). */
export const COPIED_NOTICE_MS = 1500;
export const SHARE_WINDOW = { width: 550, height: 400 } as const;
/** Spec §9: reserve deposit is held 48 hours and is 100% refundable (the hold's own rule). */
export { RESERVE_HOLD_HOURS } from "~/features/payments/reservations";
export const SOLD_MESSAGE = "Unfortunately this car recently sold";

/** Spec §4: the copy-link toast. */
export function copiedToast(carName: string): string {
  return `Copied ${carName} to your clipboard!`;
}

export interface DealerComments {
  /** Sanitized HTML (the feed loader sanitizes it). */
  html: string;
  /** Plain-text preview of the first 400 characters when the comments are longer, else null. */
  preview: string | null;
}

/** Spec §5/§9: empty or separator-only comments are pending; longer than 400 characters are truncated. */
export function dealerComments(
  html: string | null | undefined,
  limit = DEALER_COMMENTS_LIMIT,
): DealerComments | null {
  if (!hasDealerComments(html)) return null;
  // A line break or the end of a block (paragraph, list item, heading, cell) parts words as the
  // page shows them; other tags join what they wrap.
  const text = decodeEntities(
    (html ?? "")
      .replace(/<br\s*\/?>|<\/(?:p|li|div|h[1-6]|dt|dd|td|th|tr|blockquote)\s*>/gi, " ")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= limit) return { html: html ?? "", preview: null };
  const cut = text.slice(0, limit);
  // Cut at the last word boundary so the preview never ends mid-word.
  const lastSpace = cut.lastIndexOf(" ");
  const preview = `${(lastSpace > limit * 0.8 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
  return { html: html ?? "", preview };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'");
}

export interface Reserve {
  /** Deposit in dollars, or null when it is missing or $0 (spec §5: amount hidden). */
  deposit: number | null;
  text: string;
}

/**
 * Spec §5/§9 Reserve Online: only when checkout is enabled and the car can be bought (not sold);
 * deposit from the car, else the site's fallback ($200); held 48 hours, 100% refundable.
 */
export function reserveOnline(car: Car, site: Site): Reserve | null {
  if (!site.features.checkout || isSold(car) || car.reserved) return null;
  const amount = car.reserve_deposit ?? site.reserve_deposit;
  const deposit = amount > 0 ? amount : null;
  return {
    deposit,
    text:
      `Secure this ${vehicleWord(site)} with a ${deposit ? `${formatMoney(deposit)} ` : ""}fully refundable deposit. ` +
      `We hold it for you for ${RESERVE_HOLD_HOURS} hours while you arrange finance, a test drive or an inspection, and the deposit is 100% refundable.`,
  };
}

function vehicleWord(site: Site): string {
  return site.template === "caravan" ? "caravan" : "car";
}

/** Spec §9: the used-car promise shown under Why Buy From Us. */
export const USED_CAR_PROMISE = ["48 hour money back guarantee", "12 months roadside assist"] as const;

export interface Reason {
  title: string;
  text: string;
}

/**
 * The warranty a car comes with: its make's factory warranty when the tenant has one and the car is
 * new or demo, else the tenant's warranty copy (default '3 Year Warranty Standard').
 */
export function warrantyText(car: Car, site: Site): string {
  if (car.car_type !== "used") {
    const make = car.make.toLowerCase();
    for (const [name, text] of Object.entries(site.make_warranties))
      if (name.toLowerCase() === make) return text;
  }
  return site.warranty_text;
}

/** Why Buy From Us: the used-car promise for used cars, the dealership's strengths for all. */
export function whyBuyFromUs(car: Car, site: Site): Reason[] {
  const reasons: Reason[] = [];
  if (car.car_type === "used") {
    reasons.push(
      {
        title: "48 hour money back guarantee",
        text: "Change your mind within 48 hours of delivery and we will give you your money back.",
      },
      {
        title: "12 months roadside assist",
        text: "Every used vehicle comes with 12 months of roadside assistance.",
      },
    );
  }
  reasons.push(
    { title: warrantyText(car, site), text: "Peace of mind from the day you drive away." },
    {
      title: "Finance and trade-ins in one place",
      text: "Our team arranges finance and values your trade-in while you choose.",
    },
  );
  return reasons;
}

/**
 * What's Included: the warranty copy (spec §9 default '3 Year Warranty Standard'), for used cars the
 * promise, and registration only while it runs (an expiry today or later; a plate with no expiry).
 */
export function whatsIncluded(car: Car, site: Site, now: Date): string[] {
  const items = [warrantyText(car, site)];
  if (car.car_type === "used") items.push(...USED_CAR_PROMISE);
  const registered = car.rego_expiry ? isRegoCurrent(car.rego_expiry, now) : Boolean(car.regplate);
  if (registered) items.push("Current registration");
  if (car.car_type !== "new") items.push("Full vehicle inspection and detail before delivery");
  else items.push("Pre-delivery inspection and full tank of fuel");
  return items;
}

/** The checks every used car passes before sale (spec §2 "used-car checks"); none for new or demo. */
export function usedCarChecks(car: Car): string[] {
  if (car.car_type !== "used") return [];
  return [
    "PPSR check: no finance owing, not written off or stolen",
    "Odometer verified",
    "Multi-point mechanical inspection",
    "Service history reviewed",
  ];
}

/** Spec §5: the history report button needs the car's file, and the tenant's PPSR or Car Analysis plugin. */
export function historyReport(car: Car, site: Site): string | null {
  if (!car.file) return null;
  return site.plugins.includes("PPSR Report") || site.plugins.includes("Car Analysis") ? car.file : null;
}

/** Protect Your Car: the dealer's protection products (5-year mechanical protection on some dealers, spec §9). */
export function protectYourCar(car: Car, site: Site): Reason[] {
  const years = site.vdp_config.protection_years;
  return [
    {
      title: `${years}-year mechanical protection`,
      text:
        car.car_type === "new"
          ? "Extend cover beyond the manufacturer's warranty for major mechanical and electrical parts."
          : "Cover major mechanical and electrical parts, with claims paid directly to the repairer.",
    },
    {
      title: "Paint and interior protection",
      text: "Keep the showroom finish against stains, fading and bird droppings.",
    },
    { title: "Tyre and rim cover", text: "Repairs or replacement after road hazard damage." },
    { title: "Gap and comprehensive insurance", text: "Ask our business manager for a quote when you buy." },
  ];
}

/** Spec §3 caravan specs: rows for caravans only, empty ones dropped. */
export function caravanSpecRows(car: Car, site: Site): SpecRow[] {
  if (site.template !== "caravan" && !/caravan|camper/i.test(car.item_type ?? "")) return [];
  const rows: [string, number | string | null | undefined, string][] = [
    ["Sleeps", car.sleeps, ""],
    ["Body length", car.body_length, " mm"],
    ["Body width", car.body_width, " mm"],
    ["Tare weight", car.tare_weight, " kg"],
    ["Aggregate trailer mass (ATM)", car.aggregate_trailer_mass, " kg"],
    ["Axle type", car.axle_type, ""],
  ];
  return rows.flatMap(([label, value, unit]) => {
    const text = displayText(value);
    if (text === null) return [];
    return [{ label, value: typeof value === "number" ? `${formatNumber(value)}${unit}` : `${text}${unit}` }];
  });
}

/** Key information rows; a caravan's own specs move to the caravan section instead. */
const CARAVAN_SPEC_ROWS = new Set(["Sleeps", "Length", "Width", "Tare weight", "ATM", "Axles"]);
export function keyInformationRows(car: Car, site: Site): SpecRow[] {
  const rows = specRows(car);
  if (caravanSpecRows(car, site).length === 0) return rows;
  return rows.filter((row) => !CARAVAN_SPEC_ROWS.has(row.label));
}

export interface Crumb {
  label: string;
  /** Null for the page itself (the last crumb). */
  href: string | null;
}

const CAR_TYPE_SEARCH = {
  new: "/search/new-cars",
  demo: "/search/demo-cars",
  used: "/search/used-cars",
} as const;

/**
 * Spec §2 breadcrumbs: Home > car type > make > model > body > title. Each links to its search
 * (the body to the old sites' `/models?body=`, which redirects to the search refined by body); a
 * car with no body type skips that crumb; the title is the page itself.
 */
export function breadcrumbs(car: Car, site: Site): Crumb[] {
  const body = displayText(car.simple_body);
  return [
    { label: "Home", href: "/" },
    { label: carTypeLabel(car.car_type, site), href: CAR_TYPE_SEARCH[car.car_type] },
    { label: car.make, href: makeModelPath(car.make) },
    { label: car.model, href: makeModelPath(car.make, car.model) },
    ...(body ? [{ label: bodyLabel(body), href: `/models?body=${encodeURIComponent(body)}` }] : []),
    { label: car.name, href: null },
  ];
}

/** Spec §2: the banner of three links under the vehicle page (offers, service, selling a car). */
export const MORE_FROM_US_LINKS = [
  { label: "See our latest offers", href: "/special-offers" },
  { label: "Book your service online", href: "/service" },
  { label: "Sell your car", href: "/sell-my-car" },
] as const;

/** Spec §2 sticky header: "transmission and body" line. */
export function stickySubtitle(car: Car): string {
  return [car.simple_transmission, car.simple_body ? bodyLabel(car.simple_body) : null]
    .filter(Boolean)
    .join(" · ");
}

export type VehicleAction = "view" | "test_drive";

/**
 * Spec §7 vehicle-type analytics ids: a test-drive-only car is 17; a used car 15 (test drive 48);
 * any other car 14 (test drive 17).
 */
export function vehicleEventId(car: Pick<Car, "car_type" | "tag">, action: VehicleAction): number {
  if (isTestDriveOnly(car as Car)) return ANALYTICS_EVENTS.testDrive;
  if (car.car_type === "used")
    return action === "test_drive" ? ANALYTICS_EVENTS.usedTestDrive : ANALYTICS_EVENTS.usedVehicle;
  return action === "test_drive" ? ANALYTICS_EVENTS.testDrive : ANALYTICS_EVENTS.newVehicle;
}

/**
 * Spec §7 event 25 (phone tap) labels the car 'New Car' or 'Used Car' by the page path: a used
 * search or a used car's page is 'Used Car'.
 */
export function phoneTapLabel(path: string, carType?: Car["car_type"] | null): "New Car" | "Used Car" {
  if (/\/search\/used|used-cars|pre-?owned/i.test(path)) return "Used Car";
  return carType === "used" ? "Used Car" : "New Car";
}

/** Trade-in against this car (spec §2: only when allowed). */
export function tradeInLink(car: Car, site: Site): string | null {
  return site.features.trade_in && !isSold(car) ? `/cars/trade-in?car_id=${car.id}` : null;
}

/** The fixed fields every form on a car's page sends (spec §3 enquiry defaults). */
export function carLeadFields(car: Car): Record<string, string | number> {
  return {
    car_id: car.id,
    stock_number: car.stocknum ?? "",
    manufacturer_slug: car.make.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    "Vehicle Make": car.make,
    "Vehicle Model": car.model,
    car_type: car.car_type,
    vehicle_status: car.status,
    ...(car.vin ? { vin: car.vin } : {}),
    ...(car.dealership_slug ? { dealership_slug: car.dealership_slug } : {}),
    ...(car.location_id != null ? { location: car.location_id } : {}),
    page_id: "vehicle-detail",
  };
}

/** A short line under the car's name: type, km, transmission, fuel. */
export function quickFacts(car: Car, site: Site): string[] {
  return [
    carTypeLabel(car.car_type, site),
    car.km != null ? `${formatNumber(car.km)} km` : null,
    car.simple_transmission,
    car.simple_fuel,
  ].filter((fact): fact is string => Boolean(fact));
}
