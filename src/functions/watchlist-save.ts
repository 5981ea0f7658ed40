/** POST /api/watchlist/save-car (spec §7): adds a car to the signed-in user's watchlist. */
import { createWatchlistHandler } from "~/features/account/account.server";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { callContext } from "~/server/context";

export default createWatchlistHandler("save", { ...callContext(), sms: smsAdapterFromEnv() });

export const config = { path: "/api/watchlist/save-car" };
