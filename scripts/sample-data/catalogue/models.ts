/**
 * What a catalogue model is (engines, bodies, colours) and the parser of the catalogue's one-line
 * rows.
 */
import type { BodyKind } from "../render/bodies";
import type { Paint } from "../render/colour";
import { TRIMS, type Trim } from "../render/interiors";

export type Fuel = "Petrol" | "Premium" | "Diesel" | "Hybrid" | "Electric" | "Plug-in Hybrid";

export type Drive = "FWD" | "RWD" | "AWD" | "4WD";

type GearType = "Automatic" | "Manual" | "CVT" | "DCT" | "Reduction Gear";

export interface Engine {
  litres: number;
  cyl: number | null;
  fuel: Fuel;
  induction: string;
  kw: number;
  torque: number;
  cons: number | null;
  gears: number;
  gear: GearType;
  drive: Drive;
}

export const E = (
  litres: number,
  cyl: number | null,
  fuel: Fuel,
  induction: string,
  kw: number,
  torque: number,
  cons: number | null,
  gears: number,
  gear: GearType,
  drive: Drive,
): Engine => ({ litres, cyl, fuel, induction, kw, torque, cons, gears, gear, drive });

const EV = (kw: number, torque: number, drive: Drive): Engine =>
  E(0, null, "Electric", "Electric", kw, torque, null, 1, "Reduction Gear", drive);

export type SimpleBody =
  | "sedan"
  | "hatch"
  | "suv"
  | "ute"
  | "wagon"
  | "van"
  | "coupe"
  | "convertible"
  | "peopleMover"
  | "cabChassis"
  | "motorhome"
  | "caravan"
  | "camperTrailer";

export interface CaravanSpec {
  length: number;
  width: number;
  tare: number;
  atm: number;
  axle: "Single" | "Tandem";
  sleeps: number;
}

export interface ModelDef {
  make: string;
  model: string;
  body: SimpleBody;
  image: BodyKind;
  /** First and last model years sold in Australia. */
  years: [number, number];
  series: [number, string][];
  /** [badge, drive-away price when new, engine index]. */
  badges: [string, number, number][];
  engines: Engine[];
  seats: number;
  doors: number;
  dims: [number, number, number];
  gvm: number;
  fuelcap: number | null;
  tow: number;
  ancap: number | null;
  config: string;
  colours: [string, Paint][];
  item?: "car" | "caravan" | "motorhome" | "camper trailer";
  caravan?: CaravanSpec;
  /** Interior trim most badges come with. */
  trim?: Trim;
}

/** Last model year of a model still on sale. */
export const STILL_SOLD = 2100;

const TOYOTA_COLOURS: [string, Paint][] = [
  ["Glacier White", "white"],
  ["Frosted White", "white"],
  ["Silver Pearl", "silver"],
  ["Graphite", "grey"],
  ["Eclipse Black", "black"],
  ["Saturn Blue", "blue"],
  ["Feverish Red", "red"],
];

const NISSAN_COLOURS: [string, Paint][] = [
  ["Ivory Pearl", "white"],
  ["Polar White", "white"],
  ["Brilliant Silver", "silver"],
  ["Gun Metallic", "grey"],
  ["Diamond Black", "black"],
  ["Caspian Blue", "blue"],
  ["Scarlet Ember", "red"],
];

const WORK_COLOURS: [string, Paint][] = [
  ["White", "white"],
  ["Arctic White", "white"],
  ["Silver Metallic", "silver"],
];

/** Colour names to the paint bucket they are photographed in. */
function paintOf(name: string): Paint {
  const l = name.toLowerCase();
  if (/black|ebony|jet|phantom|midnight|onyx|obsidian/.test(l)) return "black";
  if (/blue|navy|sapphire|aqua|ocean|lucid|indigo/.test(l)) return "blue";
  if (/red|ruby|crimson|flame|magma/.test(l)) return "red";
  if (/white|ivory|snow/.test(l)) return "white";
  if (/silver|platinum|titanium|sonic|quicksilver/.test(l)) return "silver";
  return "grey";
}

export const c = (...names: string[]): [string, Paint][] => names.map((n) => [n, paintOf(n)]);

const PALETTES: Record<string, [string, Paint][]> = {
  "@toyota": TOYOTA_COLOURS,
  "@nissan": NISSAN_COLOURS,
  "@work": WORK_COLOURS,
};

const FUEL_CODES: Record<string, Fuel> = {
  Petrol: "Petrol",
  Premium: "Premium",
  Diesel: "Diesel",
  Hybrid: "Hybrid",
  PHEV: "Plug-in Hybrid",
};

const GEAR_CODES: Record<string, GearType> = {
  Automatic: "Automatic",
  Manual: "Manual",
  CVT: "CVT",
  DCT: "DCT",
  Reduction: "Reduction Gear",
};

const INDUCTION_CODES: Record<string, string> = {
  Aspirated: "Aspirated",
  Turbo: "Turbo",
  TwinTurbo: "Twin Turbo",
};

const DRIVES: readonly Drive[] = ["FWD", "RWD", "AWD", "4WD"];

const CAR_BODIES = [
  "sedan",
  "hatch",
  "suv",
  "ute",
  "wagon",
  "van",
  "coupe",
  "convertible",
  "peopleMover",
  "cabChassis",
] as const satisfies readonly (SimpleBody & BodyKind)[];

const TRIM_NAMES = Object.keys(TRIMS) as Trim[];

function code<T>(table: Record<string, T> | readonly T[], key: string | undefined, line: string): T {
  const value = Array.isArray(table) ? table.find((v) => v === key) : (table as Record<string, T>)[key ?? ""];
  if (value === undefined) throw new Error(`catalogue: unknown "${key}" in: ${line}`);
  return value;
}

function numberIn(text: string | undefined, line: string): number {
  const n = Number(text);
  if (text === undefined || text === "" || Number.isNaN(n))
    throw new Error(`catalogue: "${text}" is not a number in: ${line}`);
  return n;
}

function parseEngine(spec: string, line: string): Engine {
  const t = spec.trim().split(/\s+/);
  if (t[0] === "EV") return EV(numberIn(t[1], line), numberIn(t[2], line), code(DRIVES, t[3], line));
  const [size = "", fuel, induction, kw, nm, cons, gears, gear, drive] = t;
  const [litres, cyl] = size.split("/");
  return E(
    numberIn(litres, line),
    numberIn(cyl, line),
    code(FUEL_CODES, fuel, line),
    code(INDUCTION_CODES, induction, line),
    numberIn(kw, line),
    numberIn(nm, line),
    numberIn(cons, line),
    numberIn(gears, line),
    code(GEAR_CODES, gear, line),
    code(DRIVES, drive, line),
  );
}

/** One model per line; the field order is documented on CATALOGUE. */
export function parseCatalogue(text: string): ModelDef[] {
  return text
    .trim()
    .split("\n")
    .map((line): ModelDef => {
      const f = line.split(" | ").map((field) => field.trim());
      if (f.length < 12) throw new Error(`catalogue: expected 12 or 13 fields in: ${line}`);
      const [
        make = "",
        model = "",
        body,
        years = "",
        series = "",
        badges = "",
        engines = "",
        seatsDoors = "",
        dims = "",
        specs = "",
        config = "",
        colours = "",
        trim,
      ] = f;
      const [from, to] = years.split("-");
      const [seats, doors] = seatsDoors.split("/");
      const [gvm, fuelcap, tow, ancap] = specs.split(" ");
      const kind = code(CAR_BODIES, body, line);
      return {
        make,
        model,
        body: kind,
        image: kind,
        years: [numberIn(from, line), to ? numberIn(to, line) : STILL_SOLD],
        series:
          series === "-"
            ? []
            : series.split(", ").map((s) => {
                const [name = "", year] = s.split("@");
                return [numberIn(year, line), name];
              }),
        badges: badges.split("; ").map((b) => {
          const m = /^(.+) (\d+) #(\d+)$/.exec(b);
          if (!m) throw new Error(`catalogue: badge "${b}" in: ${line}`);
          return [m[1] ?? "", numberIn(m[2], line), numberIn(m[3], line)];
        }),
        engines: engines.split("; ").map((e) => parseEngine(e, line)),
        seats: numberIn(seats, line),
        doors: numberIn(doors, line),
        dims: dims.split("x").map((d) => numberIn(d, line)) as [number, number, number],
        gvm: numberIn(gvm, line),
        fuelcap: fuelcap === "-" ? null : numberIn(fuelcap, line),
        tow: numberIn(tow, line),
        ancap: ancap === "-" ? null : numberIn(ancap, line),
        config,
        colours: PALETTES[colours] ?? c(...colours.split(", ")),
        ...(trim ? { trim: code(TRIM_NAMES, trim, line) } : {}),
      };
    });
}
