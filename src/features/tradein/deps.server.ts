/** The production wiring of the trade-in functions: shared database, tenant from the host, published snapshot. */
import { siteFor, tenantSlugFor } from "~/features/leads/site.server";
import { getDb } from "~/lib/db/db.server";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import type { TradeInDeps } from "./tradein.server";

export const tradeInDeps: TradeInDeps = {
  db: getDb,
  tenantFor: (req) => tenantSlugFor(req),
  site: (slug) => siteFor(slug),
  tenantData: (slug) => tenantSnapshot(slug),
};
