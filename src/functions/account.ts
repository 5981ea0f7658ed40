/** GET /api/account: the signed-in user and their watchlist, or `{ user: null }`. */
import { createAccountHandler } from "~/features/account/account.server";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { callContext } from "~/server/context";

export default createAccountHandler({ ...callContext(), sms: smsAdapterFromEnv() });

export const config = { path: "/api/account" };
