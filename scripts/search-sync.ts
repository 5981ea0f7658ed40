/**
 * `npm run search-sync`: pushes each tenant's published cars into its hosted Meilisearch index and
 * swaps it in atomically (src/features/search/sync/). `TENANT=a,b` for some tenants,
 * `TENANTS_DIR` like the build. Host: `MEILI_URL`, else the tenant's `search_service.host` when its
 * origin is in `MEILI_ALLOWED_HOSTS`; https (http only to localhost, not deployed). Admin key:
 * `MEILI_ADMIN_KEY_<SLUG>`, or `MEILI_ADMIN_KEY` with `TENANT=<slug>` pinned, from the environment
 * only. Index: `cars-<slug>` (site.json may add a `_suffix`). Tenants without a host use the
 * embedded engine and are skipped. Exits 1 if any tenant failed; a failed tenant's
 * live index is left as it was.
 */
import { Meilisearch } from "meilisearch";
import { resolveSyncTarget, SearchSyncError, syncTenant } from "~/features/search/sync";
import { loadTenant } from "~/snapshot/load-tenant.server";
import { ConfigError } from "~/tenant/errors";
import { selectTenants } from "./lib/tenant-selection";

const { dir, slugs } = await selectTenants();

const rows: { slug: string; status: string; detail: string }[] = [];
for (const slug of slugs) {
  const log = (line: string) => console.log(`[${slug}] ${line}`);
  try {
    const { data } = await loadTenant(dir, slug, new Date());
    const target = resolveSyncTarget(data.site);
    if (!target) {
      log("no search_service in site.json and MEILI_URL unset: embedded engine, nothing to sync");
      rows.push({ slug, status: "skipped", detail: "embedded engine" });
      continue;
    }
    const client = new Meilisearch({ host: target.host, apiKey: target.adminKey, timeout: 60_000 });
    const result = await syncTenant(data, {
      client,
      target,
      allowShrink: process.env.ALLOW_FEED_SHRINK === "1",
      log,
    });
    log(`done: ${result.documents} documents live in ${result.indexUid} (${result.seconds}s)`);
    rows.push({
      slug,
      status: result.warnings.length ? "ok*" : "ok",
      detail: `${result.documents} docs${result.warnings.length ? `; ${result.warnings.join("; ")}` : ""}`,
    });
  } catch (error) {
    const message =
      error instanceof SearchSyncError || error instanceof ConfigError
        ? error.message
        : ((error as Error).stack ?? String(error));
    log(`FAILED: ${message}`);
    rows.push({ slug, status: "FAILED", detail: message.split("\n")[0] ?? "" });
  }
}

const width = Math.max(6, ...rows.map((row) => row.slug.length));
console.log(`\n${"tenant".padEnd(width)}  status   detail`);
for (const row of rows) console.log(`${row.slug.padEnd(width)}  ${row.status.padEnd(7)}  ${row.detail}`);
const failed = rows.filter((row) => row.status === "FAILED");
process.exit(failed.length ? 1 : 0);
