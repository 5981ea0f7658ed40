/** GET /cars/{slug}/autogauge: the car's Autogauge result (spec §7), from the published snapshot. */
import { createAutogaugeHandler } from "~/features/finance/autogauge.server";
import { publishedTenant } from "~/features/finance/tenant-lookup.server";

export default createAutogaugeHandler(publishedTenant);

export const config = { path: "/cars/:slug/autogauge" };
