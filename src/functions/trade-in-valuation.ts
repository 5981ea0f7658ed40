/** POST /api/trade-in/valuation: the valuation of a stored trade-in lead (id, adjustmentAnswers). */
import { tradeInProvidersFromEnv } from "~/features/trade-in/providers.server";
import { createValuationHandler } from "~/features/trade-in/trade-in.server";
import { callContext } from "~/server/context";

export default createValuationHandler({ ...callContext(), ...tradeInProvidersFromEnv() });

export const config = { path: "/api/trade-in/valuation" };
