/** POST /api/leads: every lead kind (src/features/leads/schemas.ts), stored before it answers. */

import { siteFor } from "~/features/leads/site.server";
import { createLeadsHandler } from "~/features/leads/submit.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";

export default createLeadsHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  site: (slug) => siteFor(slug),
});

export const config = { path: "/api/leads" };
