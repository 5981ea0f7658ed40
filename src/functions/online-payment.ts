/** GET/POST /api/online-payment: start a signed-in shopper's card payment, or read its status. */
import { tenantSlugFor } from "~/features/leads/site.server";
import { createOnlinePaymentHandler } from "~/features/payments/payments.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { getDb } from "~/lib/db/db.server";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createOnlinePaymentHandler({
  db: getDb,
  tenantFor: (req) => tenantSlugFor(req),
  snapshot: (slug) => tenantSnapshot(slug),
  provider: paymentProviderFromEnv(),
});

export const config = { path: "/api/online-payment" };
