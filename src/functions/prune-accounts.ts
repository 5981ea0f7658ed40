/**
 * Scheduled hourly on Netlify: deletes this tenant's expired sessions and sign-in codes, which no
 * sign-in reads again and which hold phone numbers. `npm start` prunes hourly itself.
 */
import { pruneAccounts } from "~/features/account/account.server";
import { getDb } from "~/lib/db/db.server";
import { clock } from "~/server/clock";
import { scheduled } from "~/server/scheduled";

export default scheduled("prune-accounts", async ({ tenant }) =>
  pruneAccounts(await getDb(), clock(), tenant),
);

export const config = { schedule: "@hourly" };
