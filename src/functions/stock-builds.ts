/**
 * Scheduled every minute on Netlify: starts this tenant's coalesced rebuild once it is due (events
 * arrived while the last build ran, or the build hook refused earlier), and forgets old event ids.
 * `npm start` starts due builds itself when one ends.
 */
import { runDueBuilds } from "~/features/rebuilds/scheduled.server";
import { getDb } from "~/lib/db/db.server";
import { scheduled } from "~/server/scheduled";

export default scheduled("stock-builds", async ({ tenant }) =>
  runDueBuilds(await getDb(), tenant, new Date()),
);

export const config = { schedule: "* * * * *" };
