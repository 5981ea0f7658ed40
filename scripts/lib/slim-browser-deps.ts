/**
 * Vite plugin that keeps the search page's browser bundle to what it runs (page-weight budget in
 * scripts/bench.ts). Only the client build is touched; server rendering resolves as usual.
 *
 * - instantsearch.js's history router imports `qs` (with its object-inspect dependency chain)
 *   for its default URL format, and window titles and hooks the page never uses; the page has its
 *   own router (src/features/search/ui/history-router.ts, our address format from routing.ts), so
 *   instantsearch's router and default state mapping, which its router middleware imports as
 *   defaults, are modules that throw a clear error if someone drops the page's own (and `qs`
 *   goes with them).
 * - Parts of instantsearch.js, algoliasearch-helper and react-instantsearch that InstantSearch
 *   imports whatever the page uses, and that the search page never runs (about 4.5 KB gzip): the
 *   Insights middleware (click events, added only when asked for or when an Algolia answer says
 *   so), the metadata middleware (for Algolia's crawler), the string-template helpers (our widgets
 *   draw with React), the hydration of server-rendered results (the island renders in the
 *   browser only), the hierarchical facet tree (no hierarchical facets), Algolia Recommend's
 *   answers and Insights parameters for them (no recommendation widgets) and the `use-sync-external-store` backport (React has
 *   the hook). Each stand-in does nothing where
 *   InstantSearch calls it unconditionally, and throws a clear error where the page would need
 *   the real module. Node's EventEmitter, as @algolia/events copies it for InstantSearch and its
 *   helper, is a smaller one with the same calls (browser-shims/events.cjs), and the ES5 build's
 *   array helpers for destructuring and spread are the language's own (browser-shims/swc-*.js).
 */
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const SHIMS = path.resolve(import.meta.dirname, "browser-shims");

export default function slimBrowserDeps(): Plugin {
  const require = createRequire(import.meta.url);
  const instantsearchDir = path.dirname(require.resolve("instantsearch.js/package.json"));
  // Resolved from the packages that import them, wherever npm placed them.
  const helperDir = path.dirname(
    createRequire(path.join(instantsearchDir, "package.json")).resolve("algoliasearch-helper/package.json"),
  );
  const syncStoreDir = path.dirname(
    createRequire(require.resolve("react-instantsearch-core")).resolve(
      "use-sync-external-store/package.json",
    ),
  );
  const eventsFile = createRequire(path.join(instantsearchDir, "package.json")).resolve("@algolia/events");
  const swcDir = path.dirname(
    createRequire(path.join(instantsearchDir, "package.json")).resolve("@swc/helpers/package.json"),
  );
  /** Modules the page never runs, by the file they resolve to, and their stand-ins. */
  const replaced: Record<string, string> = {
    [path.join(instantsearchDir, "es/middlewares/createInsightsMiddleware.js")]: "instantsearch-insights.js",
    [path.join(instantsearchDir, "es/middlewares/createMetadataMiddleware.js")]: "instantsearch-metadata.js",
    [path.join(instantsearchDir, "es/lib/createHelpers.js")]: "instantsearch-template-helpers.js",
    [path.join(instantsearchDir, "es/lib/routers/history.js")]: "instantsearch-history.js",
    [path.join(instantsearchDir, "es/lib/stateMappings/simple.js")]: "instantsearch-state-mapping.js",
    [path.join(instantsearchDir, "es/lib/utils/addInsightsToRecommendParameters.js")]:
      "instantsearch-recommend-insights.js",
    [path.join(instantsearchDir, "es/lib/utils/hydrateSearchClient.js")]: "instantsearch-hydrate.js",
    [path.join(instantsearchDir, "es/lib/utils/hydrateRecommendCache.js")]: "instantsearch-hydrate.js",
    [path.join(helperDir, "src/SearchResults/generate-hierarchical-tree.js")]: "hierarchical-tree.cjs",
    [path.join(helperDir, "src/RecommendResults/index.js")]: "recommend-results.cjs",
    [path.join(helperDir, "src/utils/sortAndMergeRecommendations.js")]: "recommend-results.cjs",
    [path.join(syncStoreDir, "shim/index.js")]: "use-sync-external-store.js",
    [eventsFile]: "events.cjs",
    [path.join(swcDir, "esm/_sliced_to_array.js")]: "swc-to-array.js",
    [path.join(swcDir, "esm/_to_array.js")]: "swc-to-array.js",
    [path.join(swcDir, "esm/_to_consumable_array.js")]: "swc-to-consumable-array.js",
  };
  return {
    name: "slim-browser-deps",
    enforce: "pre",
    async resolveId(id, importer, options) {
      if (options?.ssr) return undefined;
      // Only packages import the replaced modules; the site's own imports resolve as usual.
      if (!importer || !/\/node_modules\//.test(importer)) return undefined;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      const shim = resolved && replaced[resolved.id.split("?")[0] as string];
      return shim ? path.join(SHIMS, shim) : undefined;
    },
  };
}
