/** GET /api/garage: the signed-in shopper's vehicles in My Garage (spec §2 /my-garage). */
import { createGarageHandler } from "~/features/account/garage.server";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { callContext } from "~/server/context";

export default createGarageHandler({ ...callContext(), sms: smsAdapterFromEnv() });

export const config = { path: "/api/garage" };
