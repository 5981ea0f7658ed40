/**
 * Scheduled daily on Netlify: queues this tenant's synthetic test lead (the daily delivery check),
 * which the leads-outbox then delivers to each of its channels like any lead; the ops view shows how
 * each channel took it, and a channel that does not take it raises "Leads waiting" after 15 minutes.
 * No path: it is not an HTTP endpoint.
 */
import { queueDeliveryCheck } from "~/features/leads/outbox/delivery-check.server";
import { getDb } from "~/lib/db/db.server";
import { json } from "~/lib/http.server";
import { clock } from "~/server/clock";
import { workerScope } from "~/server/deploy";
import { listTenantSlugs, tenantsDir } from "~/tenant/load";

export default async (_req: Request): Promise<Response> => {
  let scope: { tenant: string | null };
  try {
    scope = workerScope("The delivery-check scheduled function");
  } catch (error) {
    console.error(`[delivery-check] ${(error as Error).message}`);
    return json({ error: (error as Error).message }, 500);
  }
  const db = await getDb();
  const queued = [];
  for (const tenant of scope.tenant ? [scope.tenant] : listTenantSlugs(tenantsDir()))
    queued.push({ tenant, ...(await queueDeliveryCheck(db, tenant, clock())) });
  return json(queued);
};

export const config = { schedule: "@daily" };
