/**
 * Query understanding bench (issue goals in `npm run bench`, not a timed test): the share of the
 * committed query set (tests/fixtures/search-queries.txt) understood exactly over the fixture
 * tenants' vocabularies, and the parse time p50/p95 over the 1,500-car sample tenant's vocabulary
 * (sunstate-motor-group in tenants/). Baseline: the same words split into lower-case tokens only
 * (what any reading of the text pays).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { searchDocuments } from "~/features/search/documents";
import {
  buildVocabulary,
  type Understanding,
  understandQuery,
  type Vocabulary,
} from "~/features/search/understand";
import { loadTenant } from "~/snapshot/load-tenant.server";

export interface QueryRow {
  tenant: string;
  typed: string;
  expected: Pick<Understanding, "refinementList" | "range" | "query">;
}

export const QUERY_SET = path.resolve(import.meta.dirname, "../../tests/fixtures/search-queries.txt");
export const FIXTURE_TENANTS = path.resolve(import.meta.dirname, "../../tests/fixtures/e2e-tenants");
/** The browser tests' instant (playwright.config.ts E2E_NOW): the fixture stock is dated to it. */
export const FIXTURE_NOW = new Date("2026-12-15T23:30:00Z");

/** `make=Toyota; colour=White,Arctic White; price<=40000` as an understanding's own shape. */
function expectedOf(refinements: string, query: string): QueryRow["expected"] {
  const refinementList: Record<string, string[]> = {};
  const range: Record<string, { min?: number; max?: number }> = {};
  for (const part of refinements.split("; ").filter(Boolean)) {
    const bound = /^(\w+)(>=|<=)(\d+)$/.exec(part);
    if (bound) {
      const [, attribute, operator, value] = bound as unknown as [string, string, string, string];
      range[attribute] = { ...range[attribute], [operator === ">=" ? "min" : "max"]: Number(value) };
      continue;
    }
    const [attribute, values] = part.split("=") as [string, string];
    refinementList[attribute] = values.split(",");
  }
  return { refinementList, range, query } as QueryRow["expected"];
}

/** The committed set, row by row (`tenant | typed | refinements | text left over`). */
export function readQuerySet(file = QUERY_SET): QueryRow[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line) => {
      const [tenant, typed, refinements, query] = line.split("|").map((cell) => cell.trim()) as string[];
      return {
        tenant: tenant ?? "",
        typed: typed ?? "",
        expected: expectedOf(refinements ?? "", query ?? ""),
      };
    });
}

/** A tenant's vocabulary, as its build makes it (from its published search documents). */
export async function tenantVocabulary(tenantsDir: string, slug: string, now: Date): Promise<Vocabulary> {
  const { data } = await loadTenant(tenantsDir, slug, now);
  return buildVocabulary(searchDocuments(data.cars, data.site, now));
}

const sameUnderstanding = (a: QueryRow["expected"], b: QueryRow["expected"]) =>
  JSON.stringify(a.refinementList) === JSON.stringify(b.refinementList) &&
  JSON.stringify(a.range) === JSON.stringify(b.range) &&
  a.query === b.query;

/** The rows understood other than expected (empty when every row is understood exactly). */
export async function queryMisses(rows: readonly QueryRow[]): Promise<string[]> {
  const vocabularies = new Map<string, Vocabulary>();
  for (const slug of new Set(rows.map((row) => row.tenant)))
    vocabularies.set(slug, await tenantVocabulary(FIXTURE_TENANTS, slug, FIXTURE_NOW));
  return rows
    .filter(({ tenant, typed, expected }) => {
      const { refinementList, range, query } = understandQuery(
        typed,
        vocabularies.get(tenant) as Vocabulary,
        FIXTURE_NOW.getUTCFullYear(),
      );
      return !sameUnderstanding({ refinementList, range, query }, expected);
    })
    .map(({ tenant, typed }) => `${tenant} | ${typed}`);
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

export interface UnderstandBenchRow {
  bench: string;
  figure: string;
  baseline: string;
  ratio: number | null;
  details: Record<string, number>;
}

export async function benchUnderstand(
  samplesDir: string,
  slug: string,
  now: Date,
): Promise<UnderstandBenchRow[]> {
  const rows = readQuerySet();
  const misses = await queryMisses(rows);
  const understood = rows.length - misses.length;
  const share = Math.round((understood / rows.length) * 1000) / 10;
  const vocabulary = await tenantVocabulary(samplesDir, slug, now);
  const texts = rows.map((row) => row.typed);
  const year = now.getFullYear();
  const firstAt = performance.now();
  understandQuery(texts[0] ?? "", vocabulary, year);
  const firstMs = performance.now() - firstAt;
  for (let round = 0; round < 3; round++) for (const text of texts) understandQuery(text, vocabulary, year);
  const times: number[] = [];
  const floor: number[] = [];
  let sink = 0;
  for (let round = 0; round < 20; round++)
    for (const text of texts) {
      const t0 = performance.now();
      understandQuery(text, vocabulary, year);
      times.push(performance.now() - t0);
      const t1 = performance.now();
      sink += text.toLowerCase().split(/\s+/).length;
      floor.push(performance.now() - t1);
    }
  times.sort((a, b) => a - b);
  floor.sort((a, b) => a - b);
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  const p50 = round3(percentile(times, 50));
  const p95 = round3(percentile(times, 95));
  const floorP95 = round3(percentile(floor, 95));
  const values = Object.values(vocabulary.values).reduce((sum, list) => sum + list.length, 0);
  return [
    {
      bench: "query understanding: committed set",
      figure: `${understood} of ${rows.length} understood exactly (${share}%) (goal ≥ 98%)`,
      baseline: "tests/fixtures/search-queries.txt over the fixture tenants",
      ratio: Math.round((understood / rows.length) * 1000) / 1000,
      details: { understood, queries: rows.length, share_percent: share },
    },
    {
      bench: `query understanding: parse, ${slug} vocabulary (${values} values)`,
      figure: `p50 ${p50.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms (goal p95 ≤ 1 ms); first parse ${firstMs.toFixed(1)} ms`,
      baseline: `splitting the words only: p95 ${floorP95.toFixed(3)} ms`,
      ratio: Math.round((p95 / Math.max(floorP95, 0.001)) * 100) / 100,
      details: {
        p50_ms: p50,
        p95_ms: p95,
        first_parse_ms: round3(firstMs),
        floor_p95_ms: floorP95,
        runs: times.length,
        sink,
      },
    },
  ];
}
