/**
 * Meilisearch mode (docs/architecture.md §5): pushes a tenant's published search documents into a
 * hosted Meilisearch without a moment of half-built results. The new documents go into a fresh
 * index `<live>_<timestamp>` with the same settings the embedded engine uses; only when every task
 * has succeeded is it swapped with the live index (one atomic `swap-indexes` task) and the old
 * copy deleted. Any failure before the swap deletes the scratch index and leaves the live index
 * exactly as it was.
 *
 * Also here: the guard that keeps the admin key out of what ships (the public key in site.json
 * must be search-only); the build refuses a site that holds any secret of its environment
 * (scripts/lib/build-tenants/secret-scan.ts).
 */
export { SearchSyncError } from "./errors.server";
export {
  scratchIndexUid,
  syncIndex,
} from "./index-swap.server";
export { meiliIndexSettings } from "./settings.server";
export {
  assertPublicSearchKey,
  resolveSyncTarget,
  syncTenant,
} from "./tenant.server";
