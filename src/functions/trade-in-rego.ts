/** POST /api/trade-in/rego: rego + regoState → make, model, year, badge. */
import { tradeInDeps } from "~/features/trade-in/deps.server";
import { createRegoHandler } from "~/features/trade-in/trade-in.server";

export default createRegoHandler(tradeInDeps);

export const config = { path: "/api/trade-in/rego" };
