/** GET /cars/{slug}/view.json: counts a view of a car and answers its view count and public fields. */

import { createCarViewHandler } from "~/features/vehicle/car-view.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createCarViewHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

// A literal: Netlify reads it from the source without running it (tests/unit/function-config.test.ts).
export const config = { path: "/cars/:slug/view.json" };
