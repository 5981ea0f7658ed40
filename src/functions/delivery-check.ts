/**
 * Scheduled daily on Netlify: queues this tenant's synthetic test lead (the daily delivery check),
 * which the leads-outbox then delivers to each of its channels like any lead; the ops view shows how
 * each channel took it, and a channel that does not take it raises "Leads waiting" after 15 minutes.
 */
import { queueDeliveryCheck } from "~/features/leads/outbox/delivery-check.server";
import { getDb } from "~/lib/db/db.server";
import { clock } from "~/server/clock";
import { scheduled, scopeTenants } from "~/server/scheduled";

export default scheduled("delivery-check", async (scope) => {
  const db = await getDb();
  const queued = [];
  for (const tenant of scopeTenants(scope))
    queued.push({ tenant, ...(await queueDeliveryCheck(db, tenant, clock())) });
  return queued;
});

export const config = { schedule: "@daily" };
