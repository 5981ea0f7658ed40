/**
 * Contract: the embedded engine answers the requests our stack really sends (meilisearch-js 0.62,
 * and the search page's own client under instantsearch.js, the library react-instantsearch renders)
 * with responses of the shape Meilisearch documents, so switching a tenant to a hosted Meilisearch
 * changes nothing the widgets can see. The page's client (transport/instantsearch-meilisearch.ts)
 * is held to instant-meilisearch 1.0, the official adapter it stands in for in the browser: the same
 * widgets over both render the same state from documented requests.
 *
 * The schemas below encode Meilisearch's documented search API:
 * - https://www.meilisearch.com/docs/reference/api/search (request body parameters; "Response":
 *   hits, query, processingTimeMs, then either offset/limit/estimatedTotalHits or
 *   hitsPerPage/page/totalPages/totalHits, plus facetDistribution and facetStats {min,max} when
 *   `facets` is set) and https://www.meilisearch.com/docs/reference/api/multi_search
 *   (`{ results: [{ indexUid, ...search response }] }`);
 * - the server's own types, which the docs are generated from (meilisearch/meilisearch
 *   crates/meilisearch/src/search/mod.rs: `SearchQuery` with deny_unknown_fields, `SearchResult`,
 *   `HitsInfo::{Pagination, OffsetLimit}`, `FacetStats { min: f64, max: f64 }`,
 *   `SearchResultWithIndex`);
 * - meilisearch-js 0.62's node_modules/meilisearch/dist/types/types.d.ts (`SearchParams`,
 *   `SearchResponse`, `FinitePagination`, `InfinitePagination`, `FacetStat`, `MultiSearchResult`).
 */
import { instantMeiliSearch } from "@meilisearch/instant-meilisearch";
import instantsearch from "instantsearch.js/es";
import {
  connectConfigure,
  connectPagination,
  connectRange,
  connectRefinementList,
  connectSortBy,
  connectStats,
} from "instantsearch.js/es/connectors";
import { Meilisearch } from "meilisearch";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type CarSearchDocument, searchDocuments } from "~/features/search/documents";
import { createEngine, createHttpClient, type SearchHttpClient } from "~/features/search/engine";
import { CAR_INDEX_SETTINGS } from "~/features/search/settings";
import { type MeilisearchAnswer, searchOver } from "~/features/search/transport/instantsearch-meilisearch";
import { makeCar, makeSite, NOW } from "./helpers";

// ---------------------------------------------------------------------------------------------
// Meilisearch's documented request and response shapes

/** `SearchQuery` fields (Meilisearch rejects any other key with `bad_request`). */
const searchQueryShape = {
  q: z.string().nullable().optional(),
  offset: z.int().nonnegative().optional(),
  limit: z.int().nonnegative().optional(),
  page: z.int().nonnegative().optional(),
  hitsPerPage: z.int().nonnegative().optional(),
  attributesToRetrieve: z.array(z.string()).nullable().optional(),
  retrieveVectors: z.boolean().optional(),
  attributesToCrop: z.array(z.string()).nullable().optional(),
  cropLength: z.int().nonnegative().optional(),
  cropMarker: z.string().optional(),
  attributesToHighlight: z.array(z.string()).nullable().optional(),
  highlightPreTag: z.string().optional(),
  highlightPostTag: z.string().optional(),
  showMatchesPosition: z.boolean().optional(),
  showRankingScore: z.boolean().optional(),
  showRankingScoreDetails: z.boolean().optional(),
  showPerformanceDetails: z.boolean().optional(),
  filter: z
    .union([z.string(), z.array(z.union([z.string(), z.array(z.string())]))])
    .nullable()
    .optional(),
  sort: z
    .array(z.string().regex(/^[^:\s]+:(asc|desc)$/))
    .nullable()
    .optional(),
  distinct: z.string().nullable().optional(),
  facets: z.array(z.string()).nullable().optional(),
  matchingStrategy: z.enum(["last", "all", "frequency"]).optional(),
  attributesToSearchOn: z.array(z.string()).nullable().optional(),
  rankingScoreThreshold: z.number().min(0).max(1).nullable().optional(),
  locales: z.array(z.string()).nullable().optional(),
  hybrid: z.unknown().optional(),
  vector: z.array(z.number()).nullable().optional(),
  media: z.unknown().optional(),
  personalize: z.unknown().optional(),
  useNetwork: z.boolean().optional(),
};
const searchQuerySchema = z.strictObject(searchQueryShape);
const multiSearchRequestSchema = z.strictObject({
  queries: z.array(
    z.strictObject({
      indexUid: z.string().min(1),
      federationOptions: z.unknown().optional(),
      ...searchQueryShape,
    }),
  ),
});

const count = z.int().nonnegative();
const hitSchema = z.looseObject({
  _formatted: z.record(z.string(), z.unknown()).optional(),
  _matchesPosition: z.record(z.string(), z.unknown()).optional(),
  _rankingScore: z.number().optional(),
  _rankingScoreDetails: z.record(z.string(), z.unknown()).optional(),
});
const responseShape = {
  hits: z.array(hitSchema),
  query: z.string(),
  processingTimeMs: count,
  facetDistribution: z.record(z.string(), z.record(z.string(), count)).optional(),
  facetStats: z.record(z.string(), z.strictObject({ min: z.number(), max: z.number() })).optional(),
  /** UUID v7 per request in recent Meilisearch versions; the engine has none. */
  requestUid: z.uuid().optional(),
  queryVector: z.array(z.number()).optional(),
  semanticHitCount: count.optional(),
  performanceDetails: z.record(z.string(), z.unknown()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
};
/** `HitsInfo::Pagination`: when the request set `page` or `hitsPerPage`. */
const finiteResponseSchema = z.strictObject({
  ...responseShape,
  hitsPerPage: count,
  page: count,
  totalPages: count,
  totalHits: count,
});
/** `HitsInfo::OffsetLimit`: otherwise. */
const infiniteResponseSchema = z.strictObject({
  ...responseShape,
  limit: count,
  offset: count,
  estimatedTotalHits: count,
});
const searchResponseSchema = z.union([finiteResponseSchema, infiniteResponseSchema]);
const multiSearchResponseSchema = z.strictObject({
  results: z.array(
    z.union([
      finiteResponseSchema.extend({ indexUid: z.string() }),
      infiniteResponseSchema.extend({ indexUid: z.string() }),
    ]),
  ),
});

type SearchQuery = z.infer<typeof searchQuerySchema>;
type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * The documented rules that tie a response to its request: pagination mode and values, facets
 * present exactly when asked for, stats only for asked facets, `_formatted` only when formatting.
 */
function expectResponseFor(request: SearchQuery, response: SearchResponse): void {
  expect(searchResponseSchema.parse(response)).toBeTruthy();
  expect(response.query).toBe(request.q ?? "");
  if (request.page !== undefined || request.hitsPerPage !== undefined) {
    const finite = finiteResponseSchema.parse(response);
    expect(finite.hitsPerPage).toBe(request.hitsPerPage ?? 20);
    expect(finite.page).toBe(request.page ?? 1);
    expect(finite.totalPages).toBe(
      finite.hitsPerPage === 0 ? 0 : Math.ceil(finite.totalHits / finite.hitsPerPage),
    );
    const from = ((finite.page || 1) - 1) * finite.hitsPerPage;
    expect(finite.hits.length).toBe(
      finite.page === 0 ? 0 : Math.max(0, Math.min(finite.hitsPerPage, finite.totalHits - from)),
    );
  } else {
    const infinite = infiniteResponseSchema.parse(response);
    expect(infinite.limit).toBe(request.limit ?? 20);
    expect(infinite.offset).toBe(request.offset ?? 0);
    expect(infinite.hits.length).toBe(
      Math.max(0, Math.min(infinite.limit, infinite.estimatedTotalHits - infinite.offset)),
    );
  }
  if (request.facets) {
    expect(Object.keys(response.facetDistribution ?? {}).sort()).toEqual([...new Set(request.facets)].sort());
    expect(response.facetStats).toBeDefined();
    for (const [facet, { min, max }] of Object.entries(response.facetStats ?? {})) {
      expect(request.facets).toContain(facet);
      expect(min).toBeLessThanOrEqual(max);
    }
  } else {
    expect(response.facetDistribution).toBeUndefined();
    expect(response.facetStats).toBeUndefined();
  }
  const formats = (request.attributesToHighlight?.length ?? 0) + (request.attributesToCrop?.length ?? 0) > 0;
  for (const hit of response.hits) expect(hit._formatted !== undefined).toBe(formats);
}

// ---------------------------------------------------------------------------------------------
// Stock: documents built by the same code as the build, varied enough for every facet.

const INDEX = "cars-contract";
const MODELS = [
  ["Toyota", "HiLux", "ute", "Diesel"],
  ["Toyota", "Corolla", "hatch", "Hybrid"],
  ["Mazda", "CX-5", "suv", "Petrol"],
  ["Ford", "Ranger", "ute", "Diesel"],
  ["Hyundai", "i30", "hatch", "Petrol"],
  ["Kia", "Sportage", "suv", "Petrol"],
  ["Tesla", "Model 3", "sedan", "Electric"],
] as const;
const CAR_TYPES = ["new", "demo", "used"] as const;

const site = makeSite();
const documents: CarSearchDocument[] = searchDocuments(
  Array.from({ length: 42 }, (_, i) => {
    const [make, model, body, fuel] = MODELS[i % MODELS.length] as (typeof MODELS)[number];
    return makeCar({
      id: 100 + i,
      slug: `car-${100 + i}`,
      name: `${2016 + (i % 9)} ${make} ${model}`,
      make,
      model,
      year: 2016 + (i % 9),
      price: i % 11 === 0 ? 0 : 12_000 + ((i * 7919) % 60) * 1_000,
      km: (i * 13_337) % 150_000,
      car_type: CAR_TYPES[i % 3] as (typeof CAR_TYPES)[number],
      simple_body: body,
      simple_fuel: fuel,
      simple_transmission: i % 4 === 0 ? "Manual" : "Automatic",
      stocknum: `C${100 + i}`,
      created_at: new Date(NOW.getTime() - i * 86_400_000).toISOString(),
    });
  }),
  site,
  NOW,
);
const engine = createEngine(documents, CAR_INDEX_SETTINGS);

/** Records every request body on its way to the engine. */
function recordingClient(): { httpClient: SearchHttpClient; calls: { url: string; body: unknown }[] } {
  const inner = createHttpClient(engine);
  const calls: { url: string; body: unknown }[] = [];
  const httpClient: SearchHttpClient = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body });
    return inner(input, init);
  };
  return { httpClient, calls };
}

// Independent oracles: plain array filtering, no engine code.
const where = (predicate: (doc: CarSearchDocument) => boolean) => documents.filter(predicate);
function countBy(
  docs: readonly CarSearchDocument[],
  attribute: keyof CarSearchDocument,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const doc of docs) {
    const value = doc[attribute];
    if (value === null || value === undefined) continue;
    const key = String(value);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
function statsOf(docs: readonly CarSearchDocument[], attribute: "price" | "km" | "year") {
  const values = docs.map((doc) => doc[attribute]).filter((v): v is number => typeof v === "number");
  return { min: Math.min(...values), max: Math.max(...values) };
}

// ---------------------------------------------------------------------------------------------

describe("meilisearch-js 0.62 against the embedded engine", () => {
  const { httpClient, calls } = recordingClient();
  const client = new Meilisearch({ host: "https://embedded.search.invalid", apiKey: "public", httpClient });
  const index = client.index<CarSearchDocument>(INDEX);
  beforeEach(() => {
    calls.length = 0;
  });

  it("answers page/hitsPerPage searches with exhaustive totals, facets and facet stats", async () => {
    const request = {
      filter: ['"car_type"="used"', ['"make"="Toyota"', '"make"="Mazda"']],
      facets: ["make", "price", "body", "year"],
      sort: ["price:asc"],
      hitsPerPage: 4,
      page: 2,
    } satisfies SearchQuery;
    const response = await index.search("", request);
    expect(searchQuerySchema.parse((calls[0]?.body ?? {}) as object)).toMatchObject(request);
    expectResponseFor({ q: "", ...request }, response);

    const expected = where((d) => d.car_type === "used" && (d.make === "Toyota" || d.make === "Mazda"));
    expect(response.totalHits).toBe(expected.length);
    expect(response.facetDistribution?.make).toEqual(countBy(expected, "make"));
    expect(response.facetDistribution?.body).toEqual(countBy(expected, "body"));
    expect(response.facetStats).toEqual({
      price: statsOf(expected, "price"),
      year: statsOf(expected, "year"),
    });
    const sorted = [...expected].sort((a, b) => a.price - b.price);
    expect(response.hits.map((hit) => hit.price)).toEqual(sorted.slice(4, 8).map((d) => d.price));
  });

  it("answers offset/limit searches with estimatedTotalHits and no page fields", async () => {
    const response = await index.search("toyota", { offset: 2, limit: 3, attributesToHighlight: ["name"] });
    expectResponseFor({ q: "toyota", offset: 2, limit: 3, attributesToHighlight: ["name"] }, response);
    expect(response.estimatedTotalHits).toBe(where((d) => d.make === "Toyota").length);
    expect(response.hits.every((hit) => String(hit._formatted?.name).includes("<em>Toyota</em>"))).toBe(true);
  });

  it("answers GET searches and the zero-page edge cases the way Meilisearch documents them", async () => {
    const get = await index.searchGet("", { filter: '"price" > 0', facets: ["km"], limit: 5 });
    expectResponseFor({ q: "", filter: '"price" > 0', facets: ["km"], limit: 5 }, get);
    expect(get.facetStats?.km).toEqual(
      statsOf(
        where((d) => d.price > 0),
        "km",
      ),
    );
    for (const request of [{ hitsPerPage: 0 }, { page: 0, hitsPerPage: 5 }, { page: 99, hitsPerPage: 5 }]) {
      expectResponseFor(request, await index.search("", request));
    }
  });

  it("answers multi-search with one result per query, tagged with its indexUid", async () => {
    const queries = [
      { indexUid: INDEX, q: "", facets: ["car_type"], hitsPerPage: 21, page: 1 },
      { indexUid: INDEX, q: "ranger", filter: "price 20000 TO 60000", limit: 10 },
      {
        indexUid: INDEX,
        q: "",
        filter: '"fuel"="Electric"',
        sort: ["created_at_timestamp:desc"],
        facets: ["price", "make"],
        hitsPerPage: 6,
      },
    ];
    const response = await client.multiSearch({ queries });
    expect(multiSearchRequestSchema.parse(calls[0]?.body)).toEqual({ queries });
    expect(multiSearchResponseSchema.parse(response)).toBeTruthy();
    expect(response.results.map((result) => result.indexUid)).toEqual([INDEX, INDEX, INDEX]);
    queries.forEach(({ indexUid: _uid, ...query }, i) => {
      const { indexUid: _resultUid, ...result } = response.results[i] as SearchResponse & {
        indexUid: string;
      };
      expectResponseFor(query, result);
    });
    expect(response.results[0]?.facetDistribution?.car_type).toEqual(countBy(documents, "car_type"));
    expect(response.results[2]?.totalHits).toBe(where((d) => d.fuel === "Electric").length);
  });

  it("rejects what Meilisearch rejects with Meilisearch's error body", async () => {
    await expect(index.search("", { facets: ["name"] })).rejects.toMatchObject({
      cause: { code: "invalid_search_facets" },
    });
    await expect(index.search("", { sort: ["name:asc"] })).rejects.toMatchObject({
      cause: { code: "invalid_search_sort" },
    });
    await expect(index.search("", { filter: "price >" })).rejects.toMatchObject({
      cause: { code: "invalid_search_filter" },
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The search page's client and instant-meilisearch under instantsearch.js: the requests
// react-instantsearch makes.

type ClientKind = "the search page's client" | "instant-meilisearch 1.0";

/** instantsearch's search client of each kind, sending through `httpClient`. */
function searchClientOf(kind: ClientKind, httpClient: SearchHttpClient) {
  if (kind === "instant-meilisearch 1.0")
    // The options the page used with it: finite pagination, placeholder search, no zero facets.
    return instantMeiliSearch("https://embedded.search.invalid", "public", {
      finitePagination: true,
      placeholderSearch: true,
      keepZeroFacets: false,
      httpClient: httpClient as never,
    }).searchClient;
  // As transport/search-client.client.ts sends to the worker or the service.
  const search = searchOver(
    async (body) =>
      (await httpClient("https://embedded.search.invalid/multi-search", { method: "POST", body })) as {
        results: MeilisearchAnswer[];
      },
  );
  return { search } as unknown as ReturnType<typeof instantMeiliSearch>["searchClient"];
}

interface Rendered {
  nbHits?: number;
  nbPages?: number;
  makes?: { value: string; count: number; isRefined: boolean }[];
  range?: { min: number; max: number };
  sortBy?: string;
}

async function runInstantSearch(
  kind: ClientKind,
  setup: {
    uiState?: Record<string, unknown>;
  },
): Promise<{ rendered: Rendered; calls: { url: string; body: unknown }[] }> {
  const { httpClient, calls } = recordingClient();
  const searchClient = searchClientOf(kind, httpClient);
  const search = instantsearch({
    indexName: INDEX,
    searchClient,
    initialUiState: { [INDEX]: setup.uiState ?? {} },
  });
  const rendered: Rendered = {};
  const noop = () => {};
  search.addWidgets([
    connectStats<object>((state) => {
      rendered.nbHits = state.nbHits;
    }, noop)({}),
    connectPagination<object>((state) => {
      rendered.nbPages = state.nbPages;
    }, noop)({}),
    connectRefinementList<object>((state) => {
      rendered.makes = state.items.map(({ value, count, isRefined }) => ({ value, count, isRefined }));
    }, noop)({ attribute: "make", limit: 20 }),
    connectRefinementList<object>(noop, noop)({ attribute: "body" }),
    connectRange<object>((state) => {
      rendered.range = state.range as { min: number; max: number };
    }, noop)({ attribute: "price" }),
    connectSortBy<object>((state) => {
      rendered.sortBy = state.currentRefinement;
    }, noop)({
      items: [
        { label: "Most Relevant", value: INDEX },
        { label: "Lowest Price", value: `${INDEX}:price:asc` },
      ],
    }),
    // As SearchApp's <Configure hitsPerPage={cards_per_page} />.
    connectConfigure(noop)({ searchParameters: { hitsPerPage: 21 } }),
  ]);
  await new Promise<void>((resolve, reject) => {
    // The first render can come before any results; wait until the search has settled.
    search.on("render", () => {
      if (search.status === "idle" && search.mainIndex.getResults()) resolve();
    });
    search.on("error", (event: { error: Error }) => reject(event.error));
    search.start();
  });
  search.dispose();
  return { rendered, calls };
}

describe.each<ClientKind>(["the search page's client", "instant-meilisearch 1.0"])(
  "%s under instantsearch.js against the embedded engine",
  (kind) => {
    it("sends only documented multi-search bodies and gets documented responses for a plain results page", async () => {
      const { rendered, calls } = await runInstantSearch(kind, {});
      expect(calls.length).toBeGreaterThan(0);
      for (const { url, body } of calls) {
        expect(url).toMatch(/\/multi-search$/);
        const request = multiSearchRequestSchema.parse(body);
        for (const { indexUid, ...query } of request.queries) {
          expect(indexUid).toBe(INDEX);
          expectResponseFor(query, engine.search(indexUid, query) as SearchResponse);
        }
      }
      const main = (calls.at(-1)?.body as { queries: SearchQuery[] } | undefined)?.queries[0];
      expect(main).toMatchObject({ hitsPerPage: 21, page: 1 });
      expect(main?.q ?? "").toBe("");
      expect(main?.facets).toEqual(expect.arrayContaining(["make", "body", "price"]));
      expect(rendered.nbHits).toBe(documents.length);
      expect(rendered.nbPages).toBe(Math.ceil(documents.length / 21));
      expect(rendered.range).toEqual(statsOf(documents, "price"));
      const makes = countBy(documents, "make");
      expect(rendered.makes?.map(({ value, count }) => [value, count]).sort()).toEqual(
        Object.entries(makes).sort(),
      );
    });

    it("turns refinements, a price range, sort and page 2 into Meilisearch filters and pagination", async () => {
      const { rendered, calls } = await runInstantSearch(kind, {
        uiState: {
          refinementList: { make: ["Toyota", "Mazda"], body: ["ute", "suv", "hatch"] },
          range: { price: "15000:60000" },
          sortBy: `${INDEX}:price:asc`,
          page: 2,
        },
      });
      const bodies = calls.map(({ body }) => multiSearchRequestSchema.parse(body));
      const queries = bodies.flatMap((body) => body.queries);
      for (const { indexUid, ...query } of queries) {
        expectResponseFor(query, engine.search(indexUid, query) as SearchResponse);
      }
      const main = queries.find((q) => (q.hitsPerPage ?? 0) > 0 && q.filter && q.filter.length > 0);
      expect(main).toMatchObject({ hitsPerPage: 21, page: 2, sort: ["price:asc"] });
      expect(main?.filter).toEqual(
        expect.arrayContaining([
          ['"make"="Mazda"', '"make"="Toyota"'],
          ['"body"="hatch"', '"body"="suv"', '"body"="ute"'],
          '"price">=15000',
          '"price"<=60000',
        ]),
      );
      // Disjunctive facet counts: each list counts with every other filter applied but its own.
      const inRange = (d: CarSearchDocument) => d.price >= 15_000 && d.price <= 60_000;
      const bodies3 = new Set(["ute", "suv", "hatch"]);
      const matching = where(
        (d) => inRange(d) && (d.make === "Toyota" || d.make === "Mazda") && bodies3.has(d.body ?? ""),
      );
      expect(rendered.nbHits).toBe(matching.length);
      expect(rendered.nbPages).toBe(Math.ceil(matching.length / 21));
      expect(rendered.sortBy).toBe(`${INDEX}:price:asc`);
      const makeCounts = countBy(
        where((d) => inRange(d) && bodies3.has(d.body ?? "")),
        "make",
      );
      expect(Object.fromEntries((rendered.makes ?? []).map(({ value, count }) => [value, count]))).toEqual(
        makeCounts,
      );
      expect(
        rendered.makes
          ?.filter((m) => m.isRefined)
          .map((m) => m.value)
          .sort(),
      ).toEqual(["Mazda", "Toyota"]);
    });
  },
);

describe("the search page's client against instant-meilisearch 1.0, the adapter it stands in for", () => {
  const setups: [string, Record<string, unknown>][] = [
    ["a plain results page", {}],
    ["words", { query: "toyota" }],
    [
      "ticked values, a price range, a sort and page 2",
      {
        refinementList: { make: ["Toyota", "Mazda"], body: ["ute", "suv", "hatch"] },
        range: { price: "15000:60000" },
        sortBy: `${INDEX}:price:asc`,
        page: 2,
      },
    ],
  ];
  it.each(setups)("the same widgets render the same state: %s", async (_, uiState) => {
    const page = await runInstantSearch("the search page's client", { uiState });
    const reference = await runInstantSearch("instant-meilisearch 1.0", { uiState });
    expect(page.rendered).toEqual(reference.rendered);
    // The page asks for no highlighting: nothing it shows uses it.
    for (const { body } of page.calls)
      for (const query of multiSearchRequestSchema.parse(body).queries)
        expect(query.attributesToHighlight).toBeUndefined();
  });
});
