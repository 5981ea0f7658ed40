/** GET /api/delivery?postcode=: delivery estimate (region name and price) for the vehicle page. */
import { createDeliveryHandler } from "~/features/delivery/delivery.server";
import { tenantSlugFor } from "~/features/leads/site.server";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createDeliveryHandler({
  tenantFor: (req) => tenantSlugFor(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

export const config = { path: "/api/delivery" };
