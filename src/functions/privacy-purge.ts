/**
 * Scheduled daily on Netlify (16:30 UTC, the small hours in eastern Australia): the privacy purge
 * of this tenant's data, deleting each kind of row kept longer than the tenant's retention
 * (site.json `privacy.retention`, src/features/privacy/retention.ts). No path: it is not an HTTP
 * endpoint. The database is shared by every tenant's site, so the purge touches only this deploy's
 * rows and refuses to run at all without TENANT.
 */
import { purgeTenant } from "~/features/privacy/purge.server";
import { getDb } from "~/lib/db/db.server";
import { json } from "~/lib/http.server";
import { clock } from "~/server/clock";
import { workerScope } from "~/server/deploy";
import { listTenantSlugs, tenantsDir } from "~/tenant/load";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default async (_req: Request): Promise<Response> => {
  let scope: { tenant: string | null };
  try {
    scope = workerScope("The privacy-purge scheduled function");
  } catch (error) {
    console.error(`[privacy-purge] ${(error as Error).message}`);
    return json({ error: (error as Error).message }, 500);
  }
  const db = await getDb();
  const results: Record<string, unknown> = {};
  for (const tenant of scope.tenant ? [scope.tenant] : listTenantSlugs(tenantsDir())) {
    // The policy is the tenant's published one: a tenant never built has none to apply, and
    // purging it by the defaults could delete what its dealer chose to keep longer.
    const site = tenantSnapshot(tenant)?.site;
    if (!site) {
      console.warn(`[privacy-purge] ${tenant}: no published config yet; nothing purged`);
      continue;
    }
    results[tenant] = await purgeTenant(db, tenant, site.privacy?.retention, clock());
  }
  return json(results);
};

export const config = { schedule: "30 16 * * *" };
