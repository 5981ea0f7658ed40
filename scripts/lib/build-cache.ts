/**
 * A tenant's Astro build caches (`.cache/<slug>/astro/<i>-of-<n>/`, one per process of a split
 * build; Astro 7.2 `experimental.incrementalBuild`).
 *
 * A cold build of a big tenant is split across cores, but a rebuild after a feed change renders
 * only the few pages whose data changed; there the fixed cost of each Astro process (start-up and
 * two bundles) dominates, and one process is faster (5,000 cars, one car changed: 10.0 s against
 * 12.3 s in two). So after a split build its caches are folded into the one-process cache, and a
 * rebuild that finds that cache runs in one process.
 *
 * Folding reads Astro's cache manifest (`incremental-build.json`, version 1): its `routes` map
 * each page component to its code hash and each path to its cache key and stored copy. The fold
 * happens only when every part agrees on the format, config, lockfile and code hashes; otherwise
 * the caches stay as they are and the next build is split again. Astro checks the folded
 * manifest as it checks its own: a stale entry is rendered again, never reused wrongly.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { discard } from "./discard";

const MANIFEST = "incremental-build.json";
const OUTPUT_DIR = "dist";
const MANIFEST_VERSION = 1;

interface PathEntry {
  cacheKey: string;
  outputFile: string;
  [more: string]: unknown;
}
interface RouteEntry {
  dependencyHash: string;
  paths: Record<string, PathEntry>;
}
interface Manifest {
  version: number;
  configHash: string;
  lockfileHash: string;
  keyDigest: string;
  routes: Record<string, RouteEntry>;
}

/** The cache folder of process `index` of a build split `shards` ways. */
export const astroCacheDir = (tenantCacheDir: string, index: number, shards: number) =>
  path.join(tenantCacheDir, "astro", `${index}-of-${shards}`);

function readManifest(dir: string): Manifest | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), "utf8")) as Manifest;
    return manifest.version === MANIFEST_VERSION && manifest.routes ? manifest : null;
  } catch {
    return null;
  }
}

/** Whether a one-process build would find a cache of this tenant's pages to reuse. */
export function hasOneProcessCache(tenantCacheDir: string): boolean {
  const manifest = readManifest(astroCacheDir(tenantCacheDir, 0, 1));
  return manifest !== null && Object.keys(manifest.routes).length > 0;
}

/**
 * Folds the caches of a build split `shards` ways into the one-process cache (replacing it) and
 * removes them. Returns the number of pages the folded cache lists, or why it was not folded.
 */
export function foldShardCaches(
  tenantCacheDir: string,
  shards: number,
): { pages: number } | { skipped: string } {
  const target = astroCacheDir(tenantCacheDir, 0, 1);
  const next = `${target}.next`;
  const dirs = Array.from({ length: shards }, (_, index) => astroCacheDir(tenantCacheDir, index, shards));
  const result = fold(target, next, dirs);
  // Not folded: drop the one-process cache, older than these, so the next build splits again and
  // reuses them.
  if ("skipped" in result) discard(target);
  return result;
}

function fold(
  target: string,
  next: string,
  dirs: readonly string[],
): { pages: number } | { skipped: string } {
  const manifests = dirs.map(readManifest);
  const first = manifests[0];
  if (!first || manifests.some((manifest) => manifest === null)) {
    return { skipped: "a part has no cache manifest in the format this code knows" };
  }
  const folded: Manifest = { ...first, routes: {} };
  for (const manifest of manifests as Manifest[]) {
    if (manifest.configHash !== first.configHash || manifest.lockfileHash !== first.lockfileHash) {
      return { skipped: "the parts were built with different config or lockfile" };
    }
    for (const [component, route] of Object.entries(manifest.routes)) {
      const into = folded.routes[component];
      if (into && into.dependencyHash !== route.dependencyHash) {
        return { skipped: `the parts were built from different code (${component})` };
      }
      folded.routes[component] = {
        dependencyHash: route.dependencyHash,
        paths: { ...into?.paths, ...route.paths },
      };
    }
  }
  // Build the folded cache beside the old one, then swap, so a crash leaves one or the other. The
  // first part's folder becomes the new cache as it is; the others' copies move in, a page's
  // folder at a time (`cars/<slug>/index.html` is one folder per page).
  discard(next); // left by a fold that was interrupted
  renameSync(dirs[0] as string, next);
  dirs.slice(1).forEach((dir, index) => {
    for (const route of Object.values((manifests[index + 1] as Manifest).routes)) {
      for (const entry of Object.values(route.paths)) {
        const file = path.join(dir, OUTPUT_DIR, entry.outputFile);
        if (!existsSync(file)) continue;
        // A folder that holds just this page moves whole; anything else, the file alone.
        const folder = path.dirname(file);
        const whole = path.basename(file) === "index.html" && readdirSync(folder).length === 1;
        const from = whole ? folder : file;
        const to = path.join(next, path.relative(dir, from));
        if (existsSync(to)) continue;
        mkdirSync(path.dirname(to), { recursive: true });
        renameSync(from, to);
      }
    }
  });
  writeFileSync(path.join(next, MANIFEST), JSON.stringify(folded));
  discard(target);
  renameSync(next, target);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  const pages = Object.values(folded.routes).reduce((sum, route) => sum + Object.keys(route.paths).length, 0);
  return { pages };
}
