/**
 * The production wiring of the trade-in functions: shared database, tenant from the host, published
 * snapshot, and the rego lookup and valuation the environment names (providers.server.ts): a
 * deployed site never gets the local stand-ins.
 */
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import { tradeInProvidersFromEnv } from "./providers.server";
import type { TradeInDeps } from "./trade-in.server";

const providers = tradeInProvidersFromEnv();

export const tradeInDeps: TradeInDeps = {
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  tenantData: (slug) => tenantSnapshot(slug),
  rego: providers.rego,
  valuation: providers.valuation,
};
