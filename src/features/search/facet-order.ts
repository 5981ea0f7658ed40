/**
 * The order a filter group lists its values in (spec §9): popular first by count, names
 * alphabetically, car types new, demo, used, and price ranges by numeric lower bound. Pure: the
 * island sorts with it and the tests read it.
 */
import { comparePriceRanges } from "./price-ranges";

export type FacetOrder = "count" | "name" | "condition" | "lower_bound";

export interface FacetValue {
  name: string;
  count: number;
}

/** Spec §9: car types ordered new, demo, used. */
export const CAR_TYPE_ORDER = ["new", "demo", "used"] as const;

const byName = (a: FacetValue, b: FacetValue) => a.name.localeCompare(b.name);
const conditionRank = (name: string) => {
  const rank = (CAR_TYPE_ORDER as readonly string[]).indexOf(name);
  return rank < 0 ? CAR_TYPE_ORDER.length : rank;
};

/** One function per order, so a widget given the same order keeps the same comparator. */
const COMPARATORS: Record<FacetOrder, (a: FacetValue, b: FacetValue) => number> = {
  count: (a, b) => b.count - a.count || byName(a, b),
  name: byName,
  condition: (a, b) => conditionRank(a.name) - conditionRank(b.name) || byName(a, b),
  lower_bound: (a, b) => comparePriceRanges(a.name, b.name),
};

export function facetComparator(order: FacetOrder): (a: FacetValue, b: FacetValue) => number {
  return COMPARATORS[order];
}
