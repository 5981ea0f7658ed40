/** GET /api/finance-disclaimer?car_id=: the site lender's disclaimer for a car (spec §7). */
import { createDisclaimerHandler } from "~/features/finance/disclaimer.server";
import { publishedTenant } from "~/features/finance/tenant-lookup.server";

export default createDisclaimerHandler(publishedTenant);

export const config = { path: "/api/finance-disclaimer" };
