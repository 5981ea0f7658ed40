/** POST /api/garage/add-vehicle: adds (or updates) a vehicle in My Garage. */
import { accountOptions } from "~/features/account/context.server";
import { createGarageChangeHandler } from "~/features/account/garage.server";

export default createGarageChangeHandler("add", accountOptions());

export const config = { path: "/api/garage/add-vehicle" };
