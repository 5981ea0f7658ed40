/** POST /api/watchlist/remove-car (spec §7): removes a car from the signed-in user's watchlist. */
import { createWatchlistHandler } from "~/features/account/account.server";
import { accountOptions } from "~/features/account/context.server";

export default createWatchlistHandler("remove", accountOptions());

export const config = { path: "/api/watchlist/remove-car" };
