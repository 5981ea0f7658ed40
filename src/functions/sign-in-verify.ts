/** POST /api/sign-in/verify: a right code signs the browser in (HttpOnly session cookie). */
import { createSignInVerifyHandler } from "~/features/account/account.server";
import { accountOptions } from "~/features/account/context.server";

export default createSignInVerifyHandler(accountOptions());

export const config = { path: "/api/sign-in/verify" };
