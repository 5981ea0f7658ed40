/** POST /api/online-payment/webhook: Stripe's signed checkout results (STRIPE_WEBHOOK_SECRET). */
import { createStripeWebhookHandler } from "~/features/payments/provider-results.server";
import { paymentProviderFromEnv } from "~/features/payments/providers.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";

export default createStripeWebhookHandler({
  db: getDb,
  secret: process.env.STRIPE_WEBHOOK_SECRET ?? null,
  provider: paymentProviderFromEnv(),
  tenantFor: (req) => tenantForRequest(req),
});

export const config = { path: "/api/online-payment/webhook" };
