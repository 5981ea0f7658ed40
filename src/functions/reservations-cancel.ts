/** POST /api/reservations/cancel: the signed-in shopper cancels their hold; the deposit is refunded. */
import { createReserveCancelHandler } from "~/features/checkout/reserve.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createReserveCancelHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
  provider: paymentProviderFromEnv(),
});

export const config = { path: "/api/reservations/cancel" };
