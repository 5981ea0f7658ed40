/** GET /api/finance/car?car_id=: the car a personalised finance application is for (spec §2). */
import { createFinanceCarHandler } from "~/features/finance/finance-car.server";
import { publishedTenant } from "~/features/finance/tenant-lookup.server";

export default createFinanceCarHandler(publishedTenant);

export const config = { path: "/api/finance/car" };
