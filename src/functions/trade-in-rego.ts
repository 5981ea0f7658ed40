/** POST /api/trade-in/rego: rego + regoState → make, model, year, badge. */
import { tradeInDeps } from "~/features/tradein/deps.server";
import { createRegoHandler } from "~/features/tradein/tradein.server";

export default createRegoHandler(tradeInDeps);

export const config = { path: "/api/trade-in/rego" };
