/**
 * Vite plugin that keeps the search page's browser bundle to what it runs (page-weight budget in
 * scripts/bench.ts). Only the client build is touched; server rendering resolves as usual.
 *
 * - instant-meilisearch and its pinned meilisearch-js name their UMD files in `browser`, and
 *   Vite prefers that field: about 80 KB minified. Their ES modules are resolved instead.
 * - meilisearch-js requires a fetch polyfill when `fetch` is missing; every browser we support
 *   has it, so the polyfill is left out.
 * - meilisearch-js imports node's `crypto` only to sign tenant tokens, which never happens in a
 *   browser; it gets a module that says so if it ever is.
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
  const meiliFromInstant = createRequire(path.join(instantDir, "package.json"));
  const meiliDir = path.dirname(meiliFromInstant.resolve("meilisearch/package.json"));
  const redirects: Record<string, (importer: string | undefined) => string | undefined> = {
    "@meilisearch/instant-meilisearch": () => path.join(instantDir, "dist/instant-meilisearch.esm.js"),
    meilisearch: (importer) =>
      importer?.startsWith(instantDir) ? path.join(meiliDir, "dist/bundles/meilisearch.esm.js") : undefined,
    crypto: (importer) => (importer?.startsWith(meiliDir) ? path.join(SHIMS, "crypto.js") : undefined),
    "cross-fetch/polyfill": (importer) =>
      importer?.startsWith(meiliDir) ? path.join(SHIMS, "no-fetch-polyfill.js") : undefined,
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
