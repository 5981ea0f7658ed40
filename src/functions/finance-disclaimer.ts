/** GET /api/finance-disclaimer?car_id=: the site lender's disclaimer for a car (spec §7). */
import { createDisclaimerHandler } from "~/features/finance/disclaimer.server";
import { callContext } from "~/server/context";

export default createDisclaimerHandler(callContext());

export const config = { path: "/api/finance-disclaimer" };
