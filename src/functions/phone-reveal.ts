/** POST /api/phone-reveal: stores the phone reveal record of the call-the-dealer box. */

import { createPhoneRevealHandler } from "~/features/vehicle/phone-reveal.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createPhoneRevealHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

export const config = { path: "/api/phone-reveal" };
