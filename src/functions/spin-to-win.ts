/** POST /api/spin-to-win: the shopper's details in, one server-drawn spin out (spec §2 /spin-to-win). */

import { createSpinHandler } from "~/features/spin-to-win/spin-to-win.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createSpinHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
});

export const config = { path: "/api/spin-to-win" };
