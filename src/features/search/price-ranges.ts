/**
 * Price ranges as the old sites wrote them in links ("$10,000 - $20,000", "10000:20000",
 * "Under $10,000", "$150,000+", "10k-20k") and the price-range facet built from them, listed by
 * numeric lower bound (spec §9), never alphabetically ("$100,000 …" after "$75,000 …"). Pure:
 * runs at build time and in the search island.
 */
import { formatNumber } from "~/lib/format";

export interface MoneyRange {
  min?: number;
  max?: number;
}

/** Lower bounds of the price-range facet's bands; the last band is open-ended. */
export const PRICE_RANGE_BOUNDS = [
  0, 10_000, 20_000, 30_000, 40_000, 50_000, 75_000, 100_000, 150_000,
] as const;

const dollars = (n: number) => `$${formatNumber(n)}`;

function bandLabel(index: number): string {
  const low = PRICE_RANGE_BOUNDS[index] ?? 0;
  const high = PRICE_RANGE_BOUNDS[index + 1];
  if (high === undefined) return `${dollars(low)} and over`;
  if (low === 0) return `Under ${dollars(high)}`;
  return `${dollars(low)} - ${dollars(high)}`;
}

/** The facet value of a price: its band's label; unpriced cars have none. */
export function priceRangeOf(price: number): string | null {
  if (!(price > 0)) return null;
  let index = 0;
  while (index + 1 < PRICE_RANGE_BOUNDS.length && price >= (PRICE_RANGE_BOUNDS[index + 1] ?? 0)) index++;
  return bandLabel(index);
}

/** The facet value naming exactly this range, or null when the range is not one of the bands. */
export function priceRangeLabel(range: MoneyRange): string | null {
  const low = range.min ?? 0;
  const index = PRICE_RANGE_BOUNDS.indexOf(low as (typeof PRICE_RANGE_BOUNDS)[number]);
  if (index < 0) return null;
  return PRICE_RANGE_BOUNDS[index + 1] === range.max ? bandLabel(index) : null;
}

const AMOUNT = String.raw`(\d+(?:\.\d+)?)(k|m)?`;

function amount(digits: string | undefined, unit: string | undefined): number {
  const value = Number(digits);
  return unit === "k" ? value * 1_000 : unit === "m" ? value * 1_000_000 : value;
}

/**
 * Reads an amount range in any of the old sites' spellings; null when it is not one. Weekly
 * amounts may carry "p/w", "pw" or "per week".
 */
export function parseMoneyRange(text: string): MoneyRange | null {
  const t = text
    .toLowerCase()
    .replace(/[$,\s]/g, "")
    .replace(/(p\/w|pw|perweek|\/wk|\/week|aweek)$/g, "");
  const one = new RegExp(`^${AMOUNT}$`);
  const below = new RegExp(`^(?:under|below|lessthan|upto|<=?|max)${AMOUNT}$`).exec(t);
  if (below) return { max: amount(below[1], below[2]) };
  const above = new RegExp(`^(?:over|above|from|morethan|>=?|min)${AMOUNT}$`).exec(t);
  if (above) return { min: amount(above[1], above[2]) };
  const plus = new RegExp(`^${AMOUNT}(?:\\+|andover|andabove|ormore)$`).exec(t);
  if (plus) return { min: amount(plus[1], plus[2]) };
  const pair = new RegExp(`^(?:${AMOUNT})?(?:-|:|to|_)(?:${AMOUNT})?$`).exec(t);
  if (pair && !one.test(t)) {
    const range: MoneyRange = {
      ...(pair[1] !== undefined ? { min: amount(pair[1], pair[2]) } : {}),
      ...(pair[3] !== undefined ? { max: amount(pair[3], pair[4]) } : {}),
    };
    if (range.min === undefined && range.max === undefined) return null;
    if (range.min !== undefined && range.max !== undefined && range.min > range.max) return null;
    return range;
  }
  return null;
}

/** Orders price-range facet values by their numeric lower bound (spec §9). */
export function comparePriceRanges(a: string, b: string): number {
  const low = (label: string) => parseMoneyRange(label)?.min ?? 0;
  return low(a) - low(b) || a.localeCompare(b);
}
