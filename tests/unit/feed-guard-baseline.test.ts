/**
 * The truncated-feed guard's baseline in the database: with the build cache gone (as after
 * "Clear cache and deploy" on Netlify: no last-build.json), a feed that shrank below the share is
 * still refused, and ALLOW_FEED_SHRINK=1 still lets a real shrink through.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedBaseline, markBuildFinished } from "~/features/rebuilds/builds.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { provisionTenantRole, tenantDatabaseUrl } from "~/lib/db/tenant-roles.server";
import { buildTenant } from "../../scripts/lib/build-tenants";
import { type Postgres, startPostgres } from "./leads-helpers";

const SLUG = "fixture-motors";
let work: string;
let db: Db;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "feed-guard-"));
  cpSync(path.resolve("tests/fixtures/tenants", SLUG), path.join(work, "tenants", SLUG), { recursive: true });
  const file = path.join(work, "tenants", SLUG, "stock.json");
  const feed = JSON.parse(readFileSync(file, "utf8")) as { cars: unknown[] };
  writeFileSync(file, JSON.stringify({ cars: feed.cars.slice(0, 1) }));
  db = await openDb({ kind: "pglite", dataDir: null }, { migrate: true });
  // The last published build, recorded in the database: 5 cars.
  await markBuildFinished(db, SLUG, { ok: true, published: 5 }, new Date("2026-11-26T02:00:00Z"));
});
afterAll(async () => {
  await db?.destroy();
  rmSync(work, { recursive: true, force: true });
});

const build = (allowShrink: boolean) =>
  buildTenant(SLUG, {
    tenantsDir: path.join(work, "tenants"),
    slugs: [SLUG],
    distDir: path.join(work, "dist"),
    reportsDir: path.join(work, "reports"),
    cacheDir: path.join(work, "cache"),
    allowShrink,
    feedBaseline: (slug) => feedBaseline(db, slug),
    log: () => {},
  });

describe("the truncated-feed guard with an empty build cache", () => {
  it("refuses a feed that shrank, from the database's baseline", async () => {
    expect(existsSync(path.join(work, "reports", SLUG, "last-build.json"))).toBe(false);
    const result = await build(false);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(
      /feed would publish 1 cars, fewer than 50% of the last successful build \(5\)/,
    );
    expect(existsSync(path.join(work, "dist", SLUG))).toBe(false);
    const history = JSON.parse(readFileSync(path.join(work, "reports", SLUG, "builds.json"), "utf8"));
    expect(history.at(-1)).toMatchObject({ ok: false, published: 1, received: 1, pages: null });
  });

  it("publishes a real shrink with ALLOW_FEED_SHRINK", async () => {
    const result = await build(true);
    expect(result.ok, result.error).toBe(true);
    expect(result.published).toBe(1);
  }, 60_000);
});

describe("npm run build with DATABASE_URL, as a Netlify build runs", () => {
  let pg: Postgres;
  let pgUrl = "";
  let owner: Db;
  let base: string;
  beforeAll(async () => {
    pg = await startPostgres();
    pgUrl = pg.url;
    owner = await openDb({ kind: "postgres", url: pg.url, poolSize: 2 }, { migrate: true });
    await provisionTenantRole(owner, SLUG, "f".repeat(24));
    base = mkdtempSync(path.join(os.tmpdir(), "feed-guard-pg-"));
    cpSync(path.resolve("tests/fixtures/tenants", SLUG), path.join(base, "tenants", SLUG), {
      recursive: true,
    });
  }, 120_000);
  afterAll(async () => {
    await owner?.destroy();
    pg?.stop();
    if (base) rmSync(base, { recursive: true, force: true });
  });

  const runBuild = () => {
    const result = spawnSync(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/build.ts"],
      {
        env: {
          ...process.env,
          TENANT: SLUG,
          TENANTS_DIR: path.join(base, "tenants"),
          DIST_DIR: path.join(base, "dist"),
          REPORTS_DIR: path.join(base, "reports"),
          TENANT_CACHE_DIR: path.join(base, "cache"),
          // The site's own role: row-level security lets it touch only this tenant's rows.
          DATABASE_URL: tenantDatabaseUrl(pgUrl, SLUG, "f".repeat(24)),
          ALLOW_FEED_SHRINK: "",
          FEED_GUARD_BASELINES: "",
        },
        encoding: "utf8",
      },
    );
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };

  it("records the baseline in the database and refuses a truncated feed after the cache is cleared", async () => {
    const first = runBuild();
    expect(first.status, first.output).toBe(0);
    expect(await feedBaseline(owner, SLUG)).toBe(5);

    const file = path.join(base, "tenants", SLUG, "stock.json");
    const feed = JSON.parse(readFileSync(file, "utf8")) as { cars: unknown[] };
    writeFileSync(file, JSON.stringify({ cars: feed.cars.slice(0, 2) }));
    rmSync(path.join(base, "cache"), { recursive: true, force: true });
    rmSync(path.join(base, "reports"), { recursive: true, force: true });
    const second = runBuild();
    expect(second.status).toBe(1);
    expect(second.output).toMatch(
      /feed would publish 2 cars, fewer than 50% of the last successful build \(5\)/,
    );
    expect(existsSync(path.join(base, "dist", SLUG, "cars"))).toBe(true);
    expect(await feedBaseline(owner, SLUG)).toBe(5);
  }, 120_000);
});
