/**
 * Google Merchant Center vehicle ads primary feed (support.google.com/merchants/answer/11192663 and
 * its attribute pages), as RSS 2.0 with the `g:` namespace. Every row is checked against
 * `googleVehicleSchema` before it is written; a car that would break Google's rules is left out
 * with the reason.
 */
import { z } from "zod";
import { absolutePhotoUrls } from "~/features/media/media";
import { priceDisplay } from "~/features/stock/stock";
import { vehicleCanonical, vehicleDescription } from "~/features/vehicle/json-ld";
import { escapeMarkup } from "~/lib/escape";
import type { Car } from "~/tenant/schemas/car";
import {
  carLocation,
  clip,
  type FeedExclusion,
  type FeedSource,
  isRecreationalVehicle,
  issuesText,
  listedPrice,
  type Mapped,
  mapCars,
  notForSale,
  odometerKm,
  oneLineAddress,
  plainText,
  priceText,
  storeCode,
  VIN_PATTERN,
} from "./syndication";

export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";
export const GOOGLE_TITLE_MAX = 150;
export const GOOGLE_DESCRIPTION_MAX = 5000;
export const GOOGLE_ADDITIONAL_IMAGES_MAX = 10;
/** Google's product taxonomy: Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans. */
export const GOOGLE_PRODUCT_CATEGORY = "916";

export const GOOGLE_BODY_STYLES = [
  "convertible",
  "coupe",
  "crossover",
  "full size van",
  "hatchback",
  "minivan",
  "sedan",
  "station wagon",
  "suv",
  "truck",
] as const;
export const GOOGLE_ENGINES = [
  "gasoline",
  "diesel",
  "electric",
  "hybrid",
  "lpg",
  "methane",
  "natural_gas",
  "plug-in_hybrid",
  "other",
] as const;
export const GOOGLE_TRANSMISSIONS = ["automatic", "manual"] as const;
/**
 * Australia requires the price's type: drive away (or estimated drive away) for new cars, drive
 * away or excluding government charges for used cars.
 */
export const GOOGLE_PRICE_TYPES = [
  "drive_away_price",
  "estimated_drive_away_price",
  "excluding_government_charges_price",
] as const;

const text = (max: number, missing: string) =>
  z.string({ error: missing }).min(1, missing).max(max, `longer than ${max} characters`);
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });

export const googleVehicleSchema = z
  .object({
    id: text(50, "no id"),
    title: text(GOOGLE_TITLE_MAX, "no title"),
    description: text(GOOGLE_DESCRIPTION_MAX, "no description"),
    link: httpsUrl,
    image_link: httpsUrl.optional().refine((value) => value !== undefined, "no photo"),
    additional_image_link: z.array(httpsUrl).max(GOOGLE_ADDITIONAL_IMAGES_MAX),
    price: z
      .string()
      .regex(/^\d+(\.\d{2})? AUD$/, 'must read "<amount> AUD"')
      .refine((value) => Number.parseFloat(value) > 0, "price must be above 0"),
    vehicle_price_type: z.enum(GOOGLE_PRICE_TYPES, {
      error: "price type must be Drive Away or Excl. Government Charges (Google requires it in Australia)",
    }),
    condition: z.enum(["new", "used"]),
    "certified_pre-owned": z.enum(["yes", "no"]),
    vin: z.string({ error: "no VIN" }).regex(VIN_PATTERN, "VIN must be 17 letters and digits (no I, O or Q)"),
    brand: text(70, "no make"),
    make: text(70, "no make"),
    model: text(150, "no model"),
    year: z.number().int().min(1900).max(2100),
    mileage: z.string({ error: "no odometer reading" }).regex(/^\d+ km$/, 'must read "<whole number> km"'),
    color: text(100, "no colour"),
    trim: z.string().max(150).optional(),
    body_style: z.enum(GOOGLE_BODY_STYLES).optional(),
    engine: z.enum(GOOGLE_ENGINES).optional(),
    transmission: z.enum(GOOGLE_TRANSMISSIONS).optional(),
    vehicle_fulfillment: z.object({
      option: z.literal("in_store"),
      store_code: text(64, "no store code"),
    }),
    store_code: text(64, "no store code"),
    dealership_name: text(150, "no dealership name"),
    dealership_address: text(500, "no dealership address"),
    google_product_category: z.literal(GOOGLE_PRODUCT_CATEGORY),
  })
  .superRefine((row, ctx) => {
    const newPrice = ["drive_away_price", "estimated_drive_away_price"];
    if (row.condition === "new" && !newPrice.includes(row.vehicle_price_type)) {
      ctx.addIssue({
        code: "custom",
        path: ["vehicle_price_type"],
        message: "a new car's price must be drive away in Australia",
      });
    }
  });

export type GoogleVehicle = z.infer<typeof googleVehicleSchema>;

const BODY_STYLES: Record<string, GoogleVehicle["body_style"]> = {
  convertible: "convertible",
  coupe: "coupe",
  hatch: "hatchback",
  hatchback: "hatchback",
  sedan: "sedan",
  suv: "suv",
  wagon: "station wagon",
  ute: "truck",
  cabchassis: "truck",
  van: "full size van",
  peoplemover: "minivan",
};

const key = (value: string | null | undefined) => (value ?? "").toLowerCase().replace(/[^a-z]/g, "");

/** The feed's fuel in Google's words: "Plug-in Hybrid" before "Hybrid", "Petrol" as gasoline. */
export function googleEngine(car: Car): GoogleVehicle["engine"] {
  const fuel = `${car.simple_fuel ?? ""} ${car.fuel ?? ""}`.toLowerCase();
  if (/plug-?\s?in|phev/.test(fuel)) return "plug-in_hybrid";
  if (/hybrid/.test(fuel)) return "hybrid";
  if (/electric/.test(fuel)) return "electric";
  if (/diesel/.test(fuel)) return "diesel";
  if (/lpg/.test(fuel)) return "lpg";
  if (/petrol|unleaded|gasoline/.test(fuel)) return "gasoline";
  return undefined;
}

/** "Drive Away", "Excl. Government Charges", "Estimated Drive Away" in Google's words. */
export function googlePriceType(priceType: string | null): string | undefined {
  const value = key(priceType);
  if (value.includes("drive") && value.includes("away")) {
    return value.includes("estimated") ? "estimated_drive_away_price" : "drive_away_price";
  }
  if (value.startsWith("excl") && value.includes("gov")) return "excluding_government_charges_price";
  return undefined;
}

/** Google lists used cars as used; a demonstrator has been registered, so it is used too. */
export function googleCondition(car: Car): { condition: "new" | "used"; certified: "yes" | "no" } {
  if (car.car_type === "new") return { condition: "new", certified: "no" };
  return { condition: "used", certified: car.certified === true && car.car_type === "used" ? "yes" : "no" };
}

/** One car as a Google vehicle ads row, or why Google must not get it. */
export function googleVehicle(car: Car, source: FeedSource): Mapped<GoogleVehicle> {
  const unsold = notForSale(car);
  if (unsold) return { ok: false, reason: unsold };
  if (car.status !== "in_stock") {
    return { ok: false, reason: "coming soon: Google lists cars that are at the dealership now" };
  }
  if (isRecreationalVehicle(car)) {
    return {
      ok: false,
      reason: `${car.item_type || car.simple_body}: Google vehicle ads take passenger cars and utes only`,
    };
  }
  const price = listedPrice(car, source.site);
  if (!price.ok) return price;
  const location = carLocation(car, source.locations);
  if (!location) {
    return {
      ok: false,
      reason: `location ${car.location_id ?? "(none)"} is not in locations.json: no store code`,
    };
  }
  const [image, ...more] = absolutePhotoUrls(car, source.site.url);
  const km = odometerKm(car);
  const { condition, certified } = googleCondition(car);
  const code = storeCode(location);
  const candidate = {
    id: String(car.id),
    title: clip(car.name, GOOGLE_TITLE_MAX),
    description: clip(
      vehicleDescription(car, source.site, priceDisplay(car, source.site).text, location),
      GOOGLE_DESCRIPTION_MAX,
    ),
    link: vehicleCanonical(car, source.site),
    image_link: image,
    additional_image_link: more.slice(0, GOOGLE_ADDITIONAL_IMAGES_MAX),
    price: priceText(price.row.amount),
    vehicle_price_type: googlePriceType(price.row.priceType),
    condition,
    "certified_pre-owned": certified,
    vin: car.vin?.trim().toUpperCase() || undefined,
    brand: plainText(car.make),
    make: plainText(car.make),
    model: plainText(car.model),
    year: car.year,
    mileage: km === null ? undefined : `${km} km`,
    color: car.colour ? plainText(car.colour) : undefined,
    trim: car.badge ? plainText(car.badge) : undefined,
    body_style: BODY_STYLES[key(car.simple_body)],
    engine: googleEngine(car),
    transmission: GOOGLE_TRANSMISSIONS.find((value) => key(car.simple_transmission) === value),
    vehicle_fulfillment: { option: "in_store", store_code: code },
    store_code: code,
    dealership_name: plainText(location.name),
    dealership_address: oneLineAddress(location),
    google_product_category: GOOGLE_PRODUCT_CATEGORY,
  };
  const parsed = googleVehicleSchema.safeParse(candidate);
  return parsed.success
    ? { ok: true, row: parsed.data }
    : { ok: false, reason: issuesText(parsed.error.issues) };
}

const element = (name: string, value: string) => `<g:${name}>${escapeMarkup(value)}</g:${name}>`;

function itemXml(row: GoogleVehicle): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(row)) {
    if (value === undefined) continue;
    if (name === "additional_image_link") {
      for (const link of value as string[]) lines.push(element(name, link));
    } else if (name === "vehicle_fulfillment") {
      const fulfillment = value as GoogleVehicle["vehicle_fulfillment"];
      lines.push(
        `<g:vehicle_fulfillment>${element("option", fulfillment.option)}${element("store_code", fulfillment.store_code)}</g:vehicle_fulfillment>`,
      );
    } else {
      lines.push(element(name, String(value)));
    }
  }
  return `<item>\n${lines.join("\n")}\n</item>`;
}

export interface GoogleFeed {
  xml: string;
  rows: GoogleVehicle[];
  excluded: FeedExclusion[];
}

/** The tenant's Google vehicle ads feed: every car Google accepts, and every one left out. */
export function googleVehicleFeed(source: FeedSource): GoogleFeed {
  const { rows, excluded } = mapCars(source.cars, (car) => googleVehicle(car, source));
  const { site } = source;
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    "<channel>",
    `<title>${escapeMarkup(`${site.name} vehicles`)}</title>`,
    `<link>${escapeMarkup(new URL("/", site.url).href)}</link>`,
    `<description>${escapeMarkup(`Vehicles for sale at ${site.name}`)}</description>`,
    ...rows.map(itemXml),
    "</channel>",
    "</rss>",
  ].join("\n");
  return { xml, rows, excluded };
}
