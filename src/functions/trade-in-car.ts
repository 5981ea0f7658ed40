/** GET /api/trade-in/car?car_id={id}: the published car a trade-in is against. */
import { tradeInDeps } from "~/features/trade-in/deps.server";
import { createCarHandler } from "~/features/trade-in/trade-in.server";

export default createCarHandler(tradeInDeps);

export const config = { path: "/api/trade-in/car" };
