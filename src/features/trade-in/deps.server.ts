/** The production wiring of the trade-in functions: shared database, tenant from the host, published snapshot. */
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import type { TradeInDeps } from "./tradein.server";

export const tradeInDeps: TradeInDeps = {
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  tenantData: (slug) => tenantSnapshot(slug),
};
