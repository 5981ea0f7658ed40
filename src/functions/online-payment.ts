/** GET/POST /api/online-payment: start a signed-in shopper's card payment, or read its status. */
import { createOnlinePaymentHandler } from "~/features/payments/payments.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { callContext } from "~/server/context";

export default createOnlinePaymentHandler({
  ...callContext(),
  provider: paymentProviderFromEnv(),
});

export const config = { path: "/api/online-payment" };
