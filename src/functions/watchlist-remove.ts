/** POST /api/watchlist/remove-car (spec §7): removes a car from the signed-in user's watchlist. */
import { createWatchlistHandler } from "~/features/account/account.server";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { callContext } from "~/server/context";

export default createWatchlistHandler("remove", { ...callContext(), sms: smsAdapterFromEnv() });

export const config = { path: "/api/watchlist/remove-car" };
