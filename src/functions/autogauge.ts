/** GET /cars/{slug}/autogauge: the car's Autogauge result (spec §7), from the published snapshot. */
import { createAutogaugeHandler } from "~/features/finance/autogauge.server";
import { callContext } from "~/server/context";

export default createAutogaugeHandler(callContext());

export const config = { path: "/cars/:slug/autogauge" };
