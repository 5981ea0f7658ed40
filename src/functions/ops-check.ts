/**
 * Scheduled every five minutes on Netlify: the ops check of this tenant's site (leads waiting or
 * parked, failed or overdue builds, webhook 401s, SMS and Stripe failures), alerting OPS_ALERT_URL
 * once when an incident opens and once when it clears. `npm run ops:check` runs the same check for
 * the whole fleet.
 */
import { checkTenants } from "~/features/ops/alerts.server";
import { getDb } from "~/lib/db/db.server";
import { isDeployed } from "~/lib/deployed";
import { clock } from "~/server/clock";
import { scheduled, scopeTenants } from "~/server/scheduled";

export default scheduled("ops-check", async (scope) => {
  const results = await checkTenants(await getDb(), scopeTenants(scope), clock(), {
    env: process.env,
    deployed: isDeployed(),
  });
  for (const result of results) {
    for (const error of result.errors)
      console.error(`[ops-check] ${result.tenant}: alert not sent: ${error}`);
  }
  return results;
});

export const config = { schedule: "*/5 * * * *" };
