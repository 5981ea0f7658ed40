/** GET /api/delivery?postcode=: delivery estimate (region name and price) for the vehicle page. */
import { createDeliveryHandler } from "~/features/delivery/delivery.server";
import { callContext } from "~/server/context";

export default createDeliveryHandler(callContext());

export const config = { path: "/api/delivery" };
