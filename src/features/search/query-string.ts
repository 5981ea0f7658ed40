/**
 * The search state (spec §3) and its canonical query string, in the old sites' instantsearch
 * format (`refinementList[make][0]=Toyota`, `range[price]=10000:30000`). Apart from routing.ts
 * (which reads any link, old formats included) so that a page that only writes search links, the
 * home page's budget finder, carries none of the reading.
 */

export const SORT_KEYS = ["relevance", "latest", "price_desc", "price_asc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface SearchUiState {
  query?: string;
  page?: number;
  sortBy?: SortKey;
  refinementList?: Record<string, string[]>;
  range?: Record<string, { min?: number; max?: number }>;
  /**
   * Filters a link asked for that this site cannot honour (`price_range: cheap`), so the page can
   * say a filter was ignored rather than show unfiltered stock as if it were the answer.
   * Never written back to the address.
   */
  ignored?: string[];
}

/** List refinements of the spec's search state that the index can filter on. */
export const LIST_REFINEMENTS = [
  "badge",
  "status",
  "car_type",
  "city",
  "colour",
  "dealership_name",
  "filtered_features",
  "item_type",
  "location_name",
  "make",
  "make_model",
  "model",
  "seats",
  "body",
  "drive",
  "fuel",
  "transmission",
  "state",
  "tag",
  "year",
  "certified",
  "price_range",
] as const;
/**
 * `weekly` is the lender's weekly estimate the cards show (the tenant's finance rule); `sleeps` is a
 * caravan's berths ("sleeps 4" in the search box).
 */
export const RANGE_REFINEMENTS = [
  "price",
  "km",
  "year",
  "subscription_price",
  "weekly",
  "created_at_timestamp",
  "sleeps",
] as const;

/** The canonical query string (leading `?`, or "" when the state is the default). */
export function stateToQueryString(state: SearchUiState): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => {
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  };
  if (state.query) add("query", state.query);
  for (const attribute of LIST_REFINEMENTS) {
    for (const [i, value] of (state.refinementList?.[attribute] ?? []).entries()) {
      add(`refinementList[${attribute}][${i}]`, value);
    }
  }
  for (const attribute of RANGE_REFINEMENTS) {
    const range = state.range?.[attribute];
    if (range && (range.min !== undefined || range.max !== undefined))
      add(`range[${attribute}]`, `${range.min ?? ""}:${range.max ?? ""}`);
  }
  if (state.sortBy && state.sortBy !== "relevance") add("sortBy", state.sortBy);
  if (state.page && state.page > 1) add("page", String(state.page));
  return parts.length ? `?${parts.join("&")}` : "";
}
