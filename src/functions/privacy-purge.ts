/**
 * Scheduled daily on Netlify (16:30 UTC, the small hours in eastern Australia): the privacy purge
 * of this tenant's data, deleting each kind of row kept longer than the tenant's retention
 * (site.json `privacy.retention`, src/features/privacy/retention.ts). The database is shared by
 * every tenant's site, so the purge touches only this deploy's rows and refuses to run without TENANT.
 */
import { purgeTenant } from "~/features/privacy/purge.server";
import { getDb } from "~/lib/db/db.server";
import { clock } from "~/server/clock";
import { scheduled, scopeTenants } from "~/server/scheduled";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default scheduled("privacy-purge", async (scope) => {
  const db = await getDb();
  const results: Record<string, unknown> = {};
  for (const tenant of scopeTenants(scope)) {
    // The policy is the tenant's published one: a tenant never built has none to apply, and
    // purging it by the defaults could delete what its dealer chose to keep longer.
    const site = tenantSnapshot(tenant)?.site;
    if (!site) {
      console.warn(`[privacy-purge] ${tenant}: no published config yet; nothing purged`);
      continue;
    }
    results[tenant] = await purgeTenant(db, tenant, site.privacy?.retention, clock());
  }
  return results;
});

export const config = { schedule: "30 16 * * *" };
