/**
 * The search page's requests as Meilisearch queries and the answers back
 * (src/features/search/transport/instantsearch-meilisearch.ts): the queries instant-meilisearch 1.0
 * sent for the same requests with the page's options (finite pagination, placeholder search, no
 * zero facets), without the highlighting the page never shows.
 */
import { describe, expect, it } from "vitest";
import {
  toInstantSearchResult,
  toMeilisearchQuery,
} from "~/features/search/transport/instantsearch-meilisearch";

describe("instantsearch requests become Meilisearch multi-search queries", () => {
  it("the main query: words, 1-based page, facets, the page's filter, ranges, ticked values ORed, sort", () => {
    expect(
      toMeilisearchQuery({
        indexName: "cars-bayside:price:asc",
        params: {
          query: "hilux",
          hitsPerPage: 21,
          page: 1,
          facets: ["make", "body"],
          filters: '(make = "Toyota")',
          numericFilters: ["price>=10000", "price<=40000"],
          facetFilters: [["body:Ute", "body:Cab Chassis"], "car_type:used"],
        },
      }),
    ).toStrictEqual({
      indexUid: "cars-bayside",
      q: "hilux",
      hitsPerPage: 21,
      page: 2,
      facets: ["make", "body"],
      filter: [
        '(make = "Toyota")',
        '"price">=10000',
        '"price"<=40000',
        ['"body"="Ute"', '"body"="Cab Chassis"'],
        '"car_type"="used"',
      ],
      sort: ["price:asc"],
    });
  });

  it("a facet's own count query (hits 0, nothing retrieved) keeps what it asks for", () => {
    expect(
      toMeilisearchQuery({
        indexName: "cars-bayside",
        params: {
          hitsPerPage: 0,
          page: 0,
          facets: "body",
          attributesToRetrieve: [],
          attributesToHighlight: [],
          attributesToSnippet: [],
        },
      }),
    ).toStrictEqual({
      indexUid: "cars-bayside",
      q: undefined,
      hitsPerPage: 0,
      page: 1,
      facets: ["body"],
      attributesToRetrieve: [],
      attributesToHighlight: [],
      highlightPreTag: "__ais-highlight__",
      highlightPostTag: "__/ais-highlight__",
      attributesToCrop: [],
    });
  });

  it("defaults to Meilisearch's 20 a page; quotes and backslashes in values are escaped; several sort rules", () => {
    expect(
      toMeilisearchQuery({
        indexName: "cars:price:desc,year:desc",
        query: "ute",
        params: { facetFilters: ['model:The "Big" One\\'], numericFilters: "year:2019 TO 2021" },
      }),
    ).toStrictEqual({
      indexUid: "cars",
      q: "ute",
      hitsPerPage: 20,
      page: 1,
      filter: ['"year" 2019 TO 2021', '"model"="The \\"Big\\" One\\\\"'],
      sort: ["price:desc", "year:desc"],
    });
  });
});

describe("Meilisearch answers become instantsearch results", () => {
  it("counts, pages, facet counts and stats, hits as stored", () => {
    expect(
      toInstantSearchResult(
        { indexName: "cars-bayside:price:asc", params: { hitsPerPage: 21, page: 1 } },
        {
          indexUid: "cars-bayside",
          hits: [{ id: 7, make: "Toyota", _formatted: { make: "<em>Toyota</em>" }, _matchesPosition: {} }],
          query: "toyota",
          processingTimeMs: 3,
          hitsPerPage: 21,
          page: 2,
          totalPages: 3,
          totalHits: 50,
          facetDistribution: { make: { Toyota: 50 } },
          facetStats: { price: { min: 9990, max: 64990 } },
        },
      ),
    ).toStrictEqual({
      index: "cars-bayside",
      hitsPerPage: 21,
      page: 1,
      facets: { make: { Toyota: 50 } },
      nbPages: 3,
      nbHits: 50,
      processingTimeMS: 3,
      query: "toyota",
      hits: [{ id: 7, make: "Toyota" }],
      params: "",
      exhaustiveNbHits: false,
      facets_stats: { price: { min: 9990, max: 64990, avg: 0, sum: 0 } },
    });
  });

  it("an answer without facets or pages (a count query) gives empty facets and no pages", () => {
    expect(
      toInstantSearchResult(
        { indexName: "cars", params: { hitsPerPage: 0 } },
        { indexUid: "cars", hits: [], query: "", processingTimeMs: 0, totalHits: 12 },
      ),
    ).toMatchObject({ hitsPerPage: 0, page: 0, nbHits: 12, nbPages: 0, facets: {}, facets_stats: {} });
  });
});
