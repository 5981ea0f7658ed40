/**
 * Netlify build plugin of every tenant's site (netlify.toml [[plugins]]). Netlify keeps
 * node_modules between builds but not .cache/ or reports/, so without this every feed-change
 * rebuild would render every page again and the truncated-feed guard would lose last-build.json
 * (its baseline is also kept in the database: src/features/stock/builds.server.ts).
 *
 * - onPreBuild restores the tenant's Astro build cache (.cache/<slug>/astro), its snapshot
 *   (.cache/<slug>/tenant.json) and reports/<slug>/last-build.json and builds.json;
 * - onPostBuild (only after a successful build command) saves them again, runs
 *   `npm run search-sync` for a tenant on Meilisearch (site.json `search_service`; its admin key is
 *   a variable scoped to builds only, never to functions), and prints the build summary in the
 *   deploy log.
 *
 * This main module exports Netlify events only: Netlify Build treats every named export as an event
 * handler and refuses to load the plugin over anything else. The hooks are made in hooks.js, which
 * the unit test imports with its own root, environment and stand-in utils.
 *
 * Plain JavaScript: Netlify loads a local plugin as it is, without a TypeScript step.
 */
import { buildCachePlugin } from "./hooks.js";

const hooks = buildCachePlugin();
export const onPreBuild = hooks.onPreBuild;
export const onPostBuild = hooks.onPostBuild;
