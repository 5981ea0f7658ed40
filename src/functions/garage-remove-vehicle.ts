/** POST /api/garage/remove-vehicle: removes a vehicle from My Garage. */
import { createGarageChangeHandler } from "~/features/account/garage.server";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { callContext } from "~/server/context";

export default createGarageChangeHandler("remove", { ...callContext(), sms: smsAdapterFromEnv() });

export const config = { path: "/api/garage/remove-vehicle" };
