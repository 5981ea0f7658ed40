/** GET/POST /api/online-payment/test-checkout: the local test provider's page; 404 elsewhere. */
import { createTestCheckoutHandler } from "~/features/payments/provider-results.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";

export default createTestCheckoutHandler({
  db: getDb,
  provider: paymentProviderFromEnv(),
  tenantFor: (req) => tenantForRequest(req),
});

export const config = { path: "/api/online-payment/test-checkout" };
