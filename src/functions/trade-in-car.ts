/** GET /api/trade-in/car?car_id={id}: the published car a trade-in is against. */
import { tradeInDeps } from "~/features/tradein/deps.server";
import { createCarHandler } from "~/features/tradein/tradein.server";

export default createCarHandler(tradeInDeps);

export const config = { path: "/api/trade-in/car" };
