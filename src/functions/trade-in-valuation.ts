/** POST /api/trade-in/valuation: the valuation of a stored trade-in lead (id, adjustmentAnswers). */
import { tradeInDeps } from "~/features/trade-in/deps.server";
import { createValuationHandler } from "~/features/trade-in/trade-in.server";

export default createValuationHandler(tradeInDeps);

export const config = { path: "/api/trade-in/valuation" };
