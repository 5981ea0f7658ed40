/**
 * instantsearch's requests as Meilisearch multi-search queries, and Meilisearch's answers as
 * instantsearch's results: what the search page's widgets ask (the words, page and hits per page,
 * facets, ticked facet values, numeric ranges, the page's own filter string, the sort named in the
 * index, `cars-x:price:asc`), in the form instant-meilisearch 1.0 gives them with the options the
 * page used (finite pagination, placeholder search, no zero-count facet values). Both the hosted
 * service and the embedded engine answer these queries.
 *
 * Unlike instant-meilisearch, nothing asks for highlighting the widgets never show: a hit is the
 * search document as stored.
 */
import type { MultiSearchQuery, SearchResponse } from "../engine";

/** A request of instantsearch's `searchClient.search(requests)` (Algolia's parameter names). */
export interface InstantSearchRequest {
  indexName: string;
  query?: string;
  params?: {
    query?: string;
    hitsPerPage?: number;
    page?: number;
    facets?: string | readonly string[];
    filters?: string;
    facetFilters?: string | readonly (string | readonly string[])[];
    numericFilters?: string | readonly (string | readonly string[])[];
    attributesToRetrieve?: readonly string[];
    attributesToHighlight?: readonly string[];
    attributesToSnippet?: readonly string[];
    highlightPreTag?: string;
    highlightPostTag?: string;
    snippetEllipsisText?: string;
    restrictSearchableAttributes?: readonly string[];
  };
}

/** One answer of a Meilisearch multi-search. */
export type MeilisearchAnswer = SearchResponse & { indexUid: string };

/** A result of instantsearch's `searchClient.search` (what algoliasearch-helper reads). */
export interface InstantSearchResult {
  index: string;
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, { min: number; max: number; avg: number; sum: number }>;
  processingTimeMS: number;
  query: string;
  params: string;
  exhaustiveNbHits: boolean;
}

/** Meilisearch's default page size, taken when a request names none. */
const HITS_PER_PAGE = 20;

const escapeQuotes = (text: string) => text.replace(/([\\"])/g, "\\$1");

/** A ticked facet value: `make:Toyota` → `"make"="Toyota"`. */
function facetFilter(filter: string): string {
  const escaped = escapeQuotes(filter);
  const colon = escaped.indexOf(":");
  return `"${escaped.slice(0, colon)}"="${escaped.slice(colon + 1)}"`;
}

/** A numeric refinement: `price>=1000` → `"price">=1000`, `year:2019 TO 2021` → `"year" 2019 TO 2021`. */
function numericFilter(filter: string): string {
  const [attribute = "", operator, value = ""] = filter.split(/(?<!(?:[<!>]?=|<|>|:).*)([<!>]?=|<|>|:)/);
  return `"${escapeQuotes(attribute).trim()}"${operator === ":" ? " " : operator}${value.trim()}`;
}

/** Algolia's filter lists (a string, or AND of strings and OR-groups) in Meilisearch's array form. */
function filterList(
  filters: string | readonly (string | readonly string[])[] | undefined,
  each: (filter: string) => string,
): (string | string[])[] {
  if (filters === undefined) return [];
  if (typeof filters === "string") return [each(filters)];
  return filters.map((filter) => (typeof filter === "string" ? each(filter) : filter.map(each)));
}

/** The index and the sort rules instantsearch's sort widget names: `cars-x:price:asc,year:desc`. */
function indexAndSort(indexName: string): { indexUid: string; sort: string[] } {
  const colon = indexName.indexOf(":");
  if (colon === -1) return { indexUid: indexName, sort: [] };
  const rules = indexName.slice(colon + 1);
  return { indexUid: indexName.slice(0, colon), sort: rules ? rules.split(/,(?=\w+:(?:asc|desc))/) : [] };
}

/** The Meilisearch query of one instantsearch request. */
export function toMeilisearchQuery(request: InstantSearchRequest): MultiSearchQuery {
  const params = request.params ?? {};
  const { indexUid, sort } = indexAndSort(request.indexName);
  const filter = [
    ...(params.filters !== undefined ? [params.filters] : []),
    ...filterList(params.numericFilters, numericFilter),
    ...filterList(params.facetFilters, facetFilter),
  ];
  const query: MultiSearchQuery = {
    indexUid,
    q: params.query ?? request.query,
    hitsPerPage: params.hitsPerPage ?? HITS_PER_PAGE,
    page: (params.page ?? 0) + 1,
  };
  if (params.facets !== undefined)
    query.facets = typeof params.facets === "string" ? [params.facets] : [...params.facets];
  if (filter.length > 0) query.filter = filter;
  if (sort.length > 0) query.sort = sort;
  if (params.attributesToRetrieve !== undefined)
    query.attributesToRetrieve = [...params.attributesToRetrieve];
  if (params.attributesToHighlight !== undefined) {
    query.attributesToHighlight = [...params.attributesToHighlight];
    query.highlightPreTag = params.highlightPreTag ?? "__ais-highlight__";
    query.highlightPostTag = params.highlightPostTag ?? "__/ais-highlight__";
  }
  if (params.attributesToSnippet !== undefined) query.attributesToCrop = [...params.attributesToSnippet];
  if (params.snippetEllipsisText !== undefined) query.cropMarker = params.snippetEllipsisText;
  if (params.restrictSearchableAttributes !== undefined)
    query.attributesToSearchOn = [...params.restrictSearchableAttributes];
  return query;
}

/** instantsearch's result of one request from Meilisearch's answer to its query. */
export function toInstantSearchResult(
  request: InstantSearchRequest,
  answer: MeilisearchAnswer,
): InstantSearchResult {
  const hitsPerPage = request.params?.hitsPerPage ?? HITS_PER_PAGE;
  const facetStats = answer.facetStats ?? {};
  return {
    index: answer.indexUid,
    hitsPerPage,
    page: request.params?.page ?? 0,
    facets: answer.facetDistribution ?? {},
    nbPages: answer.totalPages ?? 0,
    nbHits:
      answer.estimatedTotalHits ?? answer.totalHits ?? (answer.hitsPerPage ?? 0) * (answer.totalPages ?? 0),
    processingTimeMS: answer.processingTimeMs,
    query: answer.query,
    hits: answer.hits.map(({ _formatted, _matchesPosition, ...fields }) => fields),
    params: "",
    exhaustiveNbHits: false,
    facets_stats: Object.fromEntries(
      Object.entries(facetStats).map(([attribute, stats]) => [attribute, { ...stats, avg: 0, sum: 0 }]),
    ),
  };
}

/** Sends one multi-search body (`{ queries }`) and resolves with Meilisearch's `{ results }`. */
export type MultiSearchSend = (body: string) => Promise<{ results: MeilisearchAnswer[] }>;

/**
 * instantsearch's `search(requests)` over one multi-search: one query per request, the answers
 * back in the same order.
 */
export function searchOver(send: MultiSearchSend) {
  return async (requests: readonly InstantSearchRequest[]): Promise<{ results: InstantSearchResult[] }> => {
    const { results } = await send(JSON.stringify({ queries: requests.map(toMeilisearchQuery) }));
    return {
      results: requests.map((request, i) => toInstantSearchResult(request, results[i] as MeilisearchAnswer)),
    };
  };
}
