/**
 * Search bench (docs/architecture.md §9): the embedded engine over a built tenant's own index file, as
 * the browser gets it, answering a fixed query mix. Baseline: one pass over every document (what
 * any full scan pays), measured between the queries.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import {
  createEngine,
  type EngineSettings,
  type SearchDocument,
  type SearchRequest,
} from "~/features/search/engine";
import { type PackedIndex, unpackIndex } from "~/features/search/pack";
import { CAR_INDEX_SETTINGS } from "~/features/search/settings";

export interface SearchBenchRow {
  bench: string;
  figure: string;
  baseline: string;
  ratio: number | null;
  details: Record<string, number>;
}

/** What shoppers ask of the search page: a filtered browse, a query, a typo, a price range, newest first. */
export const SEARCH_QUERY_MIX: readonly SearchRequest[] = [
  {
    q: "",
    filter: ['car_type IN ["used"]', ['body = "suv"', 'body = "ute"']],
    facets: [
      "make",
      "model",
      "body",
      "fuel",
      "transmission",
      "drive",
      "colour",
      "year",
      "location_name",
      "car_type",
    ],
    sort: ["price:asc"],
    page: 1,
    hitsPerPage: 21,
  },
  { q: "toyota hilux sr5", facets: ["make", "model", "body"], page: 1, hitsPerPage: 21 },
  { q: "corola", page: 1, hitsPerPage: 21 },
  { q: "", filter: ["price >= 20000", "price <= 40000"], facets: ["make"], page: 2, hitsPerPage: 21 },
  {
    q: "",
    filter: ['make = "Mazda"'],
    sort: ["created_at_timestamp:desc"],
    facets: ["model"],
    page: 1,
    hitsPerPage: 21,
  },
];

export interface BenchmarkResult {
  /** Milliseconds per query. */
  p50: number;
  p95: number;
  max: number;
  mean: number;
  runs: number;
  /** Time to build the index, ms. */
  buildMs: number;
  /** The floor: one pass touching every document once (what any full scan pays), ms. */
  floorP50: number;
  floorP95: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/**
 * Runs the query mix `rounds` times (after `warmup` rounds) against an engine built over
 * `documents` and returns per-query latency percentiles in milliseconds.
 */
export function searchBenchmark(
  documents: readonly SearchDocument[],
  queries: readonly SearchRequest[],
  options: { settings: EngineSettings; rounds?: number; warmup?: number },
): BenchmarkResult {
  const builtAt = performance.now();
  const engine = createEngine(documents, options.settings);
  const buildMs = performance.now() - builtAt;
  const rounds = options.rounds ?? 40;
  const warmup = options.warmup ?? 3;
  for (let r = 0; r < warmup; r++) for (const query of queries) engine.search("bench", query);
  const times: number[] = [];
  const floor: number[] = [];
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    for (const query of queries) {
      const t0 = performance.now();
      engine.search("bench", query);
      times.push(performance.now() - t0);
      const t1 = performance.now();
      for (const doc of documents) if (doc.id === sink) sink++;
      floor.push(performance.now() - t1);
    }
  }
  times.sort((a, b) => a - b);
  floor.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times[times.length - 1] ?? 0),
    mean: round(times.reduce((a, b) => a + b, 0) / Math.max(times.length, 1)),
    runs: times.length,
    buildMs: round(buildMs),
    floorP50: round(percentile(floor, 50)),
    floorP95: round(percentile(floor, 95)),
  };
}

/** The search bench over a built tenant's index file (`dist/<slug>/search-data/cars.json`). */
export function benchSearch(indexFile: string): SearchBenchRow[] {
  const indexJson = readFileSync(indexFile);
  const documents = unpackIndex(JSON.parse(indexJson.toString()) as PackedIndex);
  const started = performance.now();
  createEngine(documents, CAR_INDEX_SETTINGS);
  const indexBuildMs = performance.now() - started;
  const search = searchBenchmark(documents, SEARCH_QUERY_MIX, { settings: CAR_INDEX_SETTINGS, rounds: 60 });
  const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;
  return [
    {
      bench: `search ${documents.length} cars`,
      figure: `p50 ${search.p50.toFixed(2)} ms, p95 ${search.p95.toFixed(2)} ms (goal p95 ≤ 5 ms)`,
      baseline: `full scan p50 ${search.floorP50.toFixed(2)} ms, p95 ${search.floorP95.toFixed(2)} ms`,
      ratio: Math.round((search.p95 / Math.max(search.floorP95, 0.001)) * 100) / 100,
      details: {
        p50_ms: search.p50,
        p95_ms: search.p95,
        floor_p50_ms: search.floorP50,
        floor_p95_ms: search.floorP95,
        index_build_ms: indexBuildMs,
        index_bytes: indexJson.length,
        index_gzip_bytes: gzip(indexJson),
      },
    },
    {
      bench: "search index size",
      figure: `${(gzip(indexJson) / 1024).toFixed(0)} KB gzip (${(indexJson.length / 1024).toFixed(0)} KB raw)`,
      baseline: `plain JSON ${(gzip(JSON.stringify(documents)) / 1024).toFixed(0)} KB gzip`,
      ratio: Math.round((gzip(indexJson) / gzip(JSON.stringify(documents))) * 100) / 100,
      details: {},
    },
  ];
}
