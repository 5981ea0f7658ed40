/** GET /cars/{slug}/view.json: counts a view of a car and answers its view count and public fields. */
import { tenantSlugFor } from "~/features/leads/site.server";
import { createCarViewHandler } from "~/features/vehicle/car-view.server";
import { getDb } from "~/lib/db/db.server";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createCarViewHandler({
  db: getDb,
  tenantFor: (req) => tenantSlugFor(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

// A literal: Netlify reads it from the source without running it (tests/unit/function-config.test.ts).
export const config = { path: "/cars/:slug/view.json" };
