/** POST /api/trade-in/rego: rego + regoState → make, model, year, badge. */
import { tradeInProvidersFromEnv } from "~/features/trade-in/providers.server";
import { createRegoHandler } from "~/features/trade-in/trade-in.server";
import { callContext } from "~/server/context";

export default createRegoHandler({ ...callContext(), ...tradeInProvidersFromEnv() });

export const config = { path: "/api/trade-in/rego" };
