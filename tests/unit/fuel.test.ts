import { describe, expect, it } from "vitest";
import {
  FUEL_DEFAULTS,
  formatFuelCost,
  fuelDefaults,
  isElectric,
  isTowed,
  showsFuelCalculator,
  weeklyFuelCost,
} from "~/features/finance/fuel";
import { makeCar } from "./helpers";

describe("fuel calculator defaults (spec §9)", () => {
  it("starts at $1.70 a litre, 250 km a week and 10 L/100km", () => {
    expect(FUEL_DEFAULTS).toEqual({ pricePerLitre: 1.7, kmPerWeek: 250, litresPer100Km: 10 });
    expect(fuelDefaults(makeCar({ variant: null }))).toEqual(FUEL_DEFAULTS);
  });

  it("starts from the car's combined consumption when the feed has one", () => {
    expect(fuelDefaults(makeCar({ variant: { fuelconsumptioncombined: 6.8 } })).litresPer100Km).toBe(6.8);
  });

  it("ignores a zero consumption in the feed", () => {
    expect(fuelDefaults(makeCar({ variant: { fuelconsumptioncombined: 0 } })).litresPer100Km).toBe(10);
  });
});

describe("fuel cost = km / 100 × consumption × price (spec §9)", () => {
  it.each<[number, number, number, number, string]>([
    [250, 10, 1.7, 42.5, "$42.50"],
    [250, 6.8, 1.7, 28.9, "$28.90"],
    [400, 8.1, 1.95, 63.18, "$63.18"],
    [0, 10, 1.7, 0, "$0.00"],
    [1000, 12.5, 2.1, 262.5, "$262.50"],
  ])(
    "%i km at %d L/100km and $%d/L costs %d a week",
    (kmPerWeek, litresPer100Km, pricePerLitre, cost, text) => {
      const weekly = weeklyFuelCost({ kmPerWeek, litresPer100Km, pricePerLitre });
      expect(weekly).toBe(cost);
      expect(formatFuelCost(weekly)).toBe(text);
    },
  );

  it("treats negative or missing figures as zero", () => {
    expect(weeklyFuelCost({ kmPerWeek: -100, litresPer100Km: 10, pricePerLitre: 1.7 })).toBe(0);
    expect(weeklyFuelCost({ kmPerWeek: Number.NaN, litresPer100Km: 10, pricePerLitre: 1.7 })).toBe(0);
  });
});

describe("hidden for electric cars (spec §2)", () => {
  it.each<[string | null, string | null, boolean]>([
    ["Electric", null, true],
    [null, "Electric", true],
    ["EV", null, true],
    ["Petrol", null, false],
    ["Diesel", null, false],
    ["Hybrid", null, false],
    ["Plug-in Hybrid", null, false],
    ["Hybrid Petrol/Electric", null, false],
    [null, "Petrol - Premium ULP", false],
    [null, null, false],
  ])("simple_fuel %j, fuel %j: electric %s", (simple_fuel, fuel, electric) => {
    const car = makeCar({ simple_fuel, fuel });
    expect(isElectric(car)).toBe(electric);
    expect(showsFuelCalculator(car)).toBe(!electric);
  });
});

describe("hidden for towed caravans and camper trailers (no engine, no fuel bill)", () => {
  it.each<[string | null, string | null, string | null, boolean]>([
    ["caravan", "caravan", null, true],
    ["camper trailer", "camperTrailer", null, true],
    [null, "Caravan", null, true],
    ["Off-Road Caravan", null, null, true],
    ["motorhome", "motorhome", "Diesel", false],
    ["campervan", "campervan", "Diesel", false],
    [null, "SUV", "Petrol", false],
    [null, null, null, false],
  ])("item_type %j, simple_body %j, fuel %j: towed %s", (item_type, simple_body, fuel, towed) => {
    const car = makeCar({ item_type, simple_body, fuel });
    expect(isTowed(car)).toBe(towed);
    expect(showsFuelCalculator(car)).toBe(!towed);
  });
});
