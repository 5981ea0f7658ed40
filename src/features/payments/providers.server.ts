/**
 * Payment providers: who takes the card. Stripe Checkout when STRIPE_SECRET_KEY is set (its hosted
 * page takes Mastercard, Visa, Maestro, Google Pay and Apple Pay; the result arrives at
 * POST /api/online-payment/webhook, signed with STRIPE_WEBHOOK_SECRET). Under `npm start` without a
 * key: a test checkout served by this site that charges nothing (like the SMS console adapter).
 * Anywhere else without a key: none, and the page says online payment is unavailable.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { localStandInsAllowed } from "~/server/deploy";

export interface CheckoutInput {
  paymentId: string;
  amountCents: number;
  description: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

export interface RefundInput {
  paymentId: string;
  /** The provider's id of the money taken (Stripe's payment intent), stored when it was confirmed. */
  paymentRef: string | null;
}

export interface PaymentProvider {
  name: "stripe" | "test";
  /** Starts the provider's hosted checkout: where to send the shopper, and the provider's id. */
  createCheckout(input: CheckoutInput): Promise<{ url: string; providerRef: string }>;
  /**
   * Gives a confirmed payment back in full; throws when the provider did not take the refund. Asking
   * twice for one payment refunds it once (the provider's idempotency key).
   */
  refund(input: RefundInput): Promise<{ refundRef: string }>;
}

/** The local test provider: charges nothing, and records the refunds asked of it. */
export interface TestPaymentProvider extends PaymentProvider {
  name: "test";
  readonly refunds: RefundInput[];
}

export const TEST_CHECKOUT_PATH = "/api/online-payment/test-checkout";

export function testProvider(): TestPaymentProvider {
  const refunds: RefundInput[] = [];
  return {
    name: "test",
    refunds,
    async createCheckout(input) {
      const url = new URL(TEST_CHECKOUT_PATH, input.successUrl);
      url.searchParams.set("payment", input.paymentId);
      return { url: url.href, providerRef: `test_${input.paymentId}` };
    },
    async refund(input) {
      refunds.push(input);
      return { refundRef: `test_refund_${input.paymentId}` };
    },
  };
}

/** What the test checkout records as the money taken for a payment (Stripe's would be pi_…). */
export const testPaymentRef = (paymentId: string) => `test_pi_${paymentId}`;

/** Stripe Checkout Sessions and Refunds (form-encoded REST; no SDK needed for two calls). */
export function stripeProvider(
  secretKey: string,
  options: { apiBase?: string; fetch?: typeof fetch; timeoutMs?: number } = {},
): PaymentProvider {
  const base = options.apiBase ?? "https://api.stripe.com";
  const post = (path: string, form: URLSearchParams, idempotencyKey: string) =>
    (options.fetch ?? fetch)(`${base}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
        "idempotency-key": idempotencyKey,
      },
      body: form,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  return {
    name: "stripe",
    async createCheckout(input) {
      const form = new URLSearchParams({
        mode: "payment",
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "aud",
        "line_items[0][price_data][unit_amount]": String(input.amountCents),
        "line_items[0][price_data][product_data][name]": input.description,
        customer_email: input.email,
        client_reference_id: input.paymentId,
        "metadata[payment_id]": input.paymentId,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      // A retried start never opens two sessions for one payment.
      const response = await post("/v1/checkout/sessions", form, `checkout-${input.paymentId}`);
      const body = (await response.json().catch(() => null)) as { id?: string; url?: string } | null;
      if (!response.ok || !body?.id || !body.url) {
        throw new Error(`Stripe answered ${response.status} without a checkout session`);
      }
      return { url: body.url, providerRef: body.id };
    },
    async refund(input) {
      if (!input.paymentRef) throw new Error(`payment ${input.paymentId} has no payment intent to refund`);
      const form = new URLSearchParams({
        payment_intent: input.paymentRef,
        "metadata[payment_id]": input.paymentId,
      });
      // One key per payment: a retried refund (a replayed event, a second click) refunds once.
      const response = await post("/v1/refunds", form, `refund-${input.paymentId}`);
      const body = (await response.json().catch(() => null)) as { id?: string; status?: string } | null;
      if (!response.ok || !body?.id || body.status === "failed" || body.status === "canceled") {
        throw new Error(
          `Stripe answered ${response.status} without a refund (${body?.status ?? "no status"})`,
        );
      }
      return { refundRef: body.id };
    },
  };
}

/**
 * Whether the no-charge test checkout may run here: never where NETLIFY or AWS_LAMBDA_FUNCTION_NAME
 * is set at all (stricter than `isDeployed`, which wants NETLIFY=true): a page that marks payments
 * paid without a card must not answer on a host, whatever else is configured. Nor under a local
 * server open to the network (see localStandInsAllowed).
 */
export function testCheckoutAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env.NETLIFY && !env.AWS_LAMBDA_FUNCTION_NAME && localStandInsAllowed(env);
}

/**
 * Stripe when STRIPE_SECRET_KEY is set; the no-charge test checkout only when asked for by name
 * (PAYMENT_PROVIDER=test, which `npm start` sets) and never when deployed, so no deployment can
 * fall into it, by accident or by a stray variable; else none.
 */
export function paymentProviderFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentProvider | null {
  if (env.STRIPE_SECRET_KEY) return stripeProvider(env.STRIPE_SECRET_KEY, { apiBase: env.STRIPE_API_BASE });
  if (env.PAYMENT_PROVIDER === "test" && testCheckoutAllowed(env)) return testProvider();
  return null;
}

/**
 * Stripe's webhook signature: header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`; any v1
 * may match, and the time must be within `toleranceSeconds` (replays are refused).
 */
export function verifyStripeSignature(
  rawBody: string,
  header: string | null,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds)
    return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  return parts
    .filter(([key]) => key === "v1")
    .some(([, value]) => {
      const given = Buffer.from(value ?? "", "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** Signs a body as Stripe does (tests and local tools). */
export function stripeSignature(rawBody: string, secret: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex")}`;
}
