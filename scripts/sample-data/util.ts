/**
 * Small helpers shared by the generator: list access, rounding, dates, the repository's folders.
 */
import { closeSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`index ${index} out of range (${list.length})`);
  return value;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

export const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

export const round2 = (n: number) => Math.round(n * 100) / 100;

export const round100 = (n: number) => Math.round(n / 100) * 100;

export const DAY_MS = 86_400_000;

export const DAY_S = 86_400;

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/['"]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The committed sample tenants. */
export const SAMPLES_DIR = path.join(ROOT, "tenants");

/** First bytes of a file (the feed's `generated_for` sits at the very start). */
export function readHead(file: string, bytes: number): string {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const n = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, n).toString("utf8");
  } finally {
    closeSync(fd);
  }
}
