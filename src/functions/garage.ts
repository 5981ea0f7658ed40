/** GET /api/garage: the signed-in shopper's vehicles in My Garage (spec §2 /my-garage). */
import { accountOptions } from "~/features/account/context.server";
import { createGarageHandler } from "~/features/account/garage.server";

export default createGarageHandler(accountOptions());

export const config = { path: "/api/garage" };
