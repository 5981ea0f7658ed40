/**
 * `npm run build`: every tenant into dist/<slug>/ (TENANT=<slug> for one, TENANTS_DIR=<dir> for
 * another folder). Prints progress per tenant and a summary table; exits 1 if any tenant failed.
 */
import { cpSync } from "node:fs";
import path from "node:path";
import { buildTenants, ROOT, summaryTable } from "./lib/build-tenants";
import { baselineSource } from "./lib/feed-baseline";
import { selectTenants } from "./lib/tenant-selection";

const { dir, slugs } = await selectTenants();
console.log(`Building ${slugs.length} tenant${slugs.length === 1 ? "" : "s"} from ${dir}`);
const started = performance.now();
const distDir = path.resolve(process.env.DIST_DIR || path.join(ROOT, "dist"));
// Reproducible builds (reproducible-builds.org): SOURCE_DATE_EPOCH pins the build's "now".
const epoch = process.env.SOURCE_DATE_EPOCH;
if (epoch !== undefined && !/^\d+$/.test(epoch)) {
  console.error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, not "${epoch}"`);
  process.exit(1);
}
// The truncated-feed guard's baseline also lives in the database, which outlives the build cache.
const baselines = await baselineSource();
await baselines.started(slugs);
const results = await buildTenants({
  tenantsDir: dir,
  distDir,
  reportsDir: path.resolve(process.env.REPORTS_DIR || path.join(ROOT, "reports")),
  // Scratch output and the snapshot functions read (src/tenant/snapshot.server.ts reads the same folder).
  cacheDir: path.resolve(process.env.TENANT_CACHE_DIR || path.join(ROOT, ".cache")),
  slugs,
  allowShrink: process.env.ALLOW_FEED_SHRINK === "1",
  concurrency: process.env.BUILD_CONCURRENCY ? Number(process.env.BUILD_CONCURRENCY) : undefined,
  shards: process.env.BUILD_SHARDS ? Number(process.env.BUILD_SHARDS) : undefined,
  // BUILD_MEMORY_MB: what the tenants' Astro processes may hold at once (default 2,048 MB).
  memoryMb: process.env.BUILD_MEMORY_MB ? Number(process.env.BUILD_MEMORY_MB) : undefined,
  // BUILD_FRESH=1 renders every page instead of reusing unchanged ones from the build cache.
  fresh: process.env.BUILD_FRESH === "1",
  now: epoch ? new Date(Number(epoch) * 1000) : undefined,
  feedBaseline: baselines.read,
  trigger: process.env.BUILD_TRIGGER || (process.env.NETLIFY === "true" ? "deploy" : "manual"),
});
await baselines.finished(results);
await baselines.close();
console.log(`\n${summaryTable(results)}\n`);
const failed = results.filter((result) => !result.ok);
// Netlify publishes one fixed folder (netlify.toml: dist/current) for the one tenant it builds.
if (process.env.NETLIFY === "true" && slugs.length === 1 && failed.length === 0) {
  cpSync(path.join(distDir, slugs[0] as string), path.join(distDir, "current"), { recursive: true });
}
console.log(
  `${results.length - failed.length} of ${results.length} tenants built in ${((performance.now() - started) / 1000).toFixed(1)}s` +
    (failed.length ? `; failed: ${failed.map((r) => r.slug).join(", ")}` : ""),
);
process.exit(failed.length ? 1 : 0);
