/**
 * Scheduled every minute on Netlify: starts this tenant's coalesced rebuild once it is due (events
 * arrived while the last build ran, or the build hook refused earlier), and forgets old event ids.
 * No path: it is not an HTTP endpoint. `npm start` starts due builds itself when one ends.
 */
import { runDueBuilds } from "~/features/rebuilds/scheduled.server";
import { getDb } from "~/lib/db/db.server";
import { json } from "~/lib/http.server";
import { workerScope } from "~/server/deploy";

export default async (_req: Request): Promise<Response> => {
  let scope: { tenant: string | null };
  try {
    scope = workerScope("The stock-builds scheduled function");
  } catch (error) {
    console.error(`[stock-builds] ${(error as Error).message}`);
    return json({ error: (error as Error).message }, 500);
  }
  return json(await runDueBuilds(await getDb(), scope.tenant, new Date()));
};

export const config = { schedule: "* * * * *" };
