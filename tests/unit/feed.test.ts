import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkFirstFeed,
  checkTruncation,
  emptyPublish,
  type FeedReport,
  publishFeed,
  readFeed,
  sanitizeDealerComments,
} from "~/features/stock/feed.server";
import { carSlug } from "~/features/stock/stock";
import { loadSite } from "~/tenant/load";
import { makeSite } from "./helpers";

const FIXTURES = path.resolve("tests/fixtures/tenants");
const NOW = new Date("2026-06-15T00:00:00Z");

async function hostile() {
  const site = loadSite(FIXTURES, "hostile-feed");
  const raw = await readFeed(site, path.join(FIXTURES, "hostile-feed"));
  return publishFeed(raw, site, NOW);
}

describe("stock feed loader", () => {
  it("never throws on bad rows and quarantines each with its id and messages", async () => {
    const { report } = await hostile();
    expect(report.received).toBe(15);
    const byIndex = Object.fromEntries(report.quarantined.map((row) => [row.index, row]));
    expect(byIndex[1]?.messages.join()).toMatch(/price: must be number, got "29,990"/);
    expect(byIndex[2]?.id).toBeNull();
    expect(byIndex[2]?.messages.join()).toMatch(/id: is required/);
    expect(byIndex[3]?.messages.join()).toMatch(/slug: "hostile-car-1" appears earlier/);
    expect(byIndex[10]?.messages.join()).toMatch(
      /status: "lost" is not allowed; use one of "in_stock", "sold", "coming_soon"/,
    );
    expect(byIndex[11]?.messages.join()).toMatch(/must be object/);
    expect(byIndex[12]?.messages.join()).toMatch(/must be object/);
    expect(byIndex[13]?.messages.join()).toMatch(/id: 2001 appears earlier/);
    expect(byIndex[14]?.messages.join()).toMatch(/year: must be number/);
    expect(report.quarantined).toHaveLength(8);
  });

  it("publishes sold cars up to exactly the window edge and hides the rest by reason", async () => {
    const { cars, report } = await hostile();
    const ids = cars.map((car) => car.id);
    expect(ids).toContain(2006);
    expect(ids).not.toContain(2007);
    expect(ids).not.toContain(2008);
    expect(ids).not.toContain(2009);
    expect(ids).toContain(2010);
    expect(report.hidden).toEqual({ sold_outside_window: 2, not_on_website: 1 });
    expect(report.published).toBe(cars.length);
    expect(report.published + report.quarantined.length + 3).toBe(report.received);
  });

  it("strips scripts and event handlers from dealer comments but keeps formatting", async () => {
    const { cars } = await hostile();
    const comments = cars.find((car) => car.id === 2005)?.dealercomments ?? "";
    expect(comments).toBe("<p>Great car</p>");
    expect(sanitizeDealerComments('<p onclick="x()">Hi <strong>there</strong></p><style>p{}</style>')).toBe(
      "<p>Hi <strong>there</strong></p>",
    );
  });

  it("applies the site's search filters", async () => {
    const site = loadSite(FIXTURES, "fixture-motors");
    const raw = await readFeed(site, path.join(FIXTURES, "fixture-motors"));
    const filtered = publishFeed(
      raw,
      {
        ...site,
        search_filters: { ...site.search_filters, makes: ["toyota", "FORD"], exclude_stocknums: ["FM1002"] },
      },
      NOW,
    );
    expect(filtered.cars.map((car) => car.make)).toEqual(["Toyota"]);
    expect(filtered.report.hidden).toEqual({ make_filtered: 3, stocknum_excluded: 1 });
  });

  it("rejects a feed without a cars array with a clear message", () => {
    const site = loadSite(FIXTURES, "fixture-motors");
    expect(() => publishFeed({ vehicles: [] }, site, NOW, "feed.json")).toThrow(
      /feed.json is invalid:\n.*"cars" array/,
    );
  });

  it("names the file when the feed cannot be read", async () => {
    const site = loadSite(FIXTURES, "fixture-motors");
    await expect(
      readFeed({ ...site, feed: "missing.json" }, path.join(FIXTURES, "fixture-motors")),
    ).rejects.toThrow(/missing.json is invalid:\n.*stock feed cannot be read/);
  });
});

describe("where the stock feed may be read from", () => {
  /** A tenant folder beside a file that is not the tenant's (a stand-in for any file on the machine). */
  function tenantBesideSecret() {
    const base = mkdtempSync(path.join(os.tmpdir(), "feed-path-"));
    const dir = path.join(base, "tenant");
    mkdirSync(dir);
    writeFileSync(path.join(base, "machine-secrets.txt"), "DATABASE_PASSWORD=hunter2-not-json\n");
    writeFileSync(path.join(base, "other-stock.json"), '{"cars": []}');
    return { base, dir };
  }
  const site = () => loadSite(FIXTURES, "fixture-motors");

  it.each(["../machine-secrets.txt", "sub/../../other-stock.json", "/etc/passwd"])(
    "refuses %s with a config error naming site.json, before reading it",
    async (feed) => {
      const { dir } = tenantBesideSecret();
      const refused = readFeed({ ...site(), feed }, dir);
      await expect(refused).rejects.toThrow(
        `${path.join(dir, "site.json")} is invalid:\n  - feed: "${feed}" is outside the tenant folder; ` +
          'use a file inside it (like "stock.json") or an https:// URL',
      );
    },
  );

  it("refuses a link inside the tenant folder that leads out of it", async () => {
    const { base, dir } = tenantBesideSecret();
    symlinkSync(path.join(base, "other-stock.json"), path.join(dir, "stock.json"));
    await expect(readFeed({ ...site(), feed: "stock.json" }, dir)).rejects.toThrow(
      /feed: "stock\.json" is outside the tenant folder/,
    );
  });

  it("says where a feed is not JSON without quoting any of it", async () => {
    const { dir } = tenantBesideSecret();
    writeFileSync(path.join(dir, "stock.json"), "DATABASE_PASSWORD=hunter2-not-json\n");
    writeFileSync(path.join(dir, "cut.json"), '{"cars": [\n  {"id": 1,\n  "slug" "x"}]}');
    const error = await readFeed({ ...site(), feed: "stock.json" }, dir).catch((caught: Error) => caught);
    expect((error as Error).message).toBe(
      `${path.join(dir, "stock.json")} is invalid:\n  - stock feed is not valid JSON; check it with a JSON validator`,
    );
    await expect(readFeed({ ...site(), feed: "cut.json" }, dir)).rejects.toThrow(
      /^\S+cut\.json is invalid:\n {2}- stock feed is not valid JSON \(line 3, column 10\)$/,
    );
  });

  it("reads a feed in a folder of the tenant's", async () => {
    const { dir } = tenantBesideSecret();
    mkdirSync(path.join(dir, "feeds"));
    writeFileSync(path.join(dir, "feeds/stock.json"), '{"cars": [{"id": 7}]}');
    expect(await readFeed({ ...site(), feed: "feeds/stock.json" }, dir)).toEqual({ cars: [{ id: 7 }] });
  });
});

describe("feed rows without a slug or a dealership_id", () => {
  /** A row as many feeds send it: no slug, no dealership_id. */
  const row = {
    id: 1001,
    name: "2021 Toyota Corolla Ascent Sport",
    year: 2021,
    make: "Toyota",
    model: "Corolla",
    price: 24990,
    km: 48200,
    car_type: "used",
    status: "in_stock",
  };
  const group = makeSite({
    template: "group",
    dealerships: [
      { id: 7, slug: "north-motors", name: "North Motors" },
      { id: 9, slug: "south-motors", name: "South Motors" },
    ],
  });

  it("makes the slug from the name and id, and gives a single-dealership site's id", () => {
    const { cars, report } = publishFeed({ cars: [row] }, makeSite(), NOW);
    expect(report.quarantined).toEqual([]);
    expect(cars[0]?.slug).toBe("2021-toyota-corolla-ascent-sport-1001");
    expect(cars[0]?.dealership_id).toBe(1);
  });

  it("keeps a row's own slug and dealership_id", () => {
    const { cars } = publishFeed(
      { cars: [{ ...row, slug: "corolla-special", dealership_id: 9 }] },
      makeSite(),
      NOW,
    );
    expect(cars[0]?.slug).toBe("corolla-special");
    expect(cars[0]?.dealership_id).toBe(9);
  });

  it.each([
    ["2021 Toyota Corolla Ascent Sport", 1001, "2021-toyota-corolla-ascent-sport-1001"],
    ["2019 Citroën C5 Aircross  Shine", 7, "2019-citroen-c5-aircross-shine-7"],
    ["Ford Ranger XL 4x4 (Dual Cab) — Driver's Pack", 55, "ford-ranger-xl-4x4-dual-cab-drivers-pack-55"],
    ["  ***  ", 12, "12"],
  ])("slug of %j with id %d is %s", (name, id, slug) => {
    expect(carSlug(name, id)).toBe(slug);
  });

  it("quarantines a row without dealership_id on a site of several dealerships, listing their ids", () => {
    const { cars, report } = publishFeed({ cars: [row, { ...row, id: 1002, dealership_id: 9 }] }, group, NOW);
    expect(cars.map((car) => car.id)).toEqual([1002]);
    expect(report.quarantined).toEqual([
      {
        index: 0,
        id: 1001,
        messages: [
          "dealership_id: is required (number); this site has 2 dealerships, so each car names its own (7, 9)",
        ],
      },
    ]);
  });

  it("still reports a missing slug when the row has no id to make one from", () => {
    const { id: _id, ...noId } = row;
    const { report } = publishFeed({ cars: [noId] }, makeSite(), NOW);
    expect(report.quarantined[0]?.messages).toEqual([
      "id: is required (number)",
      "slug: is required (string)",
    ]);
  });
});

describe("a first build whose every row is quarantined", () => {
  const report = (received: number, quarantined: number): FeedReport => ({
    tenant: "example-motors",
    feed: "stock.json",
    generated_at: NOW.toISOString(),
    received,
    published: 0,
    hidden: {},
    quarantined: Array.from({ length: quarantined }, (_, index) => ({
      index,
      id: 1001 + index,
      messages: [`price: must be number, got "24,99${index}"`],
    })),
  });

  it("is refused, naming the first three rows and where the rest are", () => {
    expect(checkFirstFeed(report(4, 4), null, "reports/example-motors/feed-report.json")).toEqual({
      ok: false,
      message:
        "every one of the feed's 4 rows was quarantined and the site has never been published; " +
        "refusing to publish an empty site. Fix the rows (reports/example-motors/feed-report.json " +
        "lists each); the first:\n" +
        '  row 0 (id 1001): price: must be number, got "24,990"\n' +
        '  row 1 (id 1002): price: must be number, got "24,991"\n' +
        '  row 2 (id 1003): price: must be number, got "24,992"',
    });
  });

  it.each([
    ["a site published before (its guard decides)", 4, 4, 12],
    ["a site published before with nothing", 4, 4, 0],
    ["a feed with one valid row", 4, 3, null],
    ["an empty feed", 0, 0, null],
  ])("passes for %s", (_case, received, quarantined, lastPublished) => {
    expect(checkFirstFeed(report(received, quarantined), lastPublished).ok).toBe(true);
  });
});

describe("a build that publishes no car while it quarantined rows", () => {
  const report = (published: number, quarantined: number): FeedReport => ({
    tenant: "example-motors",
    feed: "stock.json",
    generated_at: NOW.toISOString(),
    received: published + quarantined + 1,
    published,
    hidden: { not_on_website: 1 },
    quarantined: Array.from({ length: quarantined }, (_, index) => ({
      index,
      id: index === 0 ? null : 1001 + index,
      messages: ['status: "available" is not allowed; use one of "in_stock", "sold", "coming_soon"'],
    })),
  });

  it("is empty, with the first rows' messages", () => {
    expect(emptyPublish(report(0, 2))).toEqual([
      'row 0 (no id): status: "available" is not allowed; use one of "in_stock", "sold", "coming_soon"',
      'row 1 (id 1002): status: "available" is not allowed; use one of "in_stock", "sold", "coming_soon"',
    ]);
  });

  it.each([
    ["publishes a car", 1, 2],
    ["quarantined nothing", 0, 0],
  ])("is not empty when it %s", (_case, published, quarantined) => {
    expect(emptyPublish(report(published, quarantined))).toBeNull();
  });
});

describe("truncated-feed guard", () => {
  it.each([
    { published: 100, last: null, share: 0.5, override: false, ok: true },
    { published: 50, last: 100, share: 0.5, override: false, ok: true },
    { published: 49, last: 100, share: 0.5, override: false, ok: false },
    { published: 0, last: 1500, share: 0.5, override: false, ok: false },
    { published: 0, last: 1500, share: 0.5, override: true, ok: true },
    { published: 89, last: 100, share: 0.9, override: false, ok: false },
    { published: 10, last: 0, share: 0.5, override: false, ok: true },
  ])("publishing $published after $last at share $share (override $override) → ok $ok", (row) => {
    const verdict = checkTruncation(row.published, row.last, row.share, row.override);
    expect(verdict.ok).toBe(row.ok);
    if (!row.ok) expect(verdict.message).toMatch(/refusing to publish.*ALLOW_FEED_SHRINK=1/s);
  });
});
