/** POST /api/sign-out: ends this browser's session. */
import { createSignOutHandler } from "~/features/account/account.server";
import { accountOptions } from "~/features/account/context.server";

export default createSignOutHandler(accountOptions());

export const config = { path: "/api/sign-out" };
