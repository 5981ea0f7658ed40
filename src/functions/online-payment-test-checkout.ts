/** GET/POST /api/online-payment/test-checkout: the local test provider's page; 404 elsewhere. */
import { createTestCheckoutHandler } from "~/features/payments/provider-results.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { callContext } from "~/server/context";

export default createTestCheckoutHandler({
  ...callContext(),
  provider: paymentProviderFromEnv(),
});

export const config = { path: "/api/online-payment/test-checkout" };
