/**
 * Phone sign-in and the watchlist (spec §6, §7 POST /api/watchlist/save-car and remove-car with
 * JSON phone_number and car_id, answering a success flag). A code is texted to an Australian
 * mobile; a right code starts a 30-day session held in an HttpOnly cookie (a random token; the
 * database keeps only its hash, so sign-out really ends it). The watchlist is server-side per user.
 *
 * The pieces: session.server.ts (the cookie and who it signs in), account-http.server.ts (limits,
 * texts and the request preambles), sign-in.server.ts, watchlist.server.ts.
 */
export {
  ACCOUNT_LIMITS,
  type AccountOptions,
  accountGet,
  accountPost,
} from "./account-http.server";
export { sessionUser } from "./session.server";
export {
  createSignInCodeHandler,
  createSignInVerifyHandler,
  createSignOutHandler,
  pruneAccounts,
} from "./sign-in.server";
export { createAccountHandler, createWatchlistHandler } from "./watchlist.server";
