/**
 * A build that reused pages from the cache checks that every script and style they load was made by
 * this build (scripts/lib/build-tenants/stale-pages.ts); a page naming a file that is not there is
 * reported, and the build renders every page again instead of publishing it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { pagesWithMissingAssets, StalePagesError } from "../../scripts/lib/build-tenants/stale-pages";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function site(files: Record<string, string>) {
  dir = mkdtempSync(path.join(os.tmpdir(), "stale-pages-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

it("names each page that loads a script or style the build did not make, and passes the rest", () => {
  site({
    "_astro/Base.Dib783qh.css": "body{}",
    "_astro/RecentlyViewed.astro_astro_type_script_index_0_lang.CtwwQ4LD.js": "",
    "index.html":
      '<link rel="stylesheet" href="/_astro/Base.Dib783qh.css"><script type="module" src="/_astro/RecentlyViewed.astro_astro_type_script_index_0_lang.CtwwQ4LD.js"></script>',
    "search/new-cars/index.html":
      '<link rel="stylesheet" href="/_astro/Base.Dib783qh.css"><script type="module" src="/_astro/RecentlyViewed.astro_astro_type_script_index_0_lang.DiYyo-wu.js"></script>',
    "cars/a/index.html": '<script type="module">import("/_astro/gone.B0E6xq8q.js")</script>',
    "about/index.html": "<p>No scripts here.</p>",
  });
  expect(pagesWithMissingAssets(dir).sort((a, b) => a.page.localeCompare(b.page))).toEqual([
    { page: "cars/a/index.html", asset: "/_astro/gone.B0E6xq8q.js" },
    {
      page: "search/new-cars/index.html",
      asset: "/_astro/RecentlyViewed.astro_astro_type_script_index_0_lang.DiYyo-wu.js",
    },
  ]);
});

it("says how many pages and which file first", () => {
  const error = new StalePagesError([
    { page: "search/new-cars/index.html", asset: "/_astro/a.DiYyo-wu.js" },
    { page: "search/used-cars/index.html", asset: "/_astro/a.DiYyo-wu.js" },
  ]);
  expect(error.message).toBe(
    "2 reused pages point at files this build did not make (first: /search/new-cars/index.html loads /_astro/a.DiYyo-wu.js)",
  );
});
