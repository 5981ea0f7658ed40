/** GET /api/car-pdf?slug=: a car's one-page PDF (photo, price, specs, dealer), named `{slug}.pdf`. */
import { createCarPdfHandler } from "~/features/vehicle/car-pdf";
import { callContext } from "~/server/context";

export default createCarPdfHandler(callContext());

export const config = { path: "/api/car-pdf" };
