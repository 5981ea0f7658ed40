/** GET /api/account: the signed-in user and their watchlist, or `{ user: null }`. */
import { createAccountHandler } from "~/features/account/account.server";
import { accountOptions } from "~/features/account/context.server";

export default createAccountHandler(accountOptions());

export const config = { path: "/api/account" };
