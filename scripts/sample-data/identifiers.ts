/**
 * Identifiers: VIN (valid ISO 3779 / North American check digit), plates, NVIC.
 */
import type { Rng } from "./random";
import { at } from "./util";

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};

const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The position-9 check digit of a 17-character VIN ("X" for 10). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const ch = vin.charAt(i).toUpperCase();
    const value = /\d/.test(ch) ? Number(ch) : VIN_VALUES[ch];
    if (value === undefined) throw new Error(`invalid VIN character ${ch}`);
    sum += value * at(VIN_WEIGHTS, i);
  }
  const r = sum % 11;
  return r === 10 ? "X" : String(r);
}

export function isValidVin(vin: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) && vin.charAt(8) === vinCheckDigit(vin);
}

/** Model-year code (VIN position 10), 30-year cycle without I, O, Q, U, Z, 0. */
function vinYear(year: number): string {
  const codes = "ABCDEFGHJKLMNPRSTVWXY123456789";
  return codes.charAt((((year - 2010) % 30) + 30) % 30);
}

const WMI: Record<string, string[]> = {
  Toyota: ["JTN", "JTM", "JTE", "MR0"],
  Nissan: ["JN1", "JN8", "MNT"],
  Mazda: ["JM0", "MM0"],
  Hyundai: ["KMH", "KMF"],
  Kia: ["KNA", "KND"],
  Ford: ["MPB", "6FP", "WF0"],
  Mitsubishi: ["MMA", "JMF"],
  Volkswagen: ["WVW", "WVG", "WV1"],
  Holden: ["6G1", "MMU"],
  Subaru: ["JF1", "JF2"],
  Honda: ["MRH", "JHM"],
  Isuzu: ["MPA"],
  Tesla: ["LRW", "5YJ"],
  BYD: ["LGX", "LC0"],
  MG: ["LSJ"],
  Suzuki: ["JS3", "MA3"],
  "Mercedes-Benz": ["W1K", "WDD", "W1N"],
  BMW: ["WBA"],
  Lexus: ["JTJ", "JTH"],
  Jeep: ["1C4"],
  GWM: ["LGW"],
  LDV: ["LSF"],
  Skoda: ["TMB"],
};

export function makeVin(
  rng: Rng,
  make: string,
  badge: string,
  year: number,
  serial: number,
  trailer: boolean,
): string {
  const wmi = trailer
    ? "6T9"
    : badge.includes("Fiat")
      ? "ZFA"
      : badge.includes("Iveco")
        ? "ZCF"
        : badge.includes("Sprinter")
          ? "WDB"
          : rng.pick(WMI[make] ?? ["6U9"]);
  const body = `${wmi}${rng.chars(VIN_CHARS, 5)}0${vinYear(year)}${rng.chars(VIN_CHARS, 1)}${String(serial % 1_000_000).padStart(6, "0")}`;
  return `${body.slice(0, 8)}${vinCheckDigit(body)}${body.slice(9)}`;
}

const PLATE_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

const DIGITS = "0123456789";

/** A registration plate in the state's standard passenger (or trailer) series. */
export function makePlate(rng: Rng, state: string, trailer: boolean): string {
  const letters = (n: number) => rng.chars(PLATE_LETTERS, n);
  const digits = (n: number) => rng.chars(DIGITS, n);
  switch (state) {
    case "QLD":
      return trailer ? `${digits(3)}U${letters(2)}` : `${digits(3)}${letters(3)}`;
    case "NSW":
      return trailer ? `T${letters(1)}${digits(2)}${letters(2)}` : `${letters(2)}${digits(2)}${letters(2)}`;
    case "VIC":
      return trailer ? `${letters(1)}${digits(5)}` : `${digits(1)}${letters(2)}${digits(1)}${letters(2)}`;
    case "WA":
      return trailer ? `1T${letters(2)}${digits(3)}` : `1${letters(3)}${digits(3)}`;
    default:
      return `${letters(3)}${digits(3)}`;
  }
}

export function makeNvic(rng: Rng, year: number): string {
  return `${rng.chars("0123456789ABCDEFGHJKLMNPRSTUVWXYZ", 4)}${String(year % 100).padStart(2, "0")}`;
}
