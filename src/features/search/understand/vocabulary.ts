/**
 * What the search can understand of a tenant's stock: the facet values its search documents hold
 * (makes, models, badges, colours, bodies, fuels, locations, features…), worked out at build time
 * and shipped inside the search index file the search worker already loads, so the page carries
 * none of it. A word resolves to a facet only when that value is in this tenant's stock ("Mini" is
 * a make at a dealer that has one, and plain text elsewhere).
 */
import type { CarSearchDocument } from "../documents";

/** The list refinements a shopper's words can become, in the order the "Showing …" line reads them. */
export const UNDERSTOOD_LISTS = [
  "car_type",
  "colour",
  "make",
  "model",
  "badge",
  "fuel",
  "transmission",
  "drive",
  "body",
  "filtered_features",
  "seats",
  "city",
  "location_name",
] as const;
export type UnderstoodList = (typeof UNDERSTOOD_LISTS)[number];

/** The ranges a shopper's words can become, in the order the "Showing …" line reads them. */
export const UNDERSTOOD_RANGES = ["sleeps", "year", "price", "weekly", "km"] as const;
export type UnderstoodRange = (typeof UNDERSTOOD_RANGES)[number];

export interface Vocabulary {
  /** Each list attribute's values in stock, as the facet holds them. */
  values: Record<UnderstoodList, string[]>;
  /** The make of each model ("HiLux" → "Toyota"), for the line and to tell models apart. */
  makeOf: Record<string, string>;
  /** The models each badge is found on ("GR Sport" → ["Corolla", "HiLux"]). */
  badgeModels: Record<string, string[]>;
  /** The ranges with values in stock (no "sleeps 4" at a car dealer, no "per week" without estimates). */
  ranges: UnderstoodRange[];
  /** "cheap": the price the cheapest quarter of the stock is at or under, rounded up to $1,000. */
  cheapMax: number | null;
}

const uniqueSorted = (values: Iterable<string>) =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b, "en-AU"));

const present = (value: unknown): value is string | number =>
  (typeof value === "string" && value.trim() !== "") || (typeof value === "number" && Number.isFinite(value));

export function buildVocabulary(documents: readonly CarSearchDocument[]): Vocabulary {
  const values = {} as Record<UnderstoodList, string[]>;
  for (const attribute of UNDERSTOOD_LISTS) {
    values[attribute] = uniqueSorted(
      documents.flatMap((doc) => {
        const value = doc[attribute];
        return (Array.isArray(value) ? value : [value]).filter(present).map(String);
      }),
    );
  }
  const makeOf: Record<string, string> = {};
  const badgeModels: Record<string, Set<string>> = {};
  for (const doc of documents) {
    makeOf[doc.model] ??= doc.make;
    if (!doc.badge) continue;
    const models = badgeModels[doc.badge] ?? new Set<string>();
    models.add(doc.model);
    badgeModels[doc.badge] = models;
  }
  const ranges = UNDERSTOOD_RANGES.filter((attribute) =>
    documents.some((doc) => typeof doc[attribute] === "number" && (doc[attribute] as number) > 0),
  );
  const prices = documents
    .map((doc) => doc.price)
    .filter((price) => price > 0)
    .sort((a, b) => a - b);
  const quarter = prices[Math.max(0, Math.ceil(prices.length / 4) - 1)];
  return {
    values,
    makeOf,
    badgeModels: Object.fromEntries(
      Object.entries(badgeModels).map(([badge, models]) => [badge, uniqueSorted(models)]),
    ),
    ranges,
    cheapMax: quarter === undefined ? null : Math.ceil(quarter / 1000) * 1000,
  };
}
