/** GET /api/delivery?postcode=: delivery estimate (region name and price) for the vehicle page. */
import { createDeliveryHandler } from "~/features/delivery/delivery.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createDeliveryHandler({
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

export const config = { path: "/api/delivery" };
