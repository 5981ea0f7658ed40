/** Index attributes and settings: imported by the build, the browser engine and search-sync. */

/** Filterable attributes, in the order the filter panel shows them. */
export const FACET_ATTRIBUTES = [
  "car_type",
  "make",
  "model",
  "badge",
  "body",
  "fuel",
  "transmission",
  "drive",
  "colour",
  "year",
  "seats",
  "state",
  "city",
  "location_name",
  "dealership_name",
  "status",
  "tag",
  "certified",
  "item_type",
  "filtered_features",
  "make_model",
  "price_range",
] as const;

export const NUMERIC_ATTRIBUTES = [
  "price",
  "km",
  "year",
  "subscription_price",
  "created_at_timestamp",
  "weekly",
  "sleeps",
] as const;
export const SORTABLE_ATTRIBUTES = ["price", "km", "year", "created_at_timestamp", "rank"] as const;
export const SEARCHABLE_ATTRIBUTES = [
  "name",
  "make",
  "model",
  "badge",
  "body_label",
  "colour",
  "stocknum",
  "location_name",
];

/**
 * Index settings, shared by the embedded engine and scripts/search-sync.ts so both answer alike.
 * Ranking: Meilisearch's built-in rules, then the custom rank descending (spec §7).
 */
export const CAR_INDEX_SETTINGS = {
  searchableAttributes: [...SEARCHABLE_ATTRIBUTES],
  filterableAttributes: [
    ...new Set([...FACET_ATTRIBUTES, ...NUMERIC_ATTRIBUTES, "dealership_slug", "sold", "price_band"]),
  ],
  sortableAttributes: [...SORTABLE_ATTRIBUTES],
  rankingRules: ["words", "typo", "proximity", "attribute", "sort", "exactness", "rank:desc"],
  maxValuesPerFacet: 200,
};
