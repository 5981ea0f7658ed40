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
