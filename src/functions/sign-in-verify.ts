/** POST /api/sign-in/verify: a right code signs the browser in (HttpOnly session cookie). */
import { createSignInVerifyHandler } from "~/features/account/account.server";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { callContext } from "~/server/context";

export default createSignInVerifyHandler({ ...callContext(), sms: smsAdapterFromEnv() });

export const config = { path: "/api/sign-in/verify" };
