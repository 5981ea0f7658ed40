/**
 * The embedded search engine (docs/architecture.md §5, "Embedded mode"): answers the Meilisearch search
 * API over an in-memory index so the search page's widgets work without a server.
 *
 * Behaviour follows Meilisearch (docs + milli source), not guesses; each part says which rules it
 * follows: text.ts and typos.ts (words, typos), rules.ts (settings, ranking rules), ranking.ts
 * (matching strategies, rule order), columns.ts and filter-mask.ts (filters, sort), facets.ts,
 * highlight.ts (`_formatted`). Here: placeholder searches use only sort and custom rules, ties keep
 * document order; `page`/`hitsPerPage` give exhaustive `totalHits`/`totalPages`, otherwise
 * `offset`/`limit` (default 20) give `estimatedTotalHits`.
 *
 * Speed: documents are tokenised once into flat typed arrays with per-word postings; facet values
 * are extracted lazily per attribute into columns with interned value ids; sort orders, compiled
 * filters and typo derivations are cached. No DOM, no Node APIs.
 */
import { type CompiledFilter, clearFilterCache, compileFilter, isAttributeFilterable } from "../filter";
import { Columns } from "./columns";
import {
  asEngineError,
  describeValue,
  invalid,
  optionalCount,
  optionalString,
  optionalStringList,
  prefixError,
  SearchEngineError,
} from "./errors";
import { countValues, facetDistribution, facetNames, facetOrder, orderedValueIds } from "./facets";
import { filterMask } from "./filter-mask";
import type { HitFormatter } from "./hits";
import { lruGet, lruSet } from "./lru";
import { rankQuery } from "./ranking";
import { attributeFilter, sortCriteria } from "./request";
import { type Rule, resolveRules, resolveSettings } from "./rules";
import { normalizeText, parseQuery, tokenizeText } from "./text";
import { type Term, TextIndex } from "./text-index";
import type {
  EngineSettings,
  FacetSearchRequest,
  FacetSearchResponse,
  Hit,
  MultiSearchQuery,
  MultiSearchResponse,
  SearchDocument,
  SearchEngine,
  SearchRequest,
  SearchResponse,
} from "./types";

interface Candidates {
  /** Document indices in ranked order. */
  readonly ordered: Int32Array;
  readonly terms: readonly Term[];
}

const now: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function"
    ? () => performance.now()
    : () => Date.now();

class Engine implements SearchEngine {
  readonly settings: SearchEngine["settings"];
  readonly size: number;

  private readonly docs: SearchDocument[];
  private readonly rules: Rule[];
  private readonly exactOnly: ReadonlySet<string>;
  private readonly text: TextIndex;
  private readonly columns: Columns;
  /** Placeholder-search orders per rule set. */
  private readonly orders = new Map<string, Int32Array>();

  constructor(
    documents: readonly SearchDocument[],
    input: EngineSettings,
    private readonly makeHits: HitFormatter,
  ) {
    this.settings = resolveSettings(input);
    this.rules = resolveRules(this.settings.rankingRules);
    this.exactOnly = new Set(this.settings.typoTolerance.disableOnWords.map(normalizeText));

    // Meilisearch replaces a document whose id was already seen (it keeps its place).
    const byId = new Map<string, number>();
    const docs: SearchDocument[] = [];
    for (const doc of documents) {
      const id = doc?.id;
      if (typeof id !== "number" && typeof id !== "string") {
        throw new SearchEngineError(
          `Document doesn't have a \`id\` attribute: \`${JSON.stringify(doc).slice(0, 200)}\`.`,
          "missing_document_id",
        );
      }
      const key = String(id);
      const at = byId.get(key);
      if (at === undefined) {
        byId.set(key, docs.length);
        docs.push(doc);
      } else {
        docs[at] = doc;
      }
    }
    this.docs = docs;
    this.size = docs.length;

    const searchable = input.searchableAttributes.includes("*")
      ? allAttributes(docs)
      : [...input.searchableAttributes];
    this.text = new TextIndex(docs, searchable);
    this.columns = new Columns(docs);
  }

  clearCaches(): void {
    this.columns.clearSortRanks();
    this.orders.clear();
    this.text.clearCaches();
    clearFilterCache();
  }

  /** The order rules produce for every document when there is no query: cached per rule set. */
  private placeholderOrder(rankArrays: Int32Array[], key: string): Int32Array {
    let order = lruGet(this.orders, key);
    if (order) return order;
    const n = this.size;
    order = Int32Array.from({ length: n }, (_, i) => i);
    if (rankArrays.length > 0) {
      order.sort((x, y) => {
        for (const ranks of rankArrays) {
          const diff = (ranks[x] as number) - (ranks[y] as number);
          if (diff !== 0) return diff;
        }
        return x - y;
      });
    }
    lruSet(this.orders, key, order, 64);
    return order;
  }

  private candidates(request: SearchRequest): Candidates {
    const q = optionalString(request, "q", "invalid_search_q") ?? "";
    const strategy = request.matchingStrategy ?? "last";
    if (strategy !== "last" && strategy !== "all" && strategy !== "frequency") {
      throw invalid(
        "invalid_search_matching_strategy",
        `Unknown value \`${String(strategy)}\` at \`.matchingStrategy\`: expected one of \`last\`, \`all\`, \`frequency\``,
      );
    }
    let filter: Uint8Array | undefined;
    if (request.filter !== undefined && request.filter !== null) {
      let compiled: CompiledFilter;
      try {
        compiled = compileFilter(request.filter);
        compiled.assertFilterable(this.settings.filterableAttributes);
      } catch (error) {
        throw asEngineError(error);
      }
      if (compiled.ast) filter = filterMask(this.columns, this.size, compiled);
    }
    const sort = sortCriteria(
      this.rules,
      this.settings.sortableAttributes,
      optionalStringList(request, "sort", "invalid_search_sort"),
    );
    const attributesToSearchOn = optionalStringList(
      request,
      "attributesToSearchOn",
      "invalid_search_attributes_to_search_on",
    );
    const allowed = attributeFilter(this.text.searchable, attributesToSearchOn);

    // Rank arrays for sort and custom rules, in rule order.
    const orderRanks: Int32Array[] = [];
    const orderKeys: string[] = [];
    for (const rule of this.rules) {
      if (rule.kind === "sort") {
        for (const criterion of sort) {
          orderRanks.push(this.columns.sortRank(criterion.attribute, criterion.direction));
          orderKeys.push(`${criterion.attribute}:${criterion.direction}`);
        }
      } else if (rule.kind === "custom") {
        orderRanks.push(this.columns.sortRank(rule.attribute, rule.direction));
        orderKeys.push(`${rule.attribute}:${rule.direction}`);
      }
    }

    const parsed = parseQuery(q);
    if (parsed.words.length === 0) {
      const order = this.placeholderOrder(orderRanks, orderKeys.join("|"));
      if (!filter) return { ordered: order, terms: [] };
      const out = new Int32Array(order.length);
      let count = 0;
      for (const d of order) if (filter[d] === 1) out[count++] = d;
      return { ordered: out.subarray(0, count), terms: [] };
    }
    const terms = this.text.terms(parsed, this.settings.typoTolerance, this.exactOnly);
    const query = { terms, strategy, filter, allowed, sortCount: sort.length, orderRanks };
    return { ordered: rankQuery(this.text, this.rules, query), terms };
  }

  private formatHits(ids: ArrayLike<number>, request: SearchRequest, terms: readonly Term[]): Hit[] {
    return this.makeHits(this.docs, ids, request, terms, this.settings.displayedAttributes, this.exactOnly);
  }

  search(_indexUid: string, request: SearchRequest = {}): SearchResponse {
    const started = now();
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      throw invalid(
        "bad_request",
        `Invalid value type: expected an object, but found ${describeValue(request)}`,
      );
    }
    const offset = optionalCount(request, "offset", "invalid_search_offset");
    const limit = optionalCount(request, "limit", "invalid_search_limit");
    const page = optionalCount(request, "page", "invalid_search_page");
    const hitsPerPage = optionalCount(request, "hitsPerPage", "invalid_search_hits_per_page");
    const facets = facetNames(
      optionalStringList(request, "facets", "invalid_search_facets"),
      this.settings.filterableAttributes,
    );
    const { ordered, terms } = this.candidates(request);

    const maxTotal = this.settings.maxTotalHits;
    const total = Math.min(ordered.length, maxTotal);
    const q = typeof request.q === "string" ? request.q : "";
    let response: SearchResponse;
    if (page !== undefined || hitsPerPage !== undefined) {
      // Page mode: exhaustive totals; page 0 and hitsPerPage 0 return no hits (Meilisearch).
      const perPage = hitsPerPage ?? 20;
      const currentPage = page ?? 1;
      const from = currentPage === 0 ? total : Math.min((currentPage - 1) * perPage, total);
      const to = Math.min(from + perPage, total);
      response = {
        hits: this.formatHits(ordered.subarray(from, to), request, terms),
        query: q,
        processingTimeMs: 0,
        hitsPerPage: perPage,
        page: currentPage,
        totalPages: perPage === 0 ? 0 : Math.ceil(total / perPage),
        totalHits: total,
      };
    } else {
      const from = Math.min(offset ?? 0, total);
      const to = Math.min(from + (limit ?? 20), total);
      response = {
        hits: this.formatHits(ordered.subarray(from, to), request, terms),
        query: q,
        processingTimeMs: 0,
        limit: limit ?? 20,
        offset: offset ?? 0,
        estimatedTotalHits: total,
      };
    }
    if (facets) {
      const { distribution, stats } = facetDistribution(this.columns, this.settings, facets, ordered);
      response.facetDistribution = distribution;
      response.facetStats = stats;
    }
    response.processingTimeMs = Math.floor(now() - started);
    return response;
  }

  multiSearch(request: { queries: MultiSearchQuery[] }): MultiSearchResponse {
    if (!request || !Array.isArray(request.queries)) {
      throw invalid("bad_request", "Missing field `queries`");
    }
    if ("federation" in request && (request as { federation?: unknown }).federation != null) {
      throw invalid("bad_request", "Federated multi-search is not supported by the embedded search engine.");
    }
    return {
      results: request.queries.map((query, i) => {
        try {
          if (!query || typeof query.indexUid !== "string") {
            throw invalid("missing_index_uid", "Missing field `indexUid`");
          }
          const { indexUid, ...rest } = query;
          return { indexUid, ...this.search(indexUid, rest) };
        } catch (error) {
          throw prefixError(error, i);
        }
      }),
    };
  }

  facetSearch(_indexUid: string, request: FacetSearchRequest): FacetSearchResponse {
    const started = now();
    const facetName = request?.facetName;
    if (typeof facetName !== "string")
      throw invalid("missing_facet_search_facet_name", "Missing field `facetName`");
    if (!isAttributeFilterable(facetName, this.settings.filterableAttributes)) {
      throw invalid(
        "invalid_facet_search_facet_name",
        `Attribute \`${facetName}\` is not facet-searchable. Available facet-searchable attributes are: \`${[...this.settings.filterableAttributes].sort().join(", ")}\`. To make it facet-searchable add it to the \`filterableAttributes\` index settings.`,
      );
    }
    const facetQuery = typeof request.facetQuery === "string" ? request.facetQuery : null;
    const { ordered } = this.candidates({
      q: request.q ?? null,
      filter: request.filter ?? null,
      matchingStrategy: request.matchingStrategy ?? null,
      attributesToSearchOn: request.attributesToSearchOn ?? null,
    });
    const column = this.columns.column(facetName);
    const counts = countValues(column, ordered);
    const queryWords = facetQuery ? tokenizeText(facetQuery) : [];
    const facetHits: { value: string; count: number }[] = [];
    for (const id of orderedValueIds(
      column,
      counts,
      facetOrder(this.settings, facetName),
      Number.POSITIVE_INFINITY,
    )) {
      if (facetHits.length >= this.settings.maxValuesPerFacet) break;
      const value = column.labels[id] as string;
      if (queryWords.length > 0) {
        // Every query word must begin some word of the value ("lan cru" finds "Land Cruiser").
        const valueWords = tokenizeText(value);
        if (!queryWords.every((q) => valueWords.some((w) => w.startsWith(q)))) continue;
      }
      facetHits.push({ value, count: counts[id] as number });
    }
    return { facetHits, facetQuery, processingTimeMs: Math.floor(now() - started) };
  }
}

function allAttributes(docs: readonly SearchDocument[]): string[] {
  const seen = new Set<string>();
  for (const doc of docs) for (const key of Object.keys(doc)) seen.add(key);
  return [...seen];
}

/** Builds the in-memory index, making hits with `makeHits` (hits.ts). Throws if a document has no `id`. */
export function buildEngine(
  documents: readonly SearchDocument[],
  settings: EngineSettings,
  makeHits: HitFormatter,
): SearchEngine {
  return new Engine(documents, settings, makeHits);
}
