/** POST /api/leads: every lead kind (src/features/leads/schemas.ts), stored before it answers. */

import { createLeadsHandler } from "~/features/leads/submit.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createLeadsHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  // The published snapshot is the one run-time source of a tenant's config: an unbuilt tenant is
  // an unknown site here, as for every other function.
  site: (slug) => tenantSnapshot(slug)?.site ?? null,
});

export const config = { path: "/api/leads" };
