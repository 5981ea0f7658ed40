/** POST /api/watchlist/save-car (spec §7): adds a car to the signed-in user's watchlist. */
import { createWatchlistHandler } from "~/features/account/account.server";
import { accountOptions } from "~/features/account/context.server";

export default createWatchlistHandler("save", accountOptions());

export const config = { path: "/api/watchlist/save-car" };
