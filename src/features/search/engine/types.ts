/** The engine's public shapes: Meilisearch's settings, requests and responses, as the engine reads them. */
export interface SearchDocument {
  id: number | string;
  [attribute: string]: unknown;
}

export interface TypoToleranceSettings {
  enabled?: boolean;
  minWordSizeForTypos?: { oneTypo?: number; twoTypos?: number };
  /** Words that only match exactly. */
  disableOnWords?: string[];
}

export type FacetOrder = "alpha" | "count";

export interface EngineSettings {
  /** In priority order; `["*"]` means every attribute, in order of first appearance. */
  searchableAttributes: string[];
  filterableAttributes: string[];
  sortableAttributes: string[];
  /** Default: Meilisearch's built-in rules followed by the custom rank, `rank:desc`. */
  rankingRules?: string[];
  /** Default 100, as in Meilisearch. */
  maxValuesPerFacet?: number;
  /** Default: `{ "*": "alpha" }`, as in Meilisearch. */
  sortFacetValuesBy?: Record<string, FacetOrder>;
  /** Default true (1 typo from 5 chars, 2 from 9). */
  typoTolerance?: boolean | TypoToleranceSettings;
  /** Meilisearch's `pagination.maxTotalHits`. Default: no cap (the index is the whole stock). */
  maxTotalHits?: number;
  /** Default `["*"]`. */
  displayedAttributes?: string[];
}

export type MatchingStrategy = "last" | "all" | "frequency";

export interface SearchRequest {
  q?: string | null;
  filter?: string | (string | string[])[] | null;
  sort?: string[] | null;
  facets?: string[] | null;
  offset?: number | null;
  limit?: number | null;
  page?: number | null;
  hitsPerPage?: number | null;
  attributesToRetrieve?: string[] | null;
  attributesToHighlight?: string[] | null;
  highlightPreTag?: string | null;
  highlightPostTag?: string | null;
  attributesToCrop?: string[] | null;
  cropLength?: number | null;
  cropMarker?: string | null;
  matchingStrategy?: MatchingStrategy | null;
  attributesToSearchOn?: string[] | null;
  /** Accepted and ignored (Meilisearch clients may send them). */
  [other: string]: unknown;
}

export type Hit = Record<string, unknown> & { _formatted?: Record<string, unknown> };
export type FacetDistribution = Record<string, Record<string, number>>;
export type FacetStats = Record<string, { min: number; max: number }>;

export interface SearchResponse {
  hits: Hit[];
  query: string;
  processingTimeMs: number;
  /** Offset/limit mode. */
  limit?: number;
  offset?: number;
  estimatedTotalHits?: number;
  /** Page mode (exhaustive). */
  hitsPerPage?: number;
  page?: number;
  totalPages?: number;
  totalHits?: number;
  facetDistribution?: FacetDistribution;
  facetStats?: FacetStats;
}

export interface MultiSearchQuery extends SearchRequest {
  indexUid: string;
}

export interface MultiSearchResponse {
  results: (SearchResponse & { indexUid: string })[];
}

export interface FacetSearchRequest {
  facetName: string;
  facetQuery?: string | null;
  q?: string | null;
  filter?: SearchRequest["filter"];
  matchingStrategy?: MatchingStrategy | null;
  attributesToSearchOn?: string[] | null;
  [other: string]: unknown;
}

export interface FacetSearchResponse {
  facetHits: { value: string; count: number }[];
  facetQuery: string | null;
  processingTimeMs: number;
}

export interface SearchEngine {
  readonly settings: Readonly<Required<Omit<EngineSettings, "typoTolerance">>> & {
    typoTolerance: Required<TypoToleranceSettings>;
  };
  /** Number of documents in the index. */
  readonly size: number;
  search(indexUid: string, request?: SearchRequest): SearchResponse;
  multiSearch(request: { queries: MultiSearchQuery[] }): MultiSearchResponse;
  facetSearch(indexUid: string, request: FacetSearchRequest): FacetSearchResponse;
  /** Drops query caches (filters, typo derivations, sort orders); the index stays. */
  clearCaches(): void;
}
