/**
 * Query understanding (src/features/search/understand/): the committed set of what shoppers type
 * (tests/fixtures/search-queries.txt) over the fixture tenants' own vocabularies, row by row; the
 * line that says what was understood; the Meilisearch filter built from it; and the vocabulary
 * taken from a tenant's stock.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { searchDocuments } from "~/features/search/documents";
import { packIndex } from "~/features/search/pack";
import {
  buildVocabulary,
  describeUnderstanding,
  understandQuery,
  understoodFilter,
  type Vocabulary,
} from "~/features/search/understand";
import { loadTenant } from "~/snapshot/load-tenant.server";
import {
  FIXTURE_NOW,
  FIXTURE_TENANTS,
  queryMisses,
  readQuerySet,
  tenantVocabulary,
} from "../../scripts/lib/bench-understand";

const TENANTS = FIXTURE_TENANTS;
const NOW = FIXTURE_NOW;
const YEAR = 2026;
const ROWS = readQuerySet();

const vocabularies = new Map<string, Vocabulary>();

beforeAll(async () => {
  for (const tenant of new Set(ROWS.map((row) => row.tenant)))
    vocabularies.set(tenant, await tenantVocabulary(TENANTS, tenant, NOW));
});

const understand = (tenant: string, typed: string) => {
  const vocabulary = vocabularies.get(tenant);
  if (!vocabulary) throw new Error(`no vocabulary for ${tenant}`);
  return understandQuery(typed, vocabulary, YEAR);
};

describe("the committed set of what shoppers type", () => {
  it("holds at least 200 queries over the five fixture tenants", () => {
    expect(ROWS.length).toBe(315);
    expect(new Set(ROWS.map((row) => row.tenant)).size).toBe(5);
  });

  it("understands every query exactly: its refinements and the text left over", async () => {
    expect(await queryMisses(ROWS)).toEqual([]);
  });

  it("reads a row as its refinements, ranges and text left over", () => {
    const row = ROWS.find((r) => r.tenant === "harbourside-toyota" && r.typed === "white hilux under 40k");
    expect(row?.expected).toEqual({
      refinementList: {
        colour: ["Arctic White", "Frosted White", "Glacier White", "White"],
        model: ["HiLux"],
      },
      range: { price: { max: 40000 } },
      query: "",
    });
    const sr5 = ROWS.find((r) => r.tenant === "harbourside-toyota" && r.typed === "corolla sr5");
    expect(sr5?.expected).toEqual({ refinementList: { model: ["Corolla"] }, range: {}, query: "sr5" });
  });
});

describe("understanding", () => {
  it("says what it understood, in the shopper's terms", () => {
    const vocabulary = vocabularies.get("harbourside-toyota") as Vocabulary;
    const said = (typed: string) =>
      describeUnderstanding(understandQuery(typed, vocabulary, YEAR), vocabulary);
    expect(said("white hilux under 40k")).toBe("white Toyota HiLux under $40,000");
    expect(said("used auto ute 2019+ low km")).toBe("used automatic ute 2019 or newer under 50,000 km");
    expect(said("hilux sr5 between 30k and 50k")).toBe("Toyota HiLux $30,000 to $50,000 matching “sr5”");
    expect(said("kluger 7 seater in nundah under $250 a week")).toBe(
      "Toyota Kluger 7 seats in Nundah under $250 a week",
    );
  });

  it("builds the Meilisearch filter of the same refinements (outer AND, inner OR)", () => {
    const filter = understoodFilter(understand("outback-caravans", "jayco sleeps 4 under $80k"));
    expect(filter).toEqual([['"make" = "Jayco"'], '"sleeps" >= 4', '"price" <= 80000']);
    const quoted = understoodFilter(understand("outback-caravans", "lotus trooper 19'6\" family"));
    expect(quoted).toEqual([['"make" = "Lotus"'], ['"model" = "Trooper"'], ['"badge" = "19\'6\\" Family"']]);
  });

  it("leaves every word as text when it understands none of them", () => {
    expect(understand("westside-auto", "  Mini Cooper S ")).toEqual({
      refinementList: {},
      range: {},
      query: "Mini Cooper S",
      said: {},
    });
  });

  it("takes its words from the tenant's stock: a make only where the stock has it", async () => {
    const { data } = await loadTenant(TENANTS, "westside-auto", NOW);
    const documents = searchDocuments(data.cars, data.site, NOW);
    const mini = documents.map((doc, i) => (i === 0 ? { ...doc, make: "Mini", model: "Cooper" } : doc));
    const withMini = buildVocabulary(mini);
    expect(understandQuery("mini cooper", withMini, YEAR).refinementList).toEqual({
      make: ["Mini"],
      model: ["Cooper"],
    });
    expect(vocabularies.get("westside-auto")?.values.make).not.toContain("Mini");
  });

  it("knows berths only at the caravan dealer, and cheap as the cheapest quarter of the stock", () => {
    expect(vocabularies.get("outback-caravans")?.ranges).toEqual(["sleeps", "year", "price", "weekly", "km"]);
    expect(vocabularies.get("harbourside-toyota")?.ranges).toEqual(["year", "price", "weekly", "km"]);
    expect(vocabularies.get("outback-caravans")?.cheapMax).toBe(72000);
    expect(vocabularies.get("sunstate-motor-group")?.cheapMax).toBe(15000);
  });

  it("travels inside the index file the search worker loads", async () => {
    const { data } = await loadTenant(TENANTS, "outback-caravans", NOW);
    const documents = searchDocuments(data.cars, data.site, NOW);
    const packed = JSON.parse(JSON.stringify(packIndex(documents)));
    expect(packed.vocabulary).toEqual(vocabularies.get("outback-caravans"));
  });
});
