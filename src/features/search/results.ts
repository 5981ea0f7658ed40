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
  return `${count.toLocaleString("en-AU")} ${count === 1 ? "vehicle" : "vehicles"} found`;
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
