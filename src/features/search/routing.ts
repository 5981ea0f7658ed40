/**
 * Every /search/... URL and query string, both ways (spec §2 routes, §3 search state). Links from
 * the old sites use instantsearch's query-string format (`refinementList[make][0]=Toyota`,
 * `range[price]=10000:30000`), so that is the format here too. Pure: runs at build time and in
 * the search island.
 */

import { vehicleNoun } from "~/features/stock/stock";
import type { CarType, Site } from "~/tenant/schema";
import { type MoneyRange, parseMoneyRange, priceRangeLabel } from "./price-ranges";
import {
  LIST_REFINEMENTS,
  RANGE_REFINEMENTS,
  type SearchUiState,
  SORT_KEYS,
  type SortKey,
  stateToQueryString,
} from "./query-string";
import { DEFAULT_SEARCH_PATH, toSlug } from "./slugs";

export { type SearchUiState, type SortKey, stateToQueryString } from "./query-string";

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

/** `refinementList[make][0]` → ["refinementList", "make", "0"]; accepts `[]` and missing indexes. */
function keyParts(key: string): string[] {
  const match = /^([a-zA-Z_]+)((?:\[[^\]]*\])*)$/.exec(key);
  if (!match) return [];
  return [match[1] as string, ...[...(match[2] ?? "").matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] as string)];
}

/**
 * The old sites' search-state names that are not plain refinements here; read from
 * `refinementList[name][i]=` or a bare `name=` / `name[i]=`.
 */
const LINK_FILTERS = [
  "categories",
  "price_range",
  "weekly_price_range",
  "created_at_timestamp",
  "subscription_price",
] as const;
type LinkFilter = (typeof LINK_FILTERS)[number];
const RANGE_ALIASES: Record<string, (typeof RANGE_REFINEMENTS)[number]> = {
  weekly_price_range: "weekly",
  weekly_price: "weekly",
};
const YES = /^(true|1|yes|on)$/i;
const CAR_TYPE_WORDS: Record<string, CarType> = {
  new: "new",
  demo: "demo",
  demonstrator: "demo",
  used: "used",
  "pre-owned": "used",
  preowned: "used",
};
/** Display names of bodies as old links spell them ("People Movers") → the index's body values. */
const BODY_WORDS: Record<string, string> = {
  "cab chassis": "cabChassis",
  "people mover": "peopleMover",
  "light truck": "lightTruck",
  "station wagon": "stationWagon",
  wagon: "stationWagon",
  "camper trailer": "camperTrailer",
  electric: "ev",
  hatchback: "hatch",
};

/** A category of the old sites: a car type ("New Cars") or a body ("SUVs", "Cars > Utes"). */
function readCategory(value: string): { attribute: "car_type" | "body"; value: string } | null {
  const last = (value.split(">").at(-1) ?? value).trim().toLowerCase();
  const words = last.replace(/\s+(cars|vehicles|stock)$/, "");
  const carType = CAR_TYPE_WORDS[words];
  if (carType) return { attribute: "car_type", value: carType };
  const singular = words.replace(/(?<=[a-z])s$/, "");
  const body = BODY_WORDS[words] ?? BODY_WORDS[singular];
  if (body) return { attribute: "body", value: body };
  return /^[a-z0-9]+$/.test(singular) ? { attribute: "body", value: singular } : null;
}

/** Timestamps in old links may be milliseconds; the index holds seconds. */
const seconds = (n: number) => (n >= 1e12 ? Math.floor(n / 1000) : n);

/** Reads the query string; unknown parameters are ignored and malformed ones dropped. */
export function parseQueryState(search: string): SearchUiState {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const state: SearchUiState = {};
  const lists: Record<string, { index: number; value: string }[]> = {};
  const ranges: Record<string, MoneyRange> = {};
  const ignored: string[] = [];
  const flags = { min: false, max: false };
  let order = 0;
  const addListValue = (attribute: string, value: string, index: string | undefined) => {
    const position = index !== undefined && /^\d+$/.test(index) ? Number(index) : 1_000_000 + order++;
    lists[attribute] = [...(lists[attribute] ?? []), { index: position, value }];
  };
  const addRange = (attribute: string, range: MoneyRange | null, label: string): void => {
    if (!range || ranges[attribute]) ignored.push(label);
    else if (attribute !== "created_at_timestamp") ranges[attribute] = range;
    else
      ranges[attribute] = {
        ...(range.min !== undefined ? { min: seconds(range.min) } : {}),
        ...(range.max !== undefined ? { max: seconds(range.max) } : {}),
      };
  };
  const readLinkFilter = (name: LinkFilter, value: string, index: string | undefined) => {
    const label = `${name}=${value}`;
    switch (name) {
      case "categories": {
        const category = readCategory(value);
        if (category) addListValue(category.attribute, category.value, undefined);
        else ignored.push(label);
        return;
      }
      case "price_range": {
        const range = parseMoneyRange(value);
        const band = range && priceRangeLabel(range);
        // A range that is no band of the facet is still honoured, as the price slider's range.
        if (band) addListValue("price_range", band, index);
        else addRange("price", range, label);
        return;
      }
      case "weekly_price_range":
        addRange("weekly", parseMoneyRange(value), label);
        return;
      case "created_at_timestamp": {
        const since = /^\d+$/.test(value) ? { min: Number(value) } : parseMoneyRange(value);
        addRange("created_at_timestamp", since, label);
        return;
      }
      case "subscription_price":
        // "Subscription available": any subscription price above 0 (spec §4 price display).
        addRange("subscription_price", YES.test(value) ? { min: 1 } : parseMoneyRange(value), label);
        return;
    }
  };
  for (const [key, raw] of params) {
    const value = raw.trim();
    const [name = "", attribute, index] = keyParts(key);
    const linkFilter = (LINK_FILTERS as readonly string[]).includes(name)
      ? (name as LinkFilter)
      : name === "refinementList" && (LINK_FILTERS as readonly string[]).includes(attribute ?? "")
        ? (attribute as LinkFilter)
        : undefined;
    const rangeAttribute =
      name === "range" && attribute ? (RANGE_ALIASES[attribute] ?? attribute) : undefined;
    if (name === "query" && attribute === undefined && value) state.query = value.slice(0, 200);
    else if (name === "page" && attribute === undefined && /^\d+$/.test(value) && Number(value) >= 1) {
      state.page = Math.min(Number(value), 10_000);
    } else if (name === "sortBy" && attribute === undefined) {
      const sort = parseSort(value);
      if (sort) state.sortBy = sort;
    } else if ((name === "isMinRange" || name === "isMaxRange") && attribute === undefined) {
      // The old slider's handle sat at its end: that side of the range is open ("$50,000 and over").
      if (YES.test(value)) flags[name === "isMinRange" ? "min" : "max"] = true;
    } else if (linkFilter && value) {
      readLinkFilter(linkFilter, value, name === "refinementList" ? index : attribute);
    } else if (
      name === "refinementList" &&
      attribute &&
      (LIST_REFINEMENTS as readonly string[]).includes(attribute) &&
      value
    ) {
      addListValue(attribute, value, index);
    } else if (rangeAttribute && (RANGE_REFINEMENTS as readonly string[]).includes(rangeAttribute) && value) {
      addRange(rangeAttribute, parseMoneyRange(value), `range[${attribute}]=${value}`);
    }
  }
  for (const [attribute, entries] of Object.entries(lists)) {
    const values = [...new Set(entries.sort((a, b) => a.index - b.index).map((entry) => entry.value))];
    state.refinementList = { ...state.refinementList, [attribute]: values };
  }
  for (const [attribute, { min, max }] of Object.entries(ranges)) {
    const open = {
      ...(min !== undefined && !flags.min ? { min } : {}),
      ...(max !== undefined && !flags.max ? { max } : {}),
    };
    if (open.min !== undefined || open.max !== undefined) state.range = { ...state.range, [attribute]: open };
  }
  if (ignored.length) state.ignored = ignored;
  return state;
}

/** True when a URL carries search state; the root path with no params is ignored for sync. */
export function hasSearchParams(url: URL | string): boolean {
  const search = typeof url === "string" ? new URL(url, "http://x").search : url.search;
  const state = parseQueryState(search);
  return Object.keys(state).length > 0;
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
