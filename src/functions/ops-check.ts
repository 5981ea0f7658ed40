/**
 * Scheduled every five minutes on Netlify: the ops check of this tenant's site (leads waiting or
 * parked, failed or overdue builds, webhook 401s, SMS and Stripe failures), alerting OPS_ALERT_URL
 * once when an incident opens and once when it clears. No path: it is not an HTTP endpoint.
 * `npm run ops:check` runs the same check for the whole fleet.
 */
import { checkTenants } from "~/features/ops/alerts.server";
import { getDb } from "~/lib/db/db.server";
import { isDeployed } from "~/lib/deployed";
import { json } from "~/lib/http.server";
import { clock } from "~/server/clock";
import { workerScope } from "~/server/deploy";
import { listTenantSlugs, tenantsDir } from "~/tenant/load";

export default async (_req: Request): Promise<Response> => {
  let scope: { tenant: string | null };
  try {
    scope = workerScope("The ops-check scheduled function");
  } catch (error) {
    console.error(`[ops-check] ${(error as Error).message}`);
    return json({ error: (error as Error).message }, 500);
  }
  const tenants = scope.tenant ? [scope.tenant] : listTenantSlugs(tenantsDir());
  const results = await checkTenants(await getDb(), tenants, clock(), {
    env: process.env,
    deployed: isDeployed(),
  });
  for (const result of results) {
    for (const error of result.errors)
      console.error(`[ops-check] ${result.tenant}: alert not sent: ${error}`);
  }
  return json(results);
};

export const config = { schedule: "*/5 * * * *" };
