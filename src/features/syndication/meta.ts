/**
 * Meta (Facebook, Instagram) Automotive Inventory Ads catalog feed, as CSV by the field names and
 * enumerations of Meta's reference (developers.facebook.com/docs/marketing-api/auto-ads/reference),
 * nested fields flattened in its JSON-path column names (`image[0].url`, `address.city`). Every row
 * is checked against `metaVehicleSchema` before it is written; a car that would break Meta's rules
 * is left out with the reason.
 */
import { z } from "zod";
import { absolutePhotoUrls } from "~/features/media/media";
import { priceDisplay } from "~/features/stock/stock";
import { vehicleCanonical, vehicleDescription } from "~/features/vehicle/json-ld";
import type { Car } from "~/tenant/schemas/car";
import {
  carLocation,
  clip,
  type FeedExclusion,
  type FeedSource,
  issuesText,
  listedPrice,
  type Mapped,
  mapCars,
  notForSale,
  odometerKm,
  plainText,
  priceText,
  VIN_PATTERN,
} from "./syndication";

/** Titles are cut like Google's, so one car reads the same on both platforms. */
export const META_TITLE_MAX = 150;
export const META_DESCRIPTION_MAX = 5000;
export const META_IMAGES_MAX = 20;

export const META_BODY_STYLES = [
  "CONVERTIBLE",
  "COUPE",
  "CROSSOVER",
  "ESTATE",
  "GRANDTOURER",
  "HATCHBACK",
  "MINIBUS",
  "MINIVAN",
  "MPV",
  "PICKUP",
  "ROADSTER",
  "SALOON",
  "SEDAN",
  "SMALL_CAR",
  "SPORTSCAR",
  "SUPERCAR",
  "SUPERMINI",
  "SUV",
  "TRUCK",
  "VAN",
  "WAGON",
  "OTHER",
  "NONE",
] as const;
export const META_FUEL_TYPES = [
  "DIESEL",
  "ELECTRIC",
  "FLEX",
  "GASOLINE",
  "HYBRID",
  "PETROL",
  "PLUGIN_HYBRID",
  "OTHER",
  "NONE",
] as const;
export const META_TRANSMISSIONS = ["AUTOMATIC", "MANUAL", "OTHER", "NONE"] as const;
export const META_DRIVETRAINS = ["AWD", "FOUR_WD", "FWD", "RWD", "TWO_WD", "OTHER", "NONE"] as const;
export const META_STATES_OF_VEHICLE = ["NEW", "USED", "CPO"] as const;
export const META_AVAILABILITY = ["AVAILABLE", "NOT_AVAILABLE", "PENDING"] as const;
export const META_VEHICLE_TYPES = ["CAR_TRUCK", "RV_CAMPER", "TRAILER"] as const;

const text = (max: number, missing: string) =>
  z.string({ error: missing }).min(1, missing).max(max, `longer than ${max} characters`);
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });

export const metaVehicleSchema = z.object({
  vehicle_id: text(100, "no id"),
  title: text(META_TITLE_MAX, "no title"),
  description: text(META_DESCRIPTION_MAX, "no description"),
  url: httpsUrl,
  make: text(100, "no make"),
  model: text(100, "no model"),
  year: z.number().int().min(1900).max(2100),
  mileage: z.object({
    value: z.number({ error: "no odometer reading" }).int().min(0),
    unit: z.literal("KM"),
  }),
  image: z
    .array(z.object({ url: httpsUrl }))
    .min(1, "no photo")
    .max(META_IMAGES_MAX),
  body_style: z.enum(META_BODY_STYLES),
  exterior_color: text(100, "no colour"),
  transmission: z.enum(META_TRANSMISSIONS).optional(),
  fuel_type: z.enum(META_FUEL_TYPES).optional(),
  drivetrain: z.enum(META_DRIVETRAINS).optional(),
  vin: z.string({ error: "no VIN" }).regex(VIN_PATTERN, "VIN must be 17 letters and digits (no I, O or Q)"),
  state_of_vehicle: z.enum(META_STATES_OF_VEHICLE),
  price: z
    .string()
    .regex(/^\d+(\.\d{2})? AUD$/, 'must read "<amount> AUD"')
    .refine((value) => Number.parseFloat(value) > 0, "price must be above 0"),
  availability: z.enum(META_AVAILABILITY),
  trim: z.string().max(50).optional(),
  vehicle_type: z.enum(META_VEHICLE_TYPES),
  dealer_name: text(150, "no dealer name"),
  address: z.object({
    addr1: text(200, "no street address"),
    city: text(100, "no city"),
    region: text(50, "no state"),
    postal_code: z.string().regex(/^\d{4}$/, "must be a 4-digit postcode"),
    country: z.literal("AU"),
  }),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export type MetaVehicle = z.infer<typeof metaVehicleSchema>;

const key = (value: string | null | undefined) => (value ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");

const BODY_STYLES: Record<string, MetaVehicle["body_style"]> = {
  convertible: "CONVERTIBLE",
  coupe: "COUPE",
  hatch: "HATCHBACK",
  hatchback: "HATCHBACK",
  sedan: "SEDAN",
  suv: "SUV",
  wagon: "WAGON",
  ute: "PICKUP",
  cabchassis: "TRUCK",
  van: "VAN",
  peoplemover: "MINIVAN",
};

const DRIVETRAINS: Record<string, MetaVehicle["drivetrain"]> = {
  awd: "AWD",
  "4wd": "FOUR_WD",
  "4x4": "FOUR_WD",
  fwd: "FWD",
  rwd: "RWD",
  "2wd": "TWO_WD",
  "4x2": "TWO_WD",
};

/** The feed's fuel in Meta's words; Australians buy petrol, which Meta spells PETROL. */
export function metaFuelType(car: Car): MetaVehicle["fuel_type"] {
  const fuel = `${car.simple_fuel ?? ""} ${car.fuel ?? ""}`.toLowerCase();
  if (/plug-?\s?in|phev/.test(fuel)) return "PLUGIN_HYBRID";
  if (/hybrid/.test(fuel)) return "HYBRID";
  if (/electric/.test(fuel)) return "ELECTRIC";
  if (/diesel/.test(fuel)) return "DIESEL";
  if (/petrol|unleaded|gasoline/.test(fuel)) return "PETROL";
  return undefined;
}

/** NEW, USED (demonstrators included: they have been registered) or CPO for a certified used car. */
export function metaStateOfVehicle(car: Car): MetaVehicle["state_of_vehicle"] {
  if (car.car_type === "new") return "NEW";
  return car.car_type === "used" && car.certified === true ? "CPO" : "USED";
}

/** On the lot and free: AVAILABLE; reserved (a deposit is down) or not here yet: PENDING. */
export function metaAvailability(car: Car): MetaVehicle["availability"] {
  return car.status === "in_stock" && !car.reserved ? "AVAILABLE" : "PENDING";
}

/** Caravans and camper trailers are towed (TRAILER); motorhomes are driven (RV_CAMPER). */
export function metaVehicleType(car: Car): MetaVehicle["vehicle_type"] {
  const kind = `${car.item_type ?? ""} ${car.simple_body ?? ""}`.toLowerCase();
  if (/motorhome|campervan|motor home/.test(kind)) return "RV_CAMPER";
  if (/caravan|camper|trailer/.test(kind)) return "TRAILER";
  return "CAR_TRUCK";
}

/** One car as a Meta catalog row, or why Meta must not get it. */
export function metaVehicle(car: Car, source: FeedSource): Mapped<MetaVehicle> {
  const unsold = notForSale(car);
  if (unsold) return { ok: false, reason: unsold };
  const price = listedPrice(car, source.site);
  if (!price.ok) return price;
  const location = carLocation(car, source.locations);
  if (!location) {
    return {
      ok: false,
      reason: `location ${car.location_id ?? "(none)"} is not in locations.json: no address`,
    };
  }
  const { address } = location;
  const vehicleType = metaVehicleType(car);
  const transmission = key(car.simple_transmission).toUpperCase();
  const candidate = {
    vehicle_id: String(car.id),
    title: clip(car.name, META_TITLE_MAX),
    description: clip(
      vehicleDescription(car, source.site, priceDisplay(car, source.site).text, location),
      META_DESCRIPTION_MAX,
    ),
    url: vehicleCanonical(car, source.site),
    make: plainText(car.make),
    model: plainText(car.model),
    year: car.year,
    // A towed caravan has no odometer: Meta still asks for mileage, and 0 km is what it has done under its own power.
    mileage: { value: odometerKm(car) ?? (vehicleType === "TRAILER" ? 0 : undefined), unit: "KM" },
    image: absolutePhotoUrls(car, source.site.url)
      .slice(0, META_IMAGES_MAX)
      .map((url) => ({ url })),
    body_style: BODY_STYLES[key(car.simple_body)] ?? "OTHER",
    exterior_color: car.colour ? plainText(car.colour) : undefined,
    transmission: META_TRANSMISSIONS.find((value) => value === transmission),
    fuel_type: metaFuelType(car),
    drivetrain: DRIVETRAINS[key(car.simple_drive)],
    vin: car.vin?.trim().toUpperCase() || undefined,
    state_of_vehicle: metaStateOfVehicle(car),
    price: priceText(price.row.amount),
    availability: metaAvailability(car),
    trim: car.badge ? clip(car.badge, 50) : undefined,
    vehicle_type: vehicleType,
    dealer_name: plainText(location.name),
    address: {
      addr1: plainText(address.street),
      city: plainText(address.city),
      region: address.state.toUpperCase(),
      postal_code: address.postcode,
      country: "AU",
    },
    latitude: address.lat,
    longitude: address.long,
  };
  const parsed = metaVehicleSchema.safeParse(candidate);
  return parsed.success
    ? { ok: true, row: parsed.data }
    : { ok: false, reason: issuesText(parsed.error.issues) };
}

/** One CSV field (RFC 4180); Meta asks for quotes around any field with white space or a comma. */
export function csvField(value: string): string {
  return /[\s",]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The catalog's columns in order, flattened: as many `image[i].url` columns as the most photos. */
export function metaColumns(imageColumns: number): string[] {
  return [
    "vehicle_id",
    "title",
    "description",
    "url",
    "make",
    "model",
    "year",
    "mileage.value",
    "mileage.unit",
    ...Array.from({ length: Math.max(1, imageColumns) }, (_, i) => `image[${i}].url`),
    "body_style",
    "exterior_color",
    "transmission",
    "fuel_type",
    "drivetrain",
    "vin",
    "state_of_vehicle",
    "price",
    "availability",
    "trim",
    "vehicle_type",
    "dealer_name",
    "address.addr1",
    "address.city",
    "address.region",
    "address.postal_code",
    "address.country",
    "latitude",
    "longitude",
  ];
}

function cell(row: MetaVehicle, column: string): string {
  const image = /^image\[(\d+)\]\.url$/.exec(column);
  if (image) return row.image[Number(image[1])]?.url ?? "";
  const [head, tail] = column.split(".") as [keyof MetaVehicle, string | undefined];
  const value = row[head];
  if (tail !== undefined) return String((value as Record<string, unknown>)[tail] ?? "");
  return value === undefined ? "" : String(value);
}

export interface MetaFeed {
  csv: string;
  rows: MetaVehicle[];
  excluded: FeedExclusion[];
}

/** The tenant's Meta vehicle catalog: every car Meta accepts, and every one left out. */
export function metaVehicleFeed(source: FeedSource): MetaFeed {
  const { rows, excluded } = mapCars(source.cars, (car) => metaVehicle(car, source));
  const columns = metaColumns(Math.max(0, ...rows.map((row) => row.image.length)));
  const lines = [columns, ...rows.map((row) => columns.map((column) => cell(row, column)))];
  const csv = lines.map((line) => `${line.map(csvField).join(",")}\r\n`).join("");
  return { csv, rows, excluded };
}
