/**
 * Pages a build reused from Astro's build cache that point at scripts or styles the build did not
 * make. The rebuild key (src/snapshot/page-cache.server.ts) covers a page's data, and Astro renders
 * a page again when its own module graph changes; but a code change elsewhere can re-chunk the
 * client bundles and rename a script a reused page still loads (a search page kept loading a
 * RecentlyViewed script whose shared chunk had changed). Such a page would ship broken, so the build
 * checks every page's `/_astro/` references before the site is swapped in.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ASSET = /\/_astro\/[^"'\s)?#>]+/g;

/** Each page under `dir` (relative path) with the first `/_astro/` file it names that is not there. */
export function pagesWithMissingAssets(dir: string): { page: string; asset: string }[] {
  const found: { page: string; asset: string }[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory() && entry.name !== "_astro") walk(file);
      else if (entry.isFile() && entry.name.endsWith(".html")) {
        const asset = readFileSync(file, "utf8")
          .match(ASSET)
          ?.find((ref) => !existsSync(path.join(dir, ref)));
        if (asset) found.push({ page: path.relative(dir, file), asset });
      }
    }
  };
  walk(dir);
  return found;
}

/** Thrown when a build reused pages whose scripts are gone: the tenant is built again, fresh. */
export class StalePagesError extends Error {
  constructor(readonly pages: { page: string; asset: string }[]) {
    const first = pages[0];
    super(
      `${pages.length} reused pages point at files this build did not make (first: /${first?.page} loads ${first?.asset})`,
    );
  }
}
