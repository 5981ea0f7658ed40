/** POST /api/sign-in/code: texts a one-time sign-in code to an Australian mobile. */
import { createSignInCodeHandler } from "~/features/account/account.server";
import { accountOptions } from "~/features/account/context.server";

export default createSignInCodeHandler(accountOptions());

export const config = { path: "/api/sign-in/code" };
