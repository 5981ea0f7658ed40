/** GET/POST /api/online-payment: start a signed-in shopper's card payment, or read its status. */

import { createOnlinePaymentHandler } from "~/features/payments/payments.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createOnlinePaymentHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  snapshot: (slug) => tenantSnapshot(slug),
  provider: paymentProviderFromEnv(),
});

export const config = { path: "/api/online-payment" };
