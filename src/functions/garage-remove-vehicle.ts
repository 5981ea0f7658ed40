/** POST /api/garage/remove-vehicle: removes a vehicle from My Garage. */
import { accountOptions } from "~/features/account/context.server";
import { createGarageChangeHandler } from "~/features/account/garage.server";

export default createGarageChangeHandler("remove", accountOptions());

export const config = { path: "/api/garage/remove-vehicle" };
