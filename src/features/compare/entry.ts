/**
 * What a vehicle page hands its Compare toggle (build time, pure). The toggle's script imports
 * only compare.ts, so it ships no pricing rules.
 */
import { favouriteEntry } from "~/features/favourites/favourites";
import { specRows } from "~/features/stock/specifications";
import { carTypeLabel, priceDisplay, shownPriceType } from "~/features/stock/stock";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import type { CompareEntry } from "./compare";

/** Rows that identify one car rather than compare two (and Year, which leads the table instead). */
const NOT_COMPARED = new Set(["Year", "VIN", "Rego", "Stock number", "Series", "Build date"]);

export function compareEntry(car: Car, site: Site, locationName: string | null): CompareEntry {
  const price = priceDisplay(car, site);
  return {
    ...favouriteEntry(car),
    price_text: price.text,
    was_text: price.wasText ?? null,
    price_note: shownPriceType(car, price),
    rows: [
      { label: "Type", value: carTypeLabel(car.car_type, site) },
      { label: "Year", value: String(car.year) },
      ...specRows(car).filter((row) => !NOT_COMPARED.has(row.label)),
      ...(locationName ? [{ label: "Location", value: locationName }] : []),
    ],
  };
}
