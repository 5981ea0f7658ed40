import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkTruncation, publishFeed, readFeed, sanitizeDealerComments } from "~/features/stock/feed.server";
import { loadSite } from "~/tenant/load";

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
