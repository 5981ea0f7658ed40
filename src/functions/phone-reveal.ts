/** POST /api/phone-reveal: stores the phone reveal record of the call-the-dealer box. */
import { tenantSlugFor } from "~/features/leads/site.server";
import { createPhoneRevealHandler } from "~/features/vehicle/phone-reveal.server";
import { getDb } from "~/lib/db/db.server";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createPhoneRevealHandler({
  db: getDb,
  tenantFor: (req) => tenantSlugFor(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

export const config = { path: "/api/phone-reveal" };
