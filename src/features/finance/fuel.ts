/**
 * Fuel calculator (spec §2 "hidden for electric", §9 defaults and formula). Pure.
 */

import { formatCentsMoney } from "~/lib/format";
import type { Car } from "~/tenant/schemas/car";

/** Spec §9 defaults. */
export const FUEL_DEFAULTS = { pricePerLitre: 1.7, kmPerWeek: 250, litresPer100Km: 10 } as const;
/** Input ranges: wide enough for any real car and pump price, narrow enough to catch typos. */
export const FUEL_RANGES = {
  pricePerLitre: { min: 0, max: 10, step: 0.01 },
  kmPerWeek: { min: 0, max: 5000, step: 10 },
  litresPer100Km: { min: 0, max: 50, step: 0.1 },
} as const;

export interface FuelInput {
  pricePerLitre: number;
  kmPerWeek: number;
  litresPer100Km: number;
}

/**
 * A battery-electric car has no fuel bill. Hybrids and plug-in hybrids (which name a petrol or
 * diesel engine, or "hybrid"/"PHEV") still burn fuel, so they keep the calculator.
 */
export function isElectric(car: Pick<Car, "simple_fuel" | "fuel">): boolean {
  return [car.simple_fuel, car.fuel].some((fuel) => {
    const value = (fuel ?? "").trim().toLowerCase();
    if (!value || /hybrid|phev|plug-?\s?in|petrol|diesel|unleaded|lpg/.test(value)) return false;
    return /electric|\bb?ev\b/.test(value);
  });
}

/**
 * A caravan or camper trailer is towed: it has no engine and no fuel bill of its own. Motorhomes
 * and campervans drive themselves, so they are not towed.
 */
export function isTowed(car: Pick<Car, "item_type" | "simple_body">): boolean {
  return [car.item_type, car.simple_body].some((kind) => /caravan|trailer/i.test(kind ?? ""));
}

/**
 * Spec §2: the fuel calculator is hidden for electric cars; where the spec is silent, it is hidden
 * for towed caravans and camper trailers too (10 L/100 km for a caravan would be made up).
 */
export function showsFuelCalculator(car: Car): boolean {
  return !isElectric(car) && !isTowed(car);
}

/** Starting figures: the spec's defaults, with the car's own combined consumption when the feed has one. */
export function fuelDefaults(car: Car): FuelInput {
  const combined = car.variant?.fuelconsumptioncombined;
  return {
    pricePerLitre: FUEL_DEFAULTS.pricePerLitre,
    kmPerWeek: FUEL_DEFAULTS.kmPerWeek,
    litresPer100Km: combined != null && combined > 0 ? combined : FUEL_DEFAULTS.litresPer100Km,
  };
}

const clean = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;

/** Spec §9: cost = km / 100 × consumption × price, per week, to the cent. */
export function weeklyFuelCost(input: FuelInput): number {
  const km = clean(input.kmPerWeek, FUEL_RANGES.kmPerWeek);
  const litres = clean(input.litresPer100Km, FUEL_RANGES.litresPer100Km);
  const price = clean(input.pricePerLitre, FUEL_RANGES.pricePerLitre);
  return Math.round((km / 100) * litres * price * 100) / 100;
}

export function formatFuelCost(cost: number): string {
  return formatCentsMoney(cost);
}
