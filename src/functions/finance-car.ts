/** GET /api/finance/car?car_id=: the car a personalised finance application is for (spec §2). */
import { createFinanceCarHandler } from "~/features/finance/finance-car.server";
import { callContext } from "~/server/context";

export default createFinanceCarHandler(callContext());

export const config = { path: "/api/finance/car" };
