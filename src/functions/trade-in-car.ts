/** GET /api/trade-in/car?car_id={id}: the published car a trade-in is against. */
import { createCarHandler } from "~/features/trade-in/trade-in.server";
import { callContext } from "~/server/context";

export default createCarHandler(callContext());

export const config = { path: "/api/trade-in/car" };
