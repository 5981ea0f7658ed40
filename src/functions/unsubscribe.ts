/** POST /api/unsubscribe: stop a shopper's offers and updates (spec §2 /pages/unsubscribe). */
import { siteFor, tenantSlugFor } from "~/features/leads/site.server";
import { createUnsubscribeHandler } from "~/features/leads/unsubscribe.server";
import { getDb } from "~/lib/db/db.server";

export default createUnsubscribeHandler({
  db: getDb,
  tenantFor: (req) => tenantSlugFor(req),
  known: (slug) => siteFor(slug) !== null,
});

export const config = { path: "/api/unsubscribe" };
