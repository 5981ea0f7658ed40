/**
 * Facets as Meilisearch counts them: over every filtered hit, values in alphanumeric order unless
 * `sortFacetValuesBy` says `count`, at most `maxValuesPerFacet`; `facetStats` min/max for numbers.
 */
import { isAttributeFilterable } from "../filter";
import type { Column, Columns } from "./columns";
import { invalid } from "./errors";
import type { FacetDistribution, FacetOrder, FacetStats, SearchEngine } from "./types";

type Settings = SearchEngine["settings"];

/** The facets a request asks for, checked against the filterable attributes (`*`: all of them). */
export function facetNames(
  facets: string[] | undefined,
  filterable: readonly string[],
): string[] | undefined {
  if (!facets) return undefined;
  if (facets.includes("*")) return filterable.filter((f) => f !== "*");
  for (const facet of facets) {
    if (!isAttributeFilterable(facet, filterable)) {
      const available = [...filterable].sort();
      throw invalid(
        "invalid_search_facets",
        available.length === 0
          ? `Invalid facet distribution, attribute \`${facet}\` is not filterable. This index does not have configured filterable attributes.`
          : `Invalid facet distribution, attribute \`${facet}\` is not filterable. The available filterable attributes are \`${available.join(", ")}\`.`,
      );
    }
  }
  return [...new Set(facets)];
}

export function facetOrder(settings: Settings, attribute: string): FacetOrder {
  return settings.sortFacetValuesBy[attribute] ?? settings.sortFacetValuesBy["*"] ?? "alpha";
}

/** Documents per value id among `docs`. */
export function countValues(column: Column, docs: Int32Array): Int32Array {
  const counts = new Int32Array(column.keys.length);
  const { single, start, ids } = column;
  if (single) {
    for (let i = 0; i < docs.length; i++) {
      const id = single[docs[i] as number] as number;
      if (id >= 0) counts[id] = (counts[id] as number) + 1;
    }
    return counts;
  }
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as number;
    const end = start[d + 1] as number;
    for (let k = start[d] as number; k < end; k++) {
      const id = ids[k] as number;
      counts[id] = (counts[id] as number) + 1;
    }
  }
  return counts;
}

/** Value ids with a count, in the attribute's facet order, at most `limit` of them. */
export function orderedValueIds(
  column: Column,
  counts: Int32Array,
  order: FacetOrder,
  limit: number,
): number[] {
  const present: number[] = [];
  if (order === "alpha") {
    for (const id of column.alphaOrder) {
      if (present.length >= limit) break;
      if ((counts[id] as number) > 0) present.push(id);
    }
    return present;
  }
  for (let i = 0; i < column.alphaOrder.length; i++) {
    if ((counts[column.alphaOrder[i] as number] as number) > 0) present.push(i);
  }
  // `present` holds alphabetical positions: sort by count, ties alphabetically.
  present.sort(
    (x, y) =>
      (counts[column.alphaOrder[y] as number] as number) -
        (counts[column.alphaOrder[x] as number] as number) || x - y,
  );
  return present.slice(0, limit).map((i) => column.alphaOrder[i] as number);
}

/** Value counts of each facet over `docs`, and min/max of its numbers. */
export function facetDistribution(
  columns: Columns,
  settings: Settings,
  names: string[],
  docs: Int32Array,
): { distribution: FacetDistribution; stats: FacetStats } {
  const distribution: FacetDistribution = {};
  const stats: FacetStats = {};
  const max = settings.maxValuesPerFacet;
  for (const name of names) {
    const column = columns.column(name);
    const counts = countValues(column, docs);
    const values: Record<string, number> = {};
    for (const id of orderedValueIds(column, counts, facetOrder(settings, name), max)) {
      values[column.labels[id] as string] = counts[id] as number;
    }
    distribution[name] = values;
    if (column.numberCount === 0) continue;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as number;
      const a = column.numMin[d] as number;
      const b = column.numMax[d] as number;
      if (a < lo) lo = a;
      if (b > hi) hi = b;
    }
    if (lo !== Number.POSITIVE_INFINITY) stats[name] = { min: lo, max: hi };
  }
  return { distribution, stats };
}
