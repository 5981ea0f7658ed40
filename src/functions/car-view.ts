/**
 * GET /cars/{slug}/view.json: counts a view of a car (one per client an hour) and answers its view
 * count and public fields. IP_HASH_SECRET (optional) goes into the hash that names the client.
 */

import { createCarViewHandler } from "~/features/vehicle/car-view.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createCarViewHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
  ipHashSecret: process.env.IP_HASH_SECRET || null,
});

// A literal: Netlify reads it from the source without running it (tests/unit/function-config.test.ts).
export const config = { path: "/cars/:slug/view.json" };
