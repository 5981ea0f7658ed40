/** POST /api/sign-in/code: texts a one-time sign-in code to an Australian mobile. */
import { createSignInCodeHandler } from "~/features/account/account.server";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { callContext } from "~/server/context";

export default createSignInCodeHandler({ ...callContext(), sms: smsAdapterFromEnv() });

export const config = { path: "/api/sign-in/code" };
