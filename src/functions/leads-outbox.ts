/**
 * Scheduled every minute on Netlify: one delivery pass over this tenant's lead outbox (retries
 * included). No path: it is not an HTTP endpoint. `npm start` runs the same delivery as a worker.
 * The database is shared by every tenant's site, so the pass claims only this deploy's rows and
 * refuses to run at all without TENANT.
 */
import { pruneAccounts } from "~/features/account/account.server";
import { mailerFromEnv } from "~/features/leads/outbox/receivers.server";
import { drainOutbox } from "~/features/leads/outbox/worker.server";
import { getDb } from "~/lib/db/db.server";
import { isDeployed } from "~/lib/deployed";
import { json } from "~/lib/http.server";
import { clock } from "~/server/clock";
import { workerScope } from "~/server/deploy";

/** Leaves headroom under Netlify's 30 s limit for scheduled functions. */
const BUDGET_MS = 20_000;

export default async (_req: Request): Promise<Response> => {
  let scope: { tenant: string | null };
  try {
    scope = workerScope("The leads-outbox scheduled function");
  } catch (error) {
    console.error(`[leads-outbox] ${(error as Error).message}`);
    return json({ error: (error as Error).message }, 500);
  }
  const db = await getDb();
  const result = await drainOutbox(
    { db, tenant: scope.tenant, deployed: isDeployed(), mailer: mailerFromEnv() },
    BUDGET_MS,
  );
  // Once an hour is enough to drop expired sessions and sign-in codes.
  if (clock().getUTCMinutes() === 0) await pruneAccounts(db, clock(), scope.tenant);
  if (result.failed > 0) console.warn(`[leads-outbox] ${result.failed} deliveries failed; retrying later`);
  if (result.parked > 0)
    console.error(`[leads-outbox] ${result.parked} leads parked after repeated refusals`);
  return json(result);
};

export const config = { schedule: "* * * * *" };
