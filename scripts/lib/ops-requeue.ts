/**
 * The ops requeue command (scripts/ops-requeue.ts): once a tenant's CRM is fixed, its parked leads
 * go back in line, as the ops view's Requeue button does under `npm start`.
 */
import { requeueParked } from "~/features/leads/outbox/stats.server";
import type { Db } from "~/lib/db/db.server";

/**
 * Requeues `tenant`'s parked leads and answers the line to print. A tenant not among `known` (the
 * folders under tenants/) is refused, so a typo never passes as "0 requeued".
 */
export async function requeueCommand(db: Db, tenant: string, known: string[]): Promise<string> {
  if (!known.includes(tenant))
    throw new Error(`Usage: npm run ops:requeue -- <tenant>, one of: ${known.join(", ")}`);
  const requeued = await requeueParked(db, tenant);
  return `[ops] ${tenant}: ${requeued} parked deliveries requeued; the next outbox pass sends them`;
}
