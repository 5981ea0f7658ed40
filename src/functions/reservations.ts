/** GET/POST /api/reservations: pay a car's reserve deposit, or read a reserve payment and its hold. */
import { createReserveHandler } from "~/features/checkout/reserve.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createReserveHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
  provider: paymentProviderFromEnv(),
});

export const config = { path: "/api/reservations" };
