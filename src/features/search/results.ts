/** Result-list rules (spec §4 sold collapse, §5 stock count cap, §8 empty search). */

export const STOCK_COUNT_CAP = 1999;
export const EMPTY_TITLE = "No Results Available";
export const EMPTY_TEXT =
  "No results found for your search at this time. Please try adjusting the filters for more results.";

/** Consecutive sold hits collapse to the first of each run, unless every hit is sold. */
export function collapseSoldRuns<T extends { sold: boolean }>(hits: readonly T[]): T[] {
  if (hits.every((hit) => hit.sold)) return [...hits];
  return hits.filter((hit, i) => !(hit.sold && hits[i - 1]?.sold));
}

/**
 * Stock counts above 1999 are replaced by the site's configured count, or else by the summed
 * counts of a facet that partitions the stock (car type).
 */
import { formatNumber } from "~/lib/format";
export function displayCount(
  total: number,
  override: number | undefined,
  partition: Record<string, number> | undefined,
): number {
  if (total <= STOCK_COUNT_CAP) return total;
  if (override !== undefined) return override;
  const summed = Object.values(partition ?? {}).reduce((sum, n) => sum + n, 0);
  return summed > 0 ? summed : total;
}

export function resultCountText(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? "vehicle" : "vehicles"} found`;
}

/** Moves one handle of a range slider; the min handle stays a step below the max and vice versa. */
export function moveHandle(
  handle: "min" | "max",
  value: number,
  [from, to]: readonly [number, number],
  step: number,
): [number, number] {
  return handle === "min" ? [Math.min(value, to - step), to] : [from, Math.max(value, from + step)];
}

/** Width of the price bands the slider's histogram counts (spec §2: price slider with facet counts). */
export const PRICE_BAND_WIDTH = 2500;

/** The band a price falls in, by its lower bound; unpriced cars have none. */
export function priceBand(price: number): number | null {
  return price > 0 ? Math.floor(price / PRICE_BAND_WIDTH) * PRICE_BAND_WIDTH : null;
}

export interface HistogramBar {
  from: number;
  to: number;
  count: number;
  /** Height relative to the tallest bar, 0..1. */
  share: number;
}

/**
 * Groups band counts (`{"12500": 3}`) into `bars` equal-width bars across the slider's bounds;
 * bands outside the bounds go to the nearest end bar.
 */
export function priceHistogram(
  bands: Readonly<Record<string, number>>,
  [min, max]: readonly [number, number],
  bars = 24,
): HistogramBar[] {
  if (!(max > min) || bars < 1) return [];
  const width = (max - min) / bars;
  const counts = new Array<number>(bars).fill(0);
  for (const [band, count] of Object.entries(bands)) {
    const lower = Number(band);
    if (!Number.isFinite(lower)) continue;
    const index = Math.min(bars - 1, Math.max(0, Math.floor((lower - min) / width)));
    counts[index] = (counts[index] ?? 0) + count;
  }
  const tallest = Math.max(...counts);
  return counts.map((count, i) => ({
    from: Math.round(min + i * width),
    to: Math.round(min + (i + 1) * width),
    count,
    share: tallest > 0 ? count / tallest : 0,
  }));
}

/**
 * The page numbers the pagination links (0-based): the current page and up to `padding` either
 * side, shifted at the ends so as many pages show as there would be in the middle.
 */
export function pageWindow(current: number, total: number, padding: number): number[] {
  if (total === 0) return [0];
  const shown = Math.min(2 * padding + 1, total);
  const left =
    current <= padding ? current : current >= total - padding ? shown - (total - current) : padding;
  return Array.from({ length: shown }, (_, i) => current - left + i);
}
