/** GET /api/reservations/held: the site's cars held by a paid deposit now, for the result cards. */
import { createHeldCarsHandler } from "~/features/checkout/held-cars.server";
import { callContext } from "~/server/context";

export default createHeldCarsHandler(callContext());

export const config = { path: "/api/reservations/held" };
