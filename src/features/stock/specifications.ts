/** Spec rows and feature lists for the vehicle page (spec §5: rows hidden when empty; §9 limits). */
import { formatNumber } from "~/lib/format";
import type { Car } from "~/tenant/schemas/car";

export const KEY_INFO_LIMIT = 4;
export const FEATURE_LIST_LIMIT = 8;
export const DEALER_COMMENTS_LIMIT = 400;
export const DEALER_COMMENTS_PENDING = "Dealer comments are pending. Please check back here later.";

/** Display names of the spec's body types (`peopleMover` → "People Mover"). */
const BODY_LABELS: Record<string, string> = {
  "4x4": "4x4",
  cabChassis: "Cab Chassis",
  peopleMover: "People Mover",
  lightTruck: "Light Truck",
  stationWagon: "Station Wagon",
  suv: "SUV",
  ev: "Electric",
  camperTrailer: "Camper Trailer",
};

export function bodyLabel(body: string): string {
  return BODY_LABELS[body] ?? body.charAt(0).toUpperCase() + body.slice(1);
}

export interface SpecRow {
  label: string;
  value: string;
}

/** A feed value as the text a page shows, or null when it is empty (the feed writes "null" for some). */
export function displayText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === "" || text.toLowerCase() === "null" ? null : text;
}

const number = (value: number | null | undefined, unit = "") =>
  value === null || value === undefined ? null : `${formatNumber(value)}${unit}`;

/** The car's spec rows in display order, empty ones dropped. */
export function specRows(car: Car): SpecRow[] {
  const v = car.variant ?? {};
  const rows: [string, unknown][] = [
    ["Odometer", number(car.km, " km")],
    ["Body", car.simple_body ? bodyLabel(car.simple_body) : null],
    ["Transmission", car.trans ?? car.simple_transmission],
    ["Fuel", car.fuel ?? car.simple_fuel],
    ["Drive", car.drive ?? car.simple_drive],
    ["Engine", car.engine_size_litres ? `${car.engine_size_litres}L` : null],
    ["Cylinders", v.cylinders],
    ["Seats", car.seats],
    ["Doors", car.doors],
    ["Colour", car.colour],
    ["Interior", car.interior_colour],
    ["Year", car.year],
    ["Series", car.series],
    ["Stock number", car.stocknum],
    ["VIN", car.vin],
    ["Rego", car.regplate],
    ["Build date", car.build_date?.slice(0, 7)],
    ["Fuel economy", v.fuelconsumptioncombined ? `${v.fuelconsumptioncombined} L/100km` : null],
    ["Fuel capacity", number(v.fuelcapacity, " L")],
    ["Torque", number(v.torque, " Nm")],
    ["Towing (braked)", number(v.towingcapacitybraked, " kg")],
    ["ANCAP rating", v.ancaprating ? `${v.ancaprating} stars` : null],
    ["Length", number(car.body_length ?? v.vehiclelength, " mm")],
    ["Width", number(car.body_width ?? v.vehiclewidth, " mm")],
    ["Tare weight", number(car.tare_weight, " kg")],
    ["ATM", number(car.aggregate_trailer_mass, " kg")],
    ["Axles", car.axle_type],
    ["Sleeps", car.sleeps],
  ];
  return rows.flatMap(([label, value]) => {
    const text = displayText(value);
    return text ? [{ label, value: text }] : [];
  });
}

/** Empty comments, or only a separator like "-" or "---", count as pending. */
export function hasDealerComments(html: string | null | undefined): boolean {
  const text = (html ?? "").replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ");
  return /[\p{L}\p{N}]/u.test(text);
}
