/**
 * Scheduled every minute on Netlify: one delivery pass over this tenant's lead outbox (retries
 * included). `npm start` runs the same delivery as a worker. The database is shared by every
 * tenant's site, so the pass claims only this deploy's rows and refuses to run at all without TENANT.
 */
import { mailerFromEnv } from "~/features/leads/outbox/receivers.server";
import { drainOutbox } from "~/features/leads/outbox/worker.server";
import { getDb } from "~/lib/db/db.server";
import { isDeployed } from "~/lib/deployed";
import { scheduled } from "~/server/scheduled";

/** Leaves headroom under Netlify's 30 s limit for scheduled functions. */
const BUDGET_MS = 20_000;

export default scheduled("leads-outbox", async ({ tenant }) => {
  const db = await getDb();
  const result = await drainOutbox(
    { db, tenant, deployed: isDeployed(), mailer: mailerFromEnv() },
    BUDGET_MS,
  );
  if (result.failed > 0) console.warn(`[leads-outbox] ${result.failed} deliveries failed; retrying later`);
  if (result.parked > 0)
    console.error(`[leads-outbox] ${result.parked} leads parked after repeated refusals`);
  return result;
});

export const config = { schedule: "* * * * *" };
