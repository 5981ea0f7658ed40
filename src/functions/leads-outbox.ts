/**
 * Scheduled every minute on Netlify: one delivery pass over the lead outbox (retries included).
 * No path: it is not an HTTP endpoint. `npm start` runs the same delivery as a worker instead.
 */
import { drainOutbox } from "~/features/leads/outbox.server";
import { crmWebhookUrl } from "~/features/leads/site.server";
import { getDb } from "~/lib/db/db.server";

/** Leaves headroom under Netlify's 30 s limit for scheduled functions. */
const BUDGET_MS = 20_000;

export default async (_req: Request): Promise<Response> => {
  const result = await drainOutbox(
    { db: await getDb(), targetFor: (tenant) => crmWebhookUrl(tenant) },
    BUDGET_MS,
  );
  if (result.failed > 0) console.warn(`[leads-outbox] ${result.failed} deliveries failed; retrying later`);
  return Response.json(result);
};

export const config = { schedule: "* * * * *" };
