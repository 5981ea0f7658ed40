/** POST /api/sign-out: ends this browser's session. */
import { createSignOutHandler } from "~/features/account/account.server";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { callContext } from "~/server/context";

export default createSignOutHandler({ ...callContext(), sms: smsAdapterFromEnv() });

export const config = { path: "/api/sign-out" };
