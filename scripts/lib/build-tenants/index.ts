/**
 * Builds tenants one Astro build each: load + validate + publish the feed, guard against a
 * truncated feed, build into a scratch folder, then swap it into dist/<slug> so a failed build
 * never leaves a tenant without a site. Astro renders on one core, so a big tenant built alone is
 * split into shards (src/tenant/shard.ts), one Astro process per core, merged before the swap.
 */
export { pageProgress, ROOT, runAstro } from "./astro";
export { buildTenant } from "./build-tenant";
export { type BuildHistoryEntry, readBuildHistory } from "./history";
export type { TenantResult } from "./options";
export { astroProcessMb, MEMORY_BUDGET_MB, shardCount } from "./shards";
export { buildTenants, summaryTable } from "./tenants";
