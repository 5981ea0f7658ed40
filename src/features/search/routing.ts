/**
 * Every /search/... URL and query string, both ways (spec §2 routes, §3 search state). Links from
 * the old sites use instantsearch's query-string format (`refinementList[make][0]=Toyota`,
 * `range[price]=10000:30000`), so that is the format here too. Pure: runs at build time and in
 * the search island.
 */

import { vehicleNoun } from "~/features/stock/stock";
import type { CarType, Site } from "~/tenant/schema";
import { DEFAULT_SEARCH_PATH, toSlug } from "./slugs";

export type SearchPath =
  | { kind: "all" }
  | { kind: "car_type"; carTypes: CarType[] }
  | { kind: "make"; make: string }
  | { kind: "make_model"; make: string; model: string }
  | { kind: "dealership"; dealership: string; slug: string };

export interface SearchCatalogue {
  makes: { name: string; slug: string; models: { name: string; slug: string }[] }[];
  dealerships: { name: string; slug: string }[];
}

export const SORT_KEYS = ["relevance", "latest", "price_desc", "price_asc"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface SearchUiState {
  query?: string;
  page?: number;
  sortBy?: SortKey;
  refinementList?: Record<string, string[]>;
  range?: Record<string, { min?: number; max?: number }>;
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
] as const;
export const RANGE_REFINEMENTS = ["price", "km", "year", "subscription_price"] as const;

const CAR_TYPE_ROUTES: Record<string, CarType[]> = {
  "new-cars": ["new"],
  "demo-cars": ["demo"],
  "used-cars": ["used"],
  "new-and-demo-cars": ["new", "demo"],
};
const RESERVED = new Set(["new-used-and-demo-cars", ...Object.keys(CAR_TYPE_ROUTES)]);

export function buildCatalogue(
  docs: readonly {
    make: string;
    model: string;
    dealership_name: string | null;
    dealership_slug: string | null;
  }[],
): SearchCatalogue {
  const makes = new Map<string, Map<string, string>>();
  const dealerships = new Map<string, string>();
  for (const doc of docs) {
    const models = makes.get(doc.make) ?? new Map<string, string>();
    models.set(toSlug(doc.model), doc.model);
    makes.set(doc.make, models);
    if (doc.dealership_slug && doc.dealership_name) dealerships.set(doc.dealership_slug, doc.dealership_name);
  }
  return {
    makes: [...makes]
      .map(([name, models]) => ({
        name,
        slug: toSlug(name),
        models: [...models]
          .map(([slug, model]) => ({ name: model, slug }))
          .sort((a, b) => a.slug.localeCompare(b.slug)),
      }))
      .sort((a, b) => a.slug.localeCompare(b.slug)),
    dealerships: [...dealerships]
      .map(([slug, name]) => ({ name, slug }))
      .sort((a, b) => a.slug.localeCompare(b.slug)),
  };
}

/** Resolves a /search/... path; null when it names nothing this site has (a 404). */
export function parseSearchPath(pathname: string, catalogue: SearchCatalogue): SearchPath | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const parts = decoded.toLowerCase().replace(/\/+$/, "").split("/").filter(Boolean);
  if (parts[0] !== "search" || parts.length < 2 || parts.length > 3) return null;
  const [, first = "", second] = parts;
  if (!second) {
    if (first === "new-used-and-demo-cars") return { kind: "all" };
    const carTypes = CAR_TYPE_ROUTES[first];
    if (carTypes) return { kind: "car_type", carTypes };
  }
  const make = catalogue.makes.find((candidate) => candidate.slug === first);
  if (make && !second) return { kind: "make", make: make.name };
  if (make && second) {
    const model = make.models.find((candidate) => candidate.slug === second);
    return model ? { kind: "make_model", make: make.name, model: model.name } : null;
  }
  const dealership = !second && catalogue.dealerships.find((candidate) => candidate.slug === first);
  return dealership ? { kind: "dealership", dealership: dealership.name, slug: dealership.slug } : null;
}

export function searchPathToUrl(path: SearchPath): string {
  switch (path.kind) {
    case "all":
      return DEFAULT_SEARCH_PATH;
    case "car_type": {
      const route = Object.entries(CAR_TYPE_ROUTES).find(
        ([, types]) => types.join() === path.carTypes.join(),
      );
      return `/search/${route?.[0] ?? "new-used-and-demo-cars"}`;
    }
    case "make":
      return `/search/${toSlug(path.make)}`;
    case "make_model":
      return `/search/${toSlug(path.make)}/${toSlug(path.model)}`;
    case "dealership":
      return `/search/${path.slug}`;
  }
}

/** A Meilisearch string literal: double-quoted, with quotes and backslashes escaped. */
export function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** The filters a path implies. */
export function searchPathFilter(path: SearchPath): string[] {
  switch (path.kind) {
    case "all":
      return [];
    case "car_type":
      return [`car_type IN [${path.carTypes.map(quote).join(", ")}]`];
    case "make":
      return [`make = ${quote(path.make)}`];
    case "make_model":
      return [`make = ${quote(path.make)}`, `model = ${quote(path.model)}`];
    case "dealership":
      return [`dealership_name = ${quote(path.dealership)}`];
  }
}

/** "New, Used and Demo": the car types a listing covers, in the default route's order. */
export function carTypesPhrase(types: readonly CarType[], site: Pick<Site, "used_keyword">): string {
  const name = { new: "New", used: site.used_keyword, demo: "Demo" } as const;
  const words = (["new", "used", "demo"] as const).filter((type) => types.includes(type)).map((t) => name[t]);
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/**
 * Page title of a search route. `carTypes` are the types the tenant stocks, so a used-only site's
 * default route reads "Used Cars for Sale" rather than promising new and demo stock.
 */
export function searchPathTitle(
  path: SearchPath,
  site: Pick<Site, "used_keyword" | "template">,
  carTypes: readonly CarType[] = ["new", "used", "demo"],
): string {
  const nouns = `${vehicleNoun(site)}s`;
  switch (path.kind) {
    case "all":
      return `${[carTypesPhrase(carTypes, site), nouns].filter(Boolean).join(" ")} for Sale`;
    case "car_type":
      return `${path.carTypes.map((type) => carTypesPhrase([type], site)).join(" and ")} ${nouns} for Sale`;
    case "make":
      return `${path.make} ${nouns} for Sale`;
    case "make_model":
      return `${path.make} ${path.model} for Sale`;
    case "dealership":
      return `${nouns} for Sale at ${path.dealership}`;
  }
}

/** Every search route a tenant prerenders. */
export function allSearchPaths(catalogue: SearchCatalogue, carTypes: readonly CarType[]): SearchPath[] {
  const has = (type: CarType) => carTypes.includes(type);
  const makeSlugs = new Set(catalogue.makes.map((make) => make.slug));
  return [
    { kind: "all" },
    ...(["new", "demo", "used"] as const)
      .filter(has)
      .map((type): SearchPath => ({ kind: "car_type", carTypes: [type] })),
    ...(has("new") && has("demo") ? [{ kind: "car_type", carTypes: ["new", "demo"] } as SearchPath] : []),
    ...catalogue.makes.flatMap((make): SearchPath[] => [
      { kind: "make", make: make.name },
      ...make.models.map((model): SearchPath => ({ kind: "make_model", make: make.name, model: model.name })),
    ]),
    ...catalogue.dealerships
      .filter((dealership) => !makeSlugs.has(dealership.slug) && !RESERVED.has(dealership.slug))
      .map(
        (dealership): SearchPath => ({
          kind: "dealership",
          dealership: dealership.name,
          slug: dealership.slug,
        }),
      ),
  ];
}

/** Old sites' sort values: our keys, or index names like `cars_price_asc` / `cars:price:asc`. */
function parseSort(value: string): SortKey | undefined {
  if ((SORT_KEYS as readonly string[]).includes(value)) return value as SortKey;
  const v = value.toLowerCase();
  if (/price[:_]asc/.test(v)) return "price_asc";
  if (/price[:_]desc/.test(v)) return "price_desc";
  if (/(created_at(_timestamp)?|latest|newest)[:_]?(desc)?$/.test(v)) return "latest";
  return undefined;
}

const numberOrUndefined = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** `refinementList[make][0]` → ["refinementList", "make", "0"]; accepts `[]` and missing indexes. */
function keyParts(key: string): string[] {
  const match = /^([a-zA-Z]+)((?:\[[^\]]*\])*)$/.exec(key);
  if (!match) return [];
  return [match[1] as string, ...[...(match[2] ?? "").matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] as string)];
}

/** Reads the query string; unknown parameters are ignored and malformed ones dropped. */
export function parseQueryState(search: string): SearchUiState {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const state: SearchUiState = {};
  const lists: Record<string, { index: number; value: string }[]> = {};
  let order = 0;
  for (const [key, raw] of params) {
    const value = raw.trim();
    const [name, attribute, index] = keyParts(key);
    if (name === "query" && attribute === undefined && value) state.query = value.slice(0, 200);
    else if (name === "page" && attribute === undefined && /^\d+$/.test(value) && Number(value) >= 1) {
      state.page = Math.min(Number(value), 10_000);
    } else if (name === "sortBy" && attribute === undefined) {
      const sort = parseSort(value);
      if (sort) state.sortBy = sort;
    } else if (
      name === "refinementList" &&
      attribute &&
      (LIST_REFINEMENTS as readonly string[]).includes(attribute) &&
      value
    ) {
      const position = index !== undefined && /^\d+$/.test(index) ? Number(index) : 1_000_000 + order++;
      lists[attribute] = [...(lists[attribute] ?? []), { index: position, value }];
    } else if (
      name === "range" &&
      attribute &&
      (RANGE_REFINEMENTS as readonly string[]).includes(attribute)
    ) {
      const [minText, maxText, extra] = value.split(":");
      const min = numberOrUndefined(minText);
      const max = numberOrUndefined(maxText);
      if (extra !== undefined || Number.isNaN(min) || Number.isNaN(max)) continue;
      if (min === undefined && max === undefined) continue;
      if (min !== undefined && max !== undefined && min > max) continue;
      state.range = {
        ...state.range,
        [attribute]: { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) },
      };
    }
  }
  for (const [attribute, entries] of Object.entries(lists)) {
    const values = [...new Set(entries.sort((a, b) => a.index - b.index).map((entry) => entry.value))];
    state.refinementList = { ...state.refinementList, [attribute]: values };
  }
  return state;
}

/** True when a URL carries search state; the root path with no params is ignored for sync. */
export function hasSearchParams(url: URL | string): boolean {
  const search = typeof url === "string" ? new URL(url, "http://x").search : url.search;
  const state = parseQueryState(search);
  return Object.keys(state).length > 0;
}

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

export function routeToState(
  url: URL | string,
  catalogue: SearchCatalogue,
): { path: SearchPath; state: SearchUiState } | null {
  const parsed = typeof url === "string" ? new URL(url, "http://localhost") : url;
  const path = parseSearchPath(parsed.pathname, catalogue);
  return path ? { path, state: parseQueryState(parsed.search) } : null;
}

export function stateToRoute(path: SearchPath, state: SearchUiState): string {
  return `${searchPathToUrl(path)}${stateToQueryString(state)}`;
}

export function sortToMeili(sort: SortKey | undefined): string[] {
  switch (sort) {
    case "latest":
      return ["created_at_timestamp:desc"];
    case "price_desc":
      return ["price:desc"];
    case "price_asc":
      return ["price:asc"];
    default:
      return [];
  }
}

/** Spec §5: price-ascending sort also drops unpriced cars on sites that say so. */
export function sortExtraFilter(sort: SortKey | undefined, site: Pick<Site, "search">): string[] {
  return sort === "price_asc" && site.search.price_asc_excludes_zero ? ["price > 0"] : [];
}

/** The Meilisearch request for a path and state: what the build prerenders and the island sends. */
export function stateToSearchParams(path: SearchPath, state: SearchUiState, site: Pick<Site, "search">) {
  const filter: (string | string[])[] = [...searchPathFilter(path)];
  for (const [attribute, values] of Object.entries(state.refinementList ?? {})) {
    if (values.length) filter.push(values.map((value) => `${attribute} = ${quote(value)}`));
  }
  for (const [attribute, { min, max }] of Object.entries(state.range ?? {})) {
    if (min !== undefined) filter.push(`${attribute} >= ${min}`);
    if (max !== undefined) filter.push(`${attribute} <= ${max}`);
  }
  filter.push(...sortExtraFilter(state.sortBy, site));
  return {
    q: state.query ?? "",
    filter,
    sort: sortToMeili(state.sortBy),
    page: state.page ?? 1,
    hitsPerPage: site.search.cards_per_page,
  };
}

/** `/models?body={body-type}` (old sites' body-type links) → the default search refined by body. */
export function modelsRedirect(url: URL): string | null {
  if (url.pathname.replace(/\/+$/, "") !== "/models") return null;
  const body = url.searchParams.get("body")?.trim();
  return stateToRoute({ kind: "all" }, body ? { refinementList: { body: [body] } } : {});
}
