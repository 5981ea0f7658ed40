/** The production wiring of the trade-in functions: shared database, tenant from the host, published snapshot. */
import { siteFor } from "~/features/leads/site.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import type { TradeInDeps } from "./tradein.server";

export const tradeInDeps: TradeInDeps = {
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  site: (slug) => siteFor(slug),
  tenantData: (slug) => tenantSnapshot(slug),
};
