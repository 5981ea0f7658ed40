/** GET /api/car-pdf?slug=: a car's one-page PDF (photo, price, specs, dealer), named `{slug}.pdf`. */

import { createCarPdfHandler } from "~/features/vehicle/car-pdf";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createCarPdfHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

export const config = { path: "/api/car-pdf" };
