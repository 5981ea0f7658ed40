/**
 * Live check against a real Meilisearch (runs only with MEILI_URL and MEILI_ADMIN_KEY set, e.g.
 * `MEILI_URL=http://localhost:7700 MEILI_ADMIN_KEY=… npx vitest run tests/unit/search-live.test.ts`):
 * syncs the fixture tenant with search-sync's own code into a throwaway index, then runs one query
 * mix through Meilisearch and through the embedded engine and compares totals, facet counts, facet
 * stats, response keys and, where the order is fully decided by sort, the hits.
 */
import path from "node:path";
import { Meilisearch } from "meilisearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchRequest } from "~/features/search/engine";
import { tenantSearch } from "~/features/search/search.server";
import { syncIndex } from "~/features/search/sync";
import { loadTenant } from "~/snapshot/load-tenant.server";
import type { TenantData } from "~/tenant/tenant.server";

const MEILI_URL = process.env.MEILI_URL;
const MEILI_ADMIN_KEY = process.env.MEILI_ADMIN_KEY;
const live = Boolean(MEILI_URL && MEILI_ADMIN_KEY);
const reason = !MEILI_URL ? "MEILI_URL is not set" : "MEILI_ADMIN_KEY is not set";
if (!live) console.warn(`search-live: skipped, ${reason} (set MEILI_URL and MEILI_ADMIN_KEY to run it)`);

/** The query mix: what the results page, filters, sort, budget finder and similar cars send. */
const QUERIES: { name: string; request: SearchRequest; ordered?: boolean }[] = [
  {
    name: "default page",
    request: { facets: ["car_type", "make", "body", "price"], hitsPerPage: 21, page: 1 },
  },
  {
    name: "make refinement",
    request: {
      filter: [['"make"="Toyota"', '"make"="Mazda"']],
      facets: ["make", "model"],
      hitsPerPage: 21,
      page: 1,
    },
  },
  {
    name: "price range, sorted",
    request: {
      filter: ['"price">=15000', '"price"<=40000'],
      sort: ["price:asc"],
      facets: ["price", "km"],
      hitsPerPage: 2,
      page: 2,
    },
    ordered: true,
  },
  {
    name: "latest first",
    request: { sort: ["created_at_timestamp:desc"], hitsPerPage: 21, page: 1 },
    ordered: true,
  },
  {
    name: "budget finder",
    request: {
      filter: '"car_type" IN ["new", "demo", "used"] AND price > 1000',
      facets: ["price", "body"],
      hitsPerPage: 0,
    },
  },
  {
    name: "NOT and parentheses",
    request: { filter: "NOT status = sold AND (make = Ford OR price < 20000)", facets: ["make"], limit: 10 },
  },
  {
    name: "similar cars (same model in the price band, in stock)",
    request: {
      filter: [
        '"make"="Toyota"',
        '"model"="Corolla"',
        '"status"="in_stock"',
        '"price">=20000',
        '"price"<=40000',
      ],
      limit: 10,
    },
    ordered: true,
  },
  { name: "text query", request: { q: "toyota", facets: ["make"], hitsPerPage: 21 } },
  { name: "typo", request: { q: "corola", hitsPerPage: 21 } },
  { name: "prefix", request: { q: "ran", hitsPerPage: 21 } },
  { name: "no results", request: { filter: "price > 10000000", facets: ["make", "price"], hitsPerPage: 21 } },
];

const totalOf = (response: { totalHits?: number; estimatedTotalHits?: number }) =>
  response.totalHits ?? response.estimatedTotalHits;
/** Keys only a server adds (per-request id, opt-in metadata). */
const SERVER_ONLY = new Set(["requestUid", "metadata", "performanceDetails"]);

describe.skipIf(!live)(
  `against a live Meilisearch${live ? ` at ${MEILI_URL}` : ` (skipped: ${reason})`}`,
  () => {
    // Built lazily: a skipped describe body still runs at collection time.
    let client: Meilisearch;
    const uid = `live_test_fixture_motors_${Date.now()}`;
    let tenant: TenantData;

    beforeAll(async () => {
      client = new Meilisearch({ host: MEILI_URL as string, apiKey: MEILI_ADMIN_KEY });
      tenant = (await loadTenant(path.resolve("tests/fixtures/tenants"), "fixture-motors", new Date())).data;
      const { documents } = tenantSearch(tenant);
      // Twice: the first sync creates the index by renaming, the second swaps and deletes.
      await syncIndex(client, { indexUid: uid, documents });
      const again = await syncIndex(client, { indexUid: uid, documents });
      expect(again.previous).toBe(documents.length);
    }, 120_000);

    afterAll(async () => {
      await client.deleteIndexIfExists(uid);
    });

    it("holds exactly the tenant's documents and no scratch index", async () => {
      expect((await client.index(uid).getStats()).numberOfDocuments).toBe(
        tenantSearch(tenant).documents.length,
      );
      const { results } = await client.getRawIndexes({ limit: 1000 });
      expect(results.filter((index) => index.uid.startsWith(`${uid}_`))).toEqual([]);
    });

    it.each(QUERIES)(
      "$name: same totals, facets and response keys as the embedded engine",
      async ({ request, ordered }) => {
        const { engine } = tenantSearch(tenant);
        const { q, ...params } = request;
        const remote = (await client.index(uid).search(q ?? "", params as never)) as unknown as Record<
          string,
          unknown
        >;
        const local = engine.search(uid, request) as unknown as Record<string, unknown>;
        expect(
          Object.keys(remote)
            .filter((key) => !SERVER_ONLY.has(key))
            .sort(),
        ).toEqual(Object.keys(local).sort());
        expect(totalOf(remote)).toBe(totalOf(local));
        expect(remote.facetDistribution).toEqual(local.facetDistribution);
        expect(remote.facetStats).toEqual(local.facetStats);
        for (const key of ["page", "hitsPerPage", "totalPages", "limit", "offset", "query"])
          expect(remote[key]).toEqual(local[key]);
        const ids = (response: Record<string, unknown>) =>
          (response.hits as { id: number }[]).map((hit) => hit.id);
        if (ordered) expect(ids(remote)).toEqual(ids(local));
        else expect(ids(remote).sort()).toEqual(ids(local).sort());
      },
    );
  },
);
