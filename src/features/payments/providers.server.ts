/**
 * Payment providers: who takes the card. Stripe Checkout when STRIPE_SECRET_KEY is set, called
 * through the official `stripe` SDK (its hosted page takes Mastercard, Visa, Maestro, Google Pay
 * and Apple Pay; the result arrives at POST /api/online-payment/webhook, signed with
 * STRIPE_WEBHOOK_SECRET and checked by the SDK; STRIPE_API_BASE sends the calls to a stand-in). Under `npm start` without a
 * key: a test checkout served by this site that charges nothing (like the SMS console adapter).
 * Anywhere else without a key: none, and the page says online payment is unavailable.
 */
import Stripe from "stripe";
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

/** Where the Stripe SDK sends its calls: Stripe's API, or (tests, local tools) a stand-in server. */
export interface StripeApi {
  host?: string | undefined;
  port?: number | undefined;
  protocol?: "http" | "https" | undefined;
}

/** STRIPE_API_BASE (`http://127.0.0.1:12111`, a local stand-in) as the SDK's host, port and protocol. */
export function stripeApiFrom(base: string | undefined): StripeApi {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port) || (protocol === "http" ? 80 : 443), protocol };
}

/** Stripe Checkout Sessions and Refunds through the official SDK. */
export function stripeProvider(
  secretKey: string,
  options: StripeApi & { timeoutMs?: number } = {},
): PaymentProvider {
  const stripe = new Stripe(secretKey, {
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
    timeout: options.timeoutMs ?? 10_000,
  });
  return {
    name: "stripe",
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "aud",
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          customer_email: input.email,
          client_reference_id: input.paymentId,
          metadata: { payment_id: input.paymentId },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        // A retried start never opens two sessions for one payment.
        { idempotencyKey: `checkout-${input.paymentId}` },
      );
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a checkout url`);
      return { url: session.url, providerRef: session.id };
    },
    async refund(input) {
      if (!input.paymentRef) throw new Error(`payment ${input.paymentId} has no payment intent to refund`);
      // One key per payment: a retried refund (a replayed event, a second click) refunds once.
      const refund = await stripe.refunds.create(
        { payment_intent: input.paymentRef, metadata: { payment_id: input.paymentId } },
        { idempotencyKey: `refund-${input.paymentId}` },
      );
      if (refund.status === "failed" || refund.status === "canceled") {
        throw new Error(`Stripe answered refund ${refund.id} ${refund.status}`);
      }
      return { refundRef: refund.id };
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
  if (env.STRIPE_SECRET_KEY) return stripeProvider(env.STRIPE_SECRET_KEY, stripeApiFrom(env.STRIPE_API_BASE));
  if (env.PAYMENT_PROVIDER === "test" && testCheckoutAllowed(env)) return testProvider();
  return null;
}

/** How old a signed webhook may be (Stripe's own default): older ones are refused as replays. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * A webhook's event once the SDK has checked its `Stripe-Signature` (HMAC of the timestamp and the
 * raw body with the endpoint's secret, any v1 matching, at most 5 minutes old at `now`); null when
 * the check fails.
 */
export function verifiedStripeEvent(
  rawBody: string,
  header: string | null,
  secret: string,
  now: Date,
): Stripe.Event | null {
  if (!header) return null;
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      header,
      secret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch {
    return null;
  }
}
