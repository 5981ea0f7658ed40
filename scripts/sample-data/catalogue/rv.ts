/**
 * The caravan, motorhome and camper trailer catalogue.
 */
import type { BodyKind } from "../render/bodies";
import { c, E, type ModelDef, type SimpleBody, STILL_SOLD } from "./models";

type RvRow = readonly [
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  number,
  "Single" | "Tandem",
  number,
];

type RvItem = "caravan" | "motorhome" | "camper trailer";

const RV_SHAPE: Record<
  RvItem,
  { body: SimpleBody; image: BodyKind; height: number; config: string; colours: string[] }
> = {
  caravan: {
    body: "caravan",
    image: "caravan",
    height: 2950,
    config: "Caravan",
    colours: ["White", "Silver Composite"],
  },
  motorhome: { body: "motorhome", image: "motorhome", height: 3100, config: "Motorhome", colours: ["White"] },
  "camper trailer": {
    body: "camperTrailer",
    image: "camper",
    height: 1550,
    config: "Camper Trailer",
    colours: ["Charcoal Grey", "Gunmetal"],
  },
};

/** Rows: make, model, floor plan (badge), price, body length, width (mm), tare, ATM (kg), axles, sleeps. */
function rvModels(item: RvItem, rows: readonly RvRow[]): ModelDef[] {
  const shape = RV_SHAPE[item];
  const motorhome = item === "motorhome";
  return rows.map(([make, model, badge, price, length, width, tare, atm, axle, sleeps]) => ({
    make,
    model,
    body: shape.body,
    image: shape.image,
    years: [motorhome ? 2016 : 2015, STILL_SOLD],
    series: [],
    badges: [[badge, price, 0]],
    // Motorhomes are built on a van chassis named in the floor plan.
    engines: motorhome
      ? [
          E(
            badge.includes("Iveco") ? 3.0 : badge.includes("Sprinter") ? 2.0 : 2.2,
            4,
            "Diesel",
            "Turbo",
            132,
            380,
            11.5,
            9,
            "Automatic",
            badge.includes("Fiat") ? "FWD" : "RWD",
          ),
        ]
      : [],
    seats: motorhome ? 4 : 0,
    doors: motorhome ? 3 : item === "caravan" ? 1 : 0,
    dims: [length, width, shape.height],
    gvm: atm,
    fuelcap: motorhome ? 90 : null,
    tow: motorhome ? 2000 : 0,
    ancap: null,
    config: shape.config,
    colours: c(...shape.colours),
    item,
    caravan: { length, width, tare, atm, axle, sleeps },
  }));
}

export const RV_CATALOGUE: ModelDef[] = [
  ...rvModels("caravan", [
    ["Jayco", "Journey", "Outback 21.66-3", 96000, 6550, 2390, 2290, 2900, "Tandem", 4],
    ["Jayco", "Journey", "Outback 19.61-5", 89000, 5950, 2390, 2150, 2800, "Tandem", 3],
    ["Jayco", "Starcraft", "17.55-4", 62000, 5250, 2390, 1690, 2200, "Single", 2],
    ["Jayco", "Silverline", "21.65-3 Outback", 119000, 6550, 2390, 2590, 3300, "Tandem", 4],
    ["New Age", "Manta Ray", "21E Off-Road", 112000, 6400, 2400, 2620, 3300, "Tandem", 2],
    ["New Age", "Big Red", "22E Off-Road", 128000, 6700, 2480, 2850, 3500, "Tandem", 4],
    ["Lotus", "Trooper", "19'6\" Family", 124000, 5950, 2450, 2700, 3300, "Tandem", 5],
    ["Lotus", "Off Grid", "21'6\" Tandem", 149000, 6550, 2480, 2980, 3500, "Tandem", 2],
    ["Avan", "Aspire", "555 Pop Top", 69000, 5550, 2290, 1650, 2100, "Single", 2],
    ["Coromal", "Element", "E542", 59000, 5420, 2350, 1590, 2000, "Single", 2],
    ["Roadstar", "Safari Wanderer", "20'6\" Off-Road", 105000, 6250, 2450, 2550, 3300, "Tandem", 4],
  ]),
  ...rvModels("motorhome", [
    ["Jayco", "Conquest", "FA.25-4 Fiat Ducato", 189000, 7500, 2400, 3650, 4495, "Single", 4],
    ["Avida", "Birdsville", "C7944SL Iveco Daily", 229000, 7900, 2450, 4150, 4495, "Single", 2],
    ["Avida", "Esperance", "C7334SL Fiat Ducato", 174000, 7300, 2400, 3600, 4250, "Single", 2],
    ["Sunliner", "Switch", "S5 Fiat Ducato", 199000, 7000, 2350, 3500, 4250, "Single", 2],
    ["Sunliner", "Habitat", "H4 Mercedes-Benz Sprinter", 248000, 7600, 2400, 3900, 4490, "Single", 4],
  ]),
  ...rvModels("camper trailer", [
    ["MDC", "XT12", "Off-Road Forward Fold", 29500, 3900, 1900, 1150, 1750, "Single", 4],
    ["Ezytrail", "Stirling", "GT Off-Road", 27500, 4100, 1950, 1120, 1700, "Single", 4],
    ["Stoney Creek", "Deluxe", "Rear Fold", 33500, 4300, 1950, 1250, 1800, "Single", 2],
    ["Jayco", "Swan", "Outback Camper", 41500, 4460, 2050, 1150, 1600, "Single", 6],
  ]),
];
