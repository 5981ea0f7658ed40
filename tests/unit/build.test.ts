/**
 * The build command end to end on fixture tenants: one broken tenant is reported and skipped, the
 * others build, the exit code says a tenant failed, and a truncated feed never replaces a site.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  type Dirent,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { summaryTable } from "../../scripts/lib/build-tenants";
import { TRASH } from "../../scripts/lib/discard";

const ROOT = path.resolve(".");
let work: string;

function build(env: Record<string, string>, base = work) {
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/build.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TENANTS_DIR: path.join(base, "tenants"),
        DIST_DIR: path.join(base, "dist"),
        REPORTS_DIR: path.join(base, "reports"),
        // Snapshots and build caches stay with the test, never shared with another run.
        TENANT_CACHE_DIR: path.join(base, "cache"),
        ...env,
      },
      encoding: "utf8",
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const read = (...parts: string[]) => readFileSync(path.join(work, ...parts), "utf8");

/** The JSON blocks of the README's "Adding a tenant" section, in order: site.json, then the feed. */
function readmeTenantFiles(): { site: Record<string, unknown>; feed: { cars: Record<string, unknown>[] } } {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Adding a tenant"));
  const blocks = [...section.slice(0, section.indexOf("\n## ")).matchAll(/```json\n([\s\S]*?)```/g)].map(
    (match) => JSON.parse(match[1] as string),
  );
  expect(blocks).toHaveLength(2);
  return { site: blocks[0], feed: blocks[1] };
}

/** A tenant folder in the test's tenants: the README's site.json under another slug, and a feed. */
function writeTenant(slug: string, site: Record<string, unknown>, cars: unknown[]): void {
  const dir = path.join(work, "tenants", slug);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "site.json"), JSON.stringify({ ...site, slug }));
  writeFileSync(path.join(dir, "stock.json"), JSON.stringify({ cars }));
}

/** Every file under `root`, relative to it, sorted. */
const filesUnder = (root: string) =>
  (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

/** Two published sites hold the same files, byte for byte; returns the file list. */
function expectSameSite(actualRoot: string, expectedRoot: string): string[] {
  const listed = filesUnder(expectedRoot);
  expect(filesUnder(actualRoot)).toEqual(listed);
  for (const file of listed) {
    expect(
      readFileSync(path.join(actualRoot, file)).equals(readFileSync(path.join(expectedRoot, file))),
      file,
    ).toBe(true);
  }
  return listed;
}

describe("the summary table npm run build prints", () => {
  it("calls a build that published no car while it quarantined rows empty, and prints its first rows", () => {
    const table = summaryTable([
      {
        slug: "empty-feed",
        ok: true,
        published: 0,
        hidden: 1,
        quarantined: 2,
        pages: 29,
        seconds: 7.7,
        empty: {
          feedReport: "reports/empty-feed/feed-report.json",
          firstQuarantined: [
            'row 0 (id 1001): price: must be number, got "24,990"',
            "row 2 (no id): id: is required (number)",
          ],
        },
      },
      { slug: "example-motors", ok: true, published: 1, hidden: 0, quarantined: 0, pages: 34, seconds: 7.6 },
      { slug: "all-quarantined", ok: false, published: 0, hidden: 0, quarantined: 2, seconds: 0 },
    ]);
    expect(table).toBe(
      [
        "tenant           status  published  hidden  quarantined  pages  seconds",
        "---------------  ------  ---------  ------  -----------  -----  -------",
        "empty-feed        empty          0       1            2     29      7.7",
        "example-motors       ok          1       0            0     34      7.6",
        "all-quarantined  FAILED          0       0            2      -      0.0",
        "",
        "WARNING empty-feed: published no cars, and 2 feed rows were quarantined " +
          "(reports/empty-feed/feed-report.json lists each). The first:",
        '  row 0 (id 1001): price: must be number, got "24,990"',
        "  row 2 (no id): id: is required (number)",
      ].join("\n"),
    );
  });
});

describe("npm run build on fixture tenants", () => {
  let first: ReturnType<typeof build>;
  /** The README's tenant's first build: beside the shrunk feed's rebuild below, on a core it leaves free. */
  let readmeBuild: ReturnType<typeof build> | undefined;

  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), "build-test-"));
    cpSync(path.join(ROOT, "tests/fixtures/tenants"), path.join(work, "tenants"), { recursive: true });
    // A new user's tenant, exactly as the README's "Adding a tenant" gives it.
    const readme = readmeTenantFiles();
    const dir = path.join(work, "tenants/example-motors");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "site.json"), JSON.stringify(readme.site));
    writeFileSync(path.join(dir, "stock.json"), JSON.stringify(readme.feed));
    const car = readme.feed.cars[0] as Record<string, unknown>;
    // The same site with a logo that is not under public/.
    writeTenant(
      "missing-logo",
      { ...readme.site, logo: { ...(readme.site.logo as object), url: "/media/logos/missing-logo.svg" } },
      [car],
    );
    // Nothing of the feed matches the car schema, and the site was never published.
    writeTenant("all-quarantined", readme.site, [
      { ...car, price: "24,990" },
      { ...car, id: 1002, status: "available" },
    ]);
    // Every tenant but the README's, whose Astro build would take a round of its own here.
    first = build({ TENANT: "all-quarantined,broken-config,fixture-motors,hostile-feed,missing-logo" });
  }, 180_000);

  it("reports the broken tenant, builds the others and exits non-zero", () => {
    expect(first.status).toBe(1);
    expect(first.output).toMatch(/\[broken-config\] FAILED: .*broken-config\/site\.json is invalid/);
    expect(first.output).toMatch(/broken-config\s+FAILED/);
    expect(first.output).toMatch(/fixture-motors\s+ok\s+5\s+0\s+0\s+\d+/);
    expect(first.output).toMatch(
      /2 of 5 tenants built .*; failed: all-quarantined, broken-config, missing-logo$/m,
    );
    expect(existsSync(path.join(work, "dist/broken-config"))).toBe(false);
  });

  it("fails a site whose logo is not under public/, naming the file, the field and the fix", () => {
    expect(first.output).toContain(
      `[missing-logo] FAILED: ${path.join(work, "tenants/missing-logo/site.json")} is invalid:\n` +
        '  - logo.url: "/media/logos/missing-logo.svg" is not a file under public/ (looked for ' +
        "public/media/logos/missing-logo.svg); add the file there, or set logo.url to a file that is",
    );
    expect(first.output).toMatch(/missing-logo\s+FAILED/);
    expect(existsSync(path.join(work, "dist/missing-logo"))).toBe(false);
  });

  it("fails a first build whose every feed row was quarantined, naming the first rows", () => {
    expect(first.output).toContain(
      "[all-quarantined] FAILED: every one of the feed's 2 rows was quarantined and the site has " +
        "never been published; refusing to publish an empty site.",
    );
    expect(first.output).toContain('  row 0 (id 1001): price: must be number, got "24,990"');
    expect(first.output).toContain(
      '  row 1 (id 1002): status: "available" is not allowed; use one of "in_stock", "sold", "coming_soon"',
    );
    expect(first.output).toMatch(/all-quarantined\s+FAILED\s+0\s+0\s+2\s+-/);
    expect(existsSync(path.join(work, "dist/all-quarantined"))).toBe(false);
  });

  it("prerenders the home page and one page per published car", () => {
    const home = read("dist/fixture-motors/index.html");
    expect(home).toContain('<html lang="en-AU"');
    expect(home).toMatch(/<h1[^>]*>Fixture Motors<\/h1>/);
    expect(home).toContain('<link rel="canonical" href="https://www.fixture-motors.example.com.au/"');
    const car = read("dist/fixture-motors/cars/2021-ford-ranger-1002/index.html");
    expect(car).toMatch(/<h1[^>]*>2021 Ford Ranger<\/h1>/);
    expect(car).toContain("$45,990");
    expect(read("dist/fixture-motors/cars/2021-kia-sportage-1004/index.html")).toContain("PREORDER");
    expect(read("dist/fixture-motors/sitemap.xml")).toContain(
      "<loc>https://www.fixture-motors.example.com.au/cars/2021-mazda-cx-5-1000</loc>",
    );
    expect(existsSync(path.join(work, "dist/fixture-motors/404.html"))).toBe(true);
    for (const route of [
      "new-used-and-demo-cars",
      "used-cars",
      "toyota",
      "toyota/corolla",
      "fixture-motors",
    ]) {
      expect(existsSync(path.join(work, `dist/fixture-motors/search/${route}/index.html`)), route).toBe(true);
    }
    // public/ is in the site, linked rather than copied when both are on one file system.
    const logo = "media/image-not-found.svg";
    const published = statSync(path.join(work, "dist/fixture-motors", logo));
    const source = statSync(path.join(ROOT, "public", logo));
    expect(read("dist/fixture-motors", logo)).toBe(readFileSync(path.join(ROOT, "public", logo), "utf8"));
    if (published.dev === source.dev) expect(published.ino).toBe(source.ino);
    const search = read("dist/fixture-motors/search/toyota/index.html");
    expect(search).toMatch(/<h1[^>]*>Toyota Cars for Sale<\/h1>/);
    expect(search).toContain('data-result-count="1"');
    expect(search).toContain('data-car-id="1001"');
  });

  it("sends feed photos on the tenant's image hosts through the image CDN, and names hosts it is not on", () => {
    const cdn = (url: string, width: number) =>
      `/.netlify/images?url=${encodeURIComponent(url)}&amp;w=${width}&amp;q=75`;
    const ranger = read("dist/fixture-motors/cars/2021-ford-ranger-1002/index.html");
    const front = "https://photos.fixture-feed.example.com.au/1002/front.jpg";
    // The first photo is the page's LCP image: sized for the phone that asks, through the CDN.
    expect(ranger).toMatch(/<img[^>]+fetchpriority="high"[^>]*>/);
    const lcp = /<img[^>]+fetchpriority="high"[^>]*>/.exec(ranger)?.[0] ?? "";
    expect(lcp).toContain(`${cdn(front, 640)} 640w`);
    expect(ranger).toContain(`og:image" content="${front}"`);
    // A host the site does not list stays as the feed gave it, and the build says so.
    const i30 = read("dist/fixture-motors/cars/2021-hyundai-i30-1003/index.html");
    expect(i30).toContain('src="https://cdn.other-feed.example.net/i30.jpg"');
    expect(i30).not.toContain(encodeURIComponent("https://cdn.other-feed.example.net"));
    expect(first.output).toContain(
      "[fixture-motors] 1 car shows photos from https://cdn.other-feed.example.net, which is not in site.json image_hosts",
    );
    // The search island resizes the same way in the browser: the build handed it the host.
    const bundles = readdirSync(path.join(work, "dist/fixture-motors/_astro")).filter((file) =>
      file.endsWith(".js"),
    );
    expect(
      bundles.some((file) =>
        read("dist/fixture-motors/_astro", file).includes("https://photos.fixture-feed.example.com.au"),
      ),
    ).toBe(true);
  });

  it("ships the search island without code it never runs (scripts/lib/slim-browser-deps.ts)", () => {
    const site = path.join(work, "dist/fixture-motors");
    const page = read("dist/fixture-motors/search/new-used-and-demo-cars/index.html");
    const island = page.match(/component-url="(\/_astro\/SearchApp\.[^"]+\.js)"/)?.[1];
    expect(island).toBeDefined();
    const code = readFileSync(path.join(site, island as string), "utf8");
    // The search client works: it sends Meilisearch's multi-search (transport/instantsearch-meilisearch.ts).
    expect(code).toContain("/multi-search");
    // instant-meilisearch (its option checks, its own answer cache, a first search for facet
    // counts it drops when zero counts are off) and meilisearch-js (admin API, task polling, token signing),
    // qs (instantsearch's default URL format; ours is routing.ts) and a fetch polyfill are not.
    expect(code).not.toContain("Provided hostUrl value");
    expect(code).not.toContain("waitForTask");
    expect(code).not.toContain("createHmac");
    expect(code).not.toContain("allowPrototypes");
    expect(code).not.toContain("XMLHttpRequest");
    // Nor InstantSearch's parts the page never runs: Insights click events, the Algolia crawler's
    // metadata, string-template helpers, hydration of server-rendered results.
    expect(code).not.toContain("ais.insights");
    expect(code).not.toContain("Algolia Crawler");
    expect(code).not.toContain("The highlight helper expects");
    expect(code).not.toContain("_cacheHydrated");
    // instantsearch's history router (the page has its own, ui/history-router.ts).
    expect(code).not.toContain("You need to provide `getLocation`");
  });

  it("the home page writes search links without the search page's link reader", () => {
    const site = path.join(work, "dist/fixture-motors");
    const home = read("dist/fixture-motors/index.html");
    expect(home).toContain("BudgetFinder");
    // Every script the home page loads, with what each imports.
    const scripts = new Set(
      [...home.matchAll(/<script[^>]+src="(\/_astro\/[^"]+\.js)"/g)].map((match) =>
        path.join(site, match[1] as string),
      ),
    );
    for (const file of scripts) {
      for (const match of readFileSync(file, "utf8").matchAll(/(?:import|from)\s*"(\.\/[^"]+\.js)"/g)) {
        scripts.add(path.resolve(path.dirname(file), match[1] as string));
      }
    }
    const code = [...scripts].map((file) => readFileSync(file, "utf8")).join("\n");
    // The budget finder's link is built (query-string.ts); old links' filters (routing.ts) are not read.
    expect(code).toContain("refinementList[");
    expect(code).not.toContain("isMinRange");
  });

  it("renders content pages from markdown, sanitized, with one h1", () => {
    const about = read("dist/fixture-motors/about-us/index.html");
    expect(about).toMatch(/<h1[^>]*>About Fixture Motors<\/h1>/);
    expect(about).toMatch(/<h2[^>]*>About us<\/h2>/);
    expect(about).toContain("<strong>quality used cars</strong>");
    expect(about).not.toContain('alert("no")');
    expect(read("dist/fixture-motors/sitemap.xml")).toContain(
      "https://www.fixture-motors.example.com.au/about-us",
    );
  });

  it("writes the feed report with quarantined rows and never publishes hostile HTML", () => {
    const report = JSON.parse(read("reports/hostile-feed/feed-report.json"));
    expect(report.received).toBe(15);
    expect(report.quarantined).toHaveLength(8);
    const page = read("dist/hostile-feed/cars/hostile-car-5/index.html");
    expect(page).toContain("<p>Great car</p>");
    // The feed's <script>alert("x")</script> and <img onerror=alert(1)> are gone (the page's own
    // bundled scripts may call alert() for error messages, so look for the feed's exact payloads).
    expect(page).not.toContain('alert("x")');
    expect(page).not.toContain("alert(1)");
    expect(page).not.toContain("onerror");
  });

  it("refuses a truncated feed, keeps the previous site, and publishes with ALLOW_FEED_SHRINK=1", () => {
    const feedFile = path.join(work, "tenants/fixture-motors/stock.json");
    const feed = JSON.parse(readFileSync(feedFile, "utf8"));
    writeFileSync(feedFile, JSON.stringify({ cars: feed.cars.slice(0, 2) }));

    const refused = build({ TENANT: "fixture-motors" });
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(
      /feed would publish 2 cars, fewer than 50% of the last successful build \(5\)/,
    );
    expect(existsSync(path.join(work, "dist/fixture-motors/cars/2021-ford-ranger-1002/index.html"))).toBe(
      true,
    );

    const allowed = build({ TENANT: "fixture-motors,example-motors", ALLOW_FEED_SHRINK: "1" });
    readmeBuild = allowed;
    expect(allowed.status).toBe(0);
    expect(existsSync(path.join(work, "dist/fixture-motors/cars/2021-ford-ranger-1002/index.html"))).toBe(
      false,
    );
    expect(existsSync(path.join(work, "dist/fixture-motors/cars/2021-mazda-cx-5-1000/index.html"))).toBe(
      true,
    );
  }, 120_000);

  it("publishes the README's minimal tenant: its one feed row has a car page", () => {
    expect(readmeBuild, "built with the shrunk feed above").toBeDefined();
    // The feed row has no slug and no dealership_id: the slug comes from its name and id, and the
    // site's one dealership is its dealership.
    expect(readmeBuild?.output).toMatch(/example-motors\s+ok\s+1\s+0\s+0\s+\d+/);
    const car = read("dist/example-motors/cars/2021-toyota-corolla-ascent-sport-1001/index.html");
    expect(car).toMatch(/<h1[^>]*>2021 Toyota Corolla Ascent Sport<\/h1>/);
    expect(car).toContain("$24,990");
    expect(read("dist/example-motors/index.html")).toContain('src="/media/logos/example-motors.svg"');
    expect(existsSync(path.join(work, "dist/example-motors/media/logos/example-motors.svg"))).toBe(true);
    expect(JSON.parse(read("reports/example-motors/feed-report.json")).quarantined).toEqual([]);
  });

  it("on Netlify, refuses an image host netlify.toml does not let the image CDN fetch, and keeps the site", () => {
    const refused = build({ TENANT: "fixture-motors", NETLIFY: "true" });
    expect(refused.status).toBe(1);
    // Its trade-in flow is on and the deploy names no provider: said before anything else stops it.
    expect(refused.output).toContain(
      "[fixture-motors] warning: the trade-in flow is on (features.trade_in) but VALUATION_URL and " +
        "VALUATION_KEY are not set: shoppers get no online offer, the dealer calls each one with a valuation",
    );
    expect(refused.output).toContain(
      "[fixture-motors] warning: the trade-in flow is on (features.trade_in) but REGO_LOOKUP_URL and " +
        "REGO_LOOKUP_KEY are not set: there is no rego lookup, shoppers type their car's make, model and year",
    );
    expect(refused.output).toContain(
      "[fixture-motors] FAILED: netlify.toml does not let the image CDN fetch photos from " +
        'https://photos.fixture-feed.example.com.au: add "https://photos\\\\.fixture-feed\\\\.example\\\\.com\\\\.au/.*" ' +
        "to [images] remote_images",
    );
    expect(existsSync(path.join(work, "dist/fixture-motors/cars/2021-mazda-cx-5-1000/index.html"))).toBe(
      true,
    );
  });

  it("refuses a site that holds a secret of the build environment, naming the variable, never the value", () => {
    // The fixture's tagline and a word of it stand in for secrets a page leaks.
    const leaked = build({
      TENANT: "fixture-motors",
      IP_HASH_SECRET: "Quality used cars in Townsville",
      SMTP_URL: "smtp://mailer:Townsville@127.0.0.1:2525",
    });
    expect(leaked.status).toBe(1);
    expect(leaked.output).toContain(
      "[fixture-motors] FAILED: the built site holds secrets of the build environment; nothing was published",
    );
    expect(leaked.output).toMatch(/^ {2}index\.html holds IP_HASH_SECRET$/m);
    expect(leaked.output).toMatch(/^ {2}index\.html holds the password in SMTP_URL$/m);
    expect(leaked.output).not.toContain("Townsville");
    expect(existsSync(path.join(work, "dist/fixture-motors/cars/2021-mazda-cx-5-1000/index.html"))).toBe(
      true,
    );
  }, 120_000);

  it("names unknown tenants", () => {
    const result = build({ TENANT: "nobody-motors" });
    expect(result.status).toBe(1);
    expect(result.output).toMatch(
      /Unknown tenant nobody-motors; tenants in .*: all-quarantined, broken-config, example-motors, fixture-motors, hostile-feed, missing-logo/,
    );
  });
});

/**
 * fixture-motors built cold at the tests' epoch, each with a build cache of its own: in one process
 * ("1") or split in two shards ("2"), as a big tenant's cold build is. Made once per file and shared:
 * the shard test compares the two sites, and each rebuild test goes on from one of them in its own
 * folder (they run in order, and each later step writes under names of its own).
 */
const coldBuilds = new Map<
  string,
  {
    dir: string;
    tenantDir: string;
    first: ReturnType<typeof build>;
    run: (name: string, env?: Record<string, string>) => ReturnType<typeof build>;
  }
>();
function coldBuild(shards: "1" | "2") {
  const known = coldBuilds.get(shards);
  if (known) return known;
  const dir = mkdtempSync(path.join(os.tmpdir(), `build-cold-${shards}-`));
  const tenantDir = path.join(dir, "tenants/fixture-motors");
  cpSync(path.join(ROOT, "tests/fixtures/tenants/fixture-motors"), tenantDir, { recursive: true });
  const run = (name: string, env: Record<string, string> = {}) =>
    build(
      {
        TENANT: "fixture-motors",
        DIST_DIR: path.join(dir, `dist-${name}`),
        REPORTS_DIR: path.join(dir, "reports"),
        TENANT_CACHE_DIR: path.join(dir, "cache"),
        SOURCE_DATE_EPOCH: "1795000000",
        ...env,
      },
      dir,
    );
  const made = { dir, tenantDir, run, first: run("first", { BUILD_SHARDS: shards }) };
  coldBuilds.set(shards, made);
  return made;
}

describe("a tenant split across build shards (one Astro process per core)", () => {
  it("publishes byte for byte the site one process builds, every car page included", () => {
    // Both render every page: each has a build cache of its own, from no other test's clock.
    const one = coldBuild("1");
    const two = coldBuild("2");
    expect(one.first.status, one.first.output).toBe(0);
    expect(two.first.status, two.first.output).toBe(0);
    expect(one.first.output).not.toMatch(/ in \d+ shards/);
    expect(two.first.output).toMatch(/\[fixture-motors\] building \d+ pages in 2 shards/);
    const listed = expectSameSite(
      path.join(two.dir, "dist-first/fixture-motors"),
      path.join(one.dir, "dist-first/fixture-motors"),
    );
    expect(listed.filter((file) => /^cars\/.+-\d+\/index\.html$/.test(file))).toHaveLength(5);
    // No shard's scratch output (`<slug>.<pid>.<shard>`) is left behind. (Other test files' builds of
    // the same fixture may be running, in one process each: `<slug>.<pid>`.)
    expect(
      readdirSync(path.join(ROOT, ".cache/scratch")).filter((name) =>
        /^fixture-motors\.\d+\.\d+$/.test(name),
      ),
    ).toEqual([]);
  }, 180_000);
});

describe("a rebuild after a feed change (incremental build)", () => {
  it("reuses unchanged pages and publishes byte for byte what a full build publishes", () => {
    // The first build is split in two (as a big tenant's cold build is); its two caches are
    // folded into one, so the rebuild runs in one process and still reuses every unchanged page.
    const { dir, tenantDir, run, first } = coldBuild("2");
    expect(first.status, first.output).toBe(0);
    expect(first.output).toMatch(/building \d+ pages in 2 shards/);
    expect(first.output).not.toMatch(/reused from the build cache/);
    expect(
      readdirSync(path.join(dir, "cache/fixture-motors/astro")).filter((name) => name !== TRASH),
    ).toEqual(["0-of-1"]);

    // The feed changes one car's price: its page changes, and the search pages that list it.
    const stockFile = path.join(tenantDir, "stock.json");
    const stock = JSON.parse(readFileSync(stockFile, "utf8")) as { cars: { id: number; price: number }[] };
    const changed = stock.cars.find((car) => car.id === 1000) as { price: number };
    changed.price = 29990;
    writeFileSync(stockFile, JSON.stringify(stock));
    const rebuilt = run("rebuilt");
    expect(rebuilt.status, rebuilt.output).toBe(0);
    expect(rebuilt.output).toMatch(/building \d+ pages over the build cache/);
    const reused = Number(/(\d+) unchanged pages reused from the build cache/.exec(rebuilt.output)?.[1] ?? 0);
    // Of the 5 cars, only the one changed renders again (a page's similar cars are asked of the
    // search in the browser); the search pages not showing it are reused too.
    expect(reused, rebuilt.output).toBeGreaterThan(3);
    expect(
      readFileSync(
        path.join(dir, "dist-rebuilt/fixture-motors/cars/2021-mazda-cx-5-1000/index.html"),
        "utf8",
      ),
    ).toContain("$29,990");

    const full = run("full", { BUILD_FRESH: "1" });
    expect(full.status, full.output).toBe(0);
    expect(full.output).not.toMatch(/reused from the build cache/);
    expectSameSite(path.join(dir, "dist-rebuilt/fixture-motors"), path.join(dir, "dist-full/fixture-motors"));
  }, 180_000);

  it("renders every page again when a reused page loads a script the build did not make", () => {
    const { dir, run, first } = coldBuild("1");
    expect(first.status, first.output).toBe(0);
    // As a code change that renames a shared chunk leaves it: a cached page names a script that
    // the next build does not make.
    const cached = path.join(
      dir,
      "cache/fixture-motors/astro/0-of-1/dist/search/new-used-and-demo-cars/index.html",
    );
    const html = readFileSync(cached, "utf8");
    const script = /\/_astro\/[^"]+\.js/.exec(html)?.[0] ?? "";
    expect(script).not.toBe("");
    writeFileSync(cached, html.replaceAll(script, "/_astro/gone.AAAAAAAA.js"));

    const rebuilt = run("rebuilt");
    expect(rebuilt.status, rebuilt.output).toBe(0);
    expect(rebuilt.output).toContain(
      "reused pages point at files this build did not make (first: /search/new-used-and-demo-cars/index.html loads /_astro/gone.AAAAAAAA.js); rendering every page again",
    );
    const published = readFileSync(
      path.join(dir, "dist-rebuilt/fixture-motors/search/new-used-and-demo-cars/index.html"),
      "utf8",
    );
    expect(published).not.toContain("/_astro/gone.AAAAAAAA.js");
    expect(published).toContain(script);
  }, 180_000);
});
