/** GET/POST /api/online-payment/test-checkout: the local test provider's page; 404 elsewhere. */
import { createTestCheckoutHandler } from "~/features/payments/payments.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { getDb } from "~/lib/db/db.server";

export default createTestCheckoutHandler({ db: getDb, provider: paymentProviderFromEnv() });

export const config = { path: "/api/online-payment/test-checkout" };
