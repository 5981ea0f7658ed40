/**
 * Vite plugin that keeps the search page's browser bundle to what it runs (page-weight budget in
 * scripts/bench.ts). Only the client build is touched; server rendering resolves as usual.
 *
 * - instant-meilisearch names its UMD file in `browser`, and Vite prefers that field; its ES
 *   module is resolved instead.
 * - instant-meilisearch uses one call of the meilisearch-js client it pins (0.36): `multiSearch`.
 *   That client is a class with the whole admin API (about 7 KB gzip, with a fetch polyfill and
 *   node's crypto for tenant tokens behind it), so in the browser it is a stand-in that sends the
 *   same request and fails with the same messages (browser-shims/meilisearch.js). The search
 *   sync (scripts/search-sync.ts) uses meilisearch-js itself.
 * - instantsearch.js's history router imports `qs` (with its object-inspect dependency chain)
 *   for its default URL format. Our router passes its own `createURL` and `parseURL`
 *   (src/features/search/routing.ts), so `qs` is never called; it gets a module that throws a
 *   clear error if someone drops those options.
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const SHIMS = path.resolve(import.meta.dirname, "browser-shims");

export default function slimBrowserDeps(): Plugin {
  const require = createRequire(import.meta.url);
  const instantDir = path.dirname(require.resolve("@meilisearch/instant-meilisearch/package.json"));
  const redirects: Record<string, (importer: string | undefined) => string | undefined> = {
    "@meilisearch/instant-meilisearch": () => path.join(instantDir, "dist/instant-meilisearch.esm.js"),
    meilisearch: (importer) =>
      importer?.startsWith(instantDir) ? path.join(SHIMS, "meilisearch.js") : undefined,
    qs: (importer) => (importer?.includes("/instantsearch.js/") ? path.join(SHIMS, "qs.js") : undefined),
  };
  return {
    name: "slim-browser-deps",
    enforce: "pre",
    resolveId(id, importer, options) {
      if (options?.ssr) return undefined;
      return redirects[id]?.(importer);
    },
  };
}
