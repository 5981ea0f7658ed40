/** POST /api/online-payment/webhook: Stripe's signed checkout results (STRIPE_WEBHOOK_SECRET). */
import { createStripeWebhookHandler } from "~/features/payments/provider-results.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { callContext } from "~/server/context";

export default createStripeWebhookHandler({
  ...callContext(),
  secret: process.env.STRIPE_WEBHOOK_SECRET ?? null,
  provider: paymentProviderFromEnv(),
});

export const config = { path: "/api/online-payment/webhook" };
