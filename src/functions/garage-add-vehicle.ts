/** POST /api/garage/add-vehicle: adds (or updates) a vehicle in My Garage. */
import { createGarageChangeHandler } from "~/features/account/garage.server";
import { smsAdapterFromEnv } from "~/features/account/sms.server";
import { callContext } from "~/server/context";

export default createGarageChangeHandler("add", { ...callContext(), sms: smsAdapterFromEnv() });

export const config = { path: "/api/garage/add-vehicle" };
