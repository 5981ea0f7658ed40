/**
 * A split build's caches folded into one (scripts/lib/build-cache.ts), and folders discarded in
 * the background (scripts/lib/discard.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { astroCacheDir, foldShardCaches, hasOneProcessCache } from "../../scripts/lib/build-cache";
import { discard, TRASH } from "../../scripts/lib/discard";

const CARS = "src/pages/cars/[slug].astro";
const SEARCH = "src/pages/search/[...path].astro";

interface Part {
  version?: number;
  configHash?: string;
  code?: string;
  routes: Record<string, string[]>;
}

/** A cache as Astro 7.2 writes it: a manifest and a stored copy of each keyed page. */
function writeCache(dir: string, part: Part): void {
  const routes = Object.fromEntries(
    Object.entries(part.routes).map(([component, pages]) => [
      component,
      {
        dependencyHash: `${component}:${part.code ?? "v1"}`,
        paths: Object.fromEntries(
          pages.map((page) => [`/${page}`, { cacheKey: `key-${page}`, outputFile: `${page}/index.html` }]),
        ),
      },
    ]),
  );
  const manifest = {
    version: part.version ?? 1,
    configHash: part.configHash ?? "config",
    lockfileHash: "lock",
    keyDigest: "digest",
    routes,
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "incremental-build.json"), JSON.stringify(manifest));
  for (const pages of Object.values(part.routes)) {
    for (const page of pages) {
      mkdirSync(path.join(dir, "dist", page), { recursive: true });
      writeFileSync(path.join(dir, "dist", page, "index.html"), `<h1>${page}</h1>`);
    }
  }
}

const tenantCache = () => mkdtempSync(path.join(os.tmpdir(), "build-cache-"));
const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, "incremental-build.json"), "utf8")) as {
    routes: Record<string, { paths: Record<string, { outputFile: string }> }>;
  };

describe("foldShardCaches", () => {
  it("folds a two-way split's caches into the one-process cache and removes them", () => {
    const cache = tenantCache();
    writeCache(astroCacheDir(cache, 0, 2), {
      routes: { [CARS]: ["cars/a", "cars/c"], [SEARCH]: ["search/all"] },
    });
    writeCache(astroCacheDir(cache, 1, 2), { routes: { [CARS]: ["cars/b", "cars/d"] } });
    expect(hasOneProcessCache(cache)).toBe(false);

    expect(foldShardCaches(cache, 2)).toEqual({ pages: 5 });

    const one = astroCacheDir(cache, 0, 1);
    expect(hasOneProcessCache(cache)).toBe(true);
    expect(readdirSync(path.join(cache, "astro")).filter((name) => name !== TRASH)).toEqual(["0-of-1"]);
    const manifest = manifestOf(one);
    expect(Object.keys(manifest.routes[CARS]?.paths ?? {}).sort()).toEqual([
      "/cars/a",
      "/cars/b",
      "/cars/c",
      "/cars/d",
    ]);
    expect(Object.keys(manifest.routes[SEARCH]?.paths ?? {})).toEqual(["/search/all"]);
    for (const page of ["cars/a", "cars/b", "cars/c", "cars/d", "search/all"]) {
      expect(readFileSync(path.join(one, "dist", page, "index.html"), "utf8")).toBe(`<h1>${page}</h1>`);
    }
  });

  it("replaces an older one-process cache", () => {
    const cache = tenantCache();
    writeCache(astroCacheDir(cache, 0, 1), { routes: { [CARS]: ["cars/old"] } });
    writeCache(astroCacheDir(cache, 0, 2), { routes: { [CARS]: ["cars/a"] } });
    writeCache(astroCacheDir(cache, 1, 2), { routes: { [CARS]: ["cars/b"] } });
    expect(foldShardCaches(cache, 2)).toEqual({ pages: 2 });
    const one = astroCacheDir(cache, 0, 1);
    expect(Object.keys(manifestOf(one).routes[CARS]?.paths ?? {}).sort()).toEqual(["/cars/a", "/cars/b"]);
    expect(existsSync(path.join(one, "dist/cars/old"))).toBe(false);
  });

  it.each([
    ["a manifest format it does not know", { version: 2 }, /format/],
    ["another config", { configHash: "other" }, /different config or lockfile/],
    ["other code", { code: "v2" }, /different code \(src\/pages\/cars\/\[slug\]\.astro\)/],
  ])(
    "keeps the split caches when a part has %s, and drops the older one-process cache",
    (_, other, reason) => {
      const cache = tenantCache();
      writeCache(astroCacheDir(cache, 0, 1), { routes: { [CARS]: ["cars/old"] } });
      writeCache(astroCacheDir(cache, 0, 2), { routes: { [CARS]: ["cars/a"] } });
      writeCache(astroCacheDir(cache, 1, 2), { ...other, routes: { [CARS]: ["cars/b"] } });
      const result = foldShardCaches(cache, 2);
      expect("skipped" in result && result.skipped).toMatch(reason);
      // The next build splits again and reuses the split caches, untouched.
      expect(hasOneProcessCache(cache)).toBe(false);
      expect(existsSync(path.join(astroCacheDir(cache, 0, 2), "dist/cars/a/index.html"))).toBe(true);
      expect(existsSync(path.join(astroCacheDir(cache, 1, 2), "dist/cars/b/index.html"))).toBe(true);
    },
  );

  it("does not fold when a part has no cache", () => {
    const cache = tenantCache();
    writeCache(astroCacheDir(cache, 0, 2), { routes: { [CARS]: ["cars/a"] } });
    expect(foldShardCaches(cache, 2)).toHaveProperty("skipped");
    expect(hasOneProcessCache(cache)).toBe(false);
  });
});

describe("discard", () => {
  const sleepers: ReturnType<typeof spawn>[] = [];
  afterAll(() => {
    for (const child of sleepers) child.kill();
  });

  async function gone(file: string, timeoutMs = 15_000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!existsSync(file)) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  it("moves the folder out of the way at once and deletes it in the background", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "discard-"));
    const site = path.join(root, "site");
    mkdirSync(path.join(site, "cars/a"), { recursive: true });
    writeFileSync(path.join(site, "cars/a/index.html"), "old page");
    discard(site);
    expect(existsSync(site)).toBe(false);
    expect(await gone(path.join(root, TRASH, readdirSync(path.join(root, TRASH))[0] ?? "none"))).toBe(true);
  });

  it("also deletes what a build that is gone left in the trash, but not what a running one is deleting", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "discard-"));
    const trash = path.join(root, TRASH);
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    sleepers.push(sleeper);
    const exited = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => exited.on("exit", resolve));
    const leftover = path.join(trash, `site.${exited.pid}.1.0`);
    const running = path.join(trash, `site.${sleeper.pid}.1.0`);
    for (const dir of [leftover, running]) mkdirSync(path.join(dir, "cars"), { recursive: true });
    mkdirSync(path.join(root, "site"));
    discard(path.join(root, "site"));
    expect(await gone(leftover)).toBe(true);
    expect(existsSync(running)).toBe(true);
  });

  it("does nothing for a folder that is not there", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "discard-"));
    discard(path.join(root, "missing"));
    expect(readdirSync(root)).toEqual([]);
  });
});
