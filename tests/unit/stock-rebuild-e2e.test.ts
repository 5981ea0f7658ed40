/**
 * The stock feed to the live site through `npm start` (scripts/serve.ts) on a copy of the fixture
 * tenant: a signed webhook's 202, then the changed feed (one car added, one removed, one price
 * changed) is what the site serves, search index and sitemap included; a feed that cannot be read
 * and a truncated feed (also with the build cache cleared: the baseline comes from the database)
 * keep the old site up.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signatureHeader } from "~/server/signature";
import { hostRequest, type LocalServer, startLocalServer, workEnv } from "../../scripts/lib/local-server";
import { waitFor } from "./leads-helpers";

const SLUG = "fixture-motors";
const SECRET = "e2e-stock-webhook-secret";
const ROOT = path.resolve(".");

let work: string;
let server: LocalServer;
const log = () => server?.log ?? [];

interface FeedCar {
  id: number;
  slug: string;
  stocknum: string;
  name: string;
  price: number;
  [field: string]: unknown;
}
const feedFile = () => path.join(work, "tenants", SLUG, "stock.json");
const readFeed = () => JSON.parse(readFileSync(feedFile(), "utf8")) as { cars: FeedCar[] };
const writeFeed = (feed: unknown) => writeFileSync(feedFile(), JSON.stringify(feed, null, 1));
const builds = () => {
  const file = path.join(work, "reports", SLUG, "builds.json");
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, "utf8")) as { ok: boolean; error: string | null }[])
    : [];
};

const outcomes = () =>
  log()
    .join("")
    .match(/\[rebuild\] fixture-motors: (new build is live|build failed)/g)?.length ?? 0;

/** A request to the tenant's site by its Host (fetch would send 127.0.0.1 as the Host). */
const request = (pathname: string, init: Parameters<typeof hostRequest>[3] = {}) =>
  hostRequest(server.port, `${SLUG}.localhost:${server.port}`, pathname, init);
const page = (pathname: string) => request(pathname);

let eventCounter = 0;
function sendWebhook() {
  const body = JSON.stringify({ id: `evt_e2e_${++eventCounter}`, type: "stock.updated" });
  return request("/api/stock-feed", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      // Providers sign <t>.<slug>.<raw body>.
      "x-stock-signature": signatureHeader(SECRET, `${SLUG}.${body}`, new Date()),
    },
    body,
  });
}

/** Sends a webhook and waits for the build it starts to be recorded in builds.json. */
async function rebuildAfterWebhook(): Promise<{ ok: boolean; error: string | null; seconds: number }> {
  const before = builds().length;
  const outcomesBefore = outcomes();
  const started = Date.now();
  const response = await sendWebhook();
  expect(response.status, response.text).toBe(202);
  expect(JSON.parse(response.text)).toEqual({ build: "queued" });
  // The server logs the outcome once it is recorded in the database (the next event starts anew).
  await waitFor(() => outcomes() > outcomesBefore, "the rebuild to finish", 60_000);
  expect(builds().length).toBe(before + 1);
  const entry = builds().at(-1) as { ok: boolean; error: string | null };
  return { ...entry, seconds: (Date.now() - started) / 1000 };
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "stock-rebuild-"));
  cpSync(path.join(ROOT, "tests/fixtures/tenants", SLUG), path.join(work, "tenants", SLUG), {
    recursive: true,
  });
  // A full build first (no SKIP_BUILD), then the server: allow for both.
  server = await startLocalServer(
    { ...workEnv(work), STOCK_WEBHOOK_SECRET: SECRET, ALLOW_FEED_SHRINK: undefined },
    80_000,
  );
}, 90_000);

afterAll(async () => {
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("a stock feed change through npm start", () => {
  it("shows the changed feed after the webhook's 202: one car added, one removed, one price changed", async () => {
    const feed = readFeed();
    const [first, removed, repriced] = feed.cars as [FeedCar, FeedCar, FeedCar];
    expect((await page(`/cars/${removed.slug}/`)).status).toBe(200);
    const added: FeedCar = {
      ...first,
      id: 1999,
      stocknum: "FM1999",
      slug: "2022-mazda-bt-50-1999",
      name: "2022 Mazda BT-50",
      model: "BT-50",
      year: 2022,
    };
    const newPrice = repriced.price - 2000;
    writeFeed({
      cars: [...feed.cars.filter((car) => car !== removed), added].map((car) =>
        car === repriced ? { ...car, price: newPrice } : car,
      ),
    });

    const build = await rebuildAfterWebhook();
    expect(build.ok, build.error ?? "").toBe(true);
    console.log(`[e2e] webhook to visible: ${build.seconds.toFixed(1)} s`);

    expect((await page(`/cars/${added.slug}/`)).status).toBe(200);
    expect((await page(`/cars/${removed.slug}/`)).status).toBe(404);
    const repricedPage = (await page(`/cars/${repriced.slug}/`)).text;
    expect(repricedPage).toContain(`$${newPrice.toLocaleString("en-AU")}`);
    const sitemap = (await page("/sitemap.xml")).text;
    expect(sitemap).toContain(`/cars/${added.slug}`);
    expect(sitemap).not.toContain(`/cars/${removed.slug}`);
    const index = (await page("/search-data/cars.json")).text;
    expect(index).toContain(`"${added.stocknum}"`);
    expect(index).not.toContain(`"${removed.stocknum}"`);
    // The same incremental build as `npm run build` (its pages rendered vs reused are recorded).
    expect(builds().at(-1)).toMatchObject({
      ok: true,
      trigger: "webhook",
      published: 5,
      pages: expect.any(Number),
    });
  }, 70_000);

  it("keeps the old site when the new build fails", async () => {
    const good = readFileSync(feedFile(), "utf8");
    writeFileSync(feedFile(), "{ this is not a feed");
    const build = await rebuildAfterWebhook();
    expect(build.ok).toBe(false);
    expect(build.error).toMatch(/not valid JSON/);
    expect((await page("/cars/2022-mazda-bt-50-1999/")).status).toBe(200);
    writeFileSync(feedFile(), good);
  }, 70_000);

  it("refuses a truncated feed, also with the build cache cleared (baseline from the database)", async () => {
    const feed = readFeed();
    writeFeed({ cars: feed.cars.slice(0, 1) });
    // An empty build cache: the snapshot, Astro's cache and last-build.json are gone.
    rmSync(path.join(work, "cache", SLUG), { recursive: true, force: true });
    rmSync(path.join(work, "reports", SLUG, "last-build.json"), { force: true });
    const build = await rebuildAfterWebhook();
    expect(build.ok).toBe(false);
    expect(build.error).toMatch(
      /feed would publish 1 cars, fewer than 50% of the last successful build \(5\)/,
    );
    expect((await page(`/cars/${feed.cars[1]?.slug}/`)).status).toBe(200);
  }, 70_000);
});
