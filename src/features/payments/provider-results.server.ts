import { recordOpsEvent } from "~/lib/db/ops-events.server";
import { escapeMarkup } from "~/lib/escape";
import { isUuid } from "~/lib/ids";
import { readBodyWithin } from "~/server/client";
import { clock } from "~/server/clock";
import { type CallContext, guarded } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { FUNCTION_HEADERS, json, methodNotAllowed, pageHeaders } from "~/server/http";
import { formatCents, PAYMENT_TEXTS } from "./payments";
import { type Outcome, settlePayment } from "./payments.server";
import {
  type PaymentProvider,
  testCheckoutAllowed,
  testPaymentRef,
  verifiedStripeEvent,
} from "./providers.server";
import { providerRefunded, refundOwed } from "./reservations.server";
import { paymentDb } from "./tables";

interface StripeEvent {
  type?: string;
  data?: {
    object?: {
      /** The checkout session's id (cs_…). */
      id?: string | null;
      client_reference_id?: string | null;
      metadata?: { payment_id?: string } | null;
      payment_status?: string;
      amount_total?: number | null;
      currency?: string | null;
      /** The money taken (a session's, or a charge's): what a refund names. */
      payment_intent?: string | null;
      /** A charge: true once it is refunded in full. */
      refunded?: boolean;
    };
  };
}

/**
 * POST /api/online-payment/webhook: Stripe's signed checkout results, for this site's payments only.
 * One Stripe account may serve several dealers' sites, and Stripe sends each of its endpoints every
 * event: another site's event naming a payment id is answered as an unknown payment.
 */
export function createStripeWebhookHandler(
  options: Pick<CallContext, "tenantFor" | "db"> & {
    secret: string | null;
    /** Refunds a reserve deposit paid for a car another payment had just reserved. */
    provider?: PaymentProvider | null;
    now?: () => Date;
  },
): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const handle = (req: Request) =>
    guarded("online-payment-webhook", async () => {
      if (req.method !== "POST") return methodNotAllowed("POST");
      const tenant = options.tenantFor(req);
      if (!tenant) return json({ error: ERRORS.request.unknownSite }, 404);
      if (!options.secret) return json({ error: ERRORS.webhooks.noSecret }, 503);
      const raw = await readBodyWithin(req, 256 * 1024);
      if (raw === null) return json({ error: ERRORS.webhooks.tooLarge }, 413);
      const verified = verifiedStripeEvent(raw, req.headers.get("stripe-signature"), options.secret, now());
      if (!verified) return json({ error: ERRORS.webhooks.badSignature }, 400);
      // Read as the few fields used, each checked: the SDK's types promise more than an event may carry.
      const event = verified as unknown as StripeEvent;
      const session = event.data?.object;
      if (event.type === "charge.refunded") {
        // A refund made in Stripe's dashboard ends a hold; a partial one is the dealer's to settle.
        const intent = session?.payment_intent;
        if (session?.refunded !== true || typeof intent !== "string" || intent === "")
          return json({ received: true, ignored: "not a full refund" });
        const refunded = await providerRefunded(await options.db(), tenant, intent, now());
        return json({ received: true, ...(refunded ?? { ignored: "unknown payment" }) });
      }
      const id = session?.metadata?.payment_id ?? session?.client_reference_id ?? "";
      const outcome: Outcome | null =
        (event.type === "checkout.session.completed" && session?.payment_status === "paid") ||
        event.type === "checkout.session.async_payment_succeeded"
          ? "paid"
          : event.type === "checkout.session.expired"
            ? "expired"
            : event.type === "checkout.session.async_payment_failed"
              ? "failed"
              : null;
      if (!outcome) return json({ received: true, ignored: event.type ?? null });
      const paidCents =
        outcome === "paid" && session?.currency === "aud" ? (session.amount_total ?? null) : null;
      const db = await options.db();
      // The metadata names a payment, but any checkout session can carry any metadata (one made
      // on the same Stripe account by another site, a test, a script): only the session this
      // payment opened (its provider_ref, stored before the shopper had the link) settles it.
      const sessionId = typeof session?.id === "string" && session.id !== "" ? session.id : null;
      const payment = isUuid(id)
        ? await paymentDb(db)
            .selectFrom("payments")
            .select(["status", "provider_ref"])
            .where("id", "=", id)
            .where("tenant", "=", tenant)
            .executeTakeFirst()
        : undefined;
      if (payment && (sessionId === null || sessionId !== payment.provider_ref)) {
        console.error(
          `[online-payment] session mismatch: payment ${id} belongs to session ${payment.provider_ref ?? "none"}, the result named ${sessionId ?? "none"}; ignored`,
        );
        // Acknowledged all the same: Stripe would otherwise retry it for days.
        return json({ received: true, status: payment.status, ignored: "session mismatch" });
      }
      const at = now();
      const intent = typeof session?.payment_intent === "string" ? session.payment_intent : null;
      let status = await settlePayment(
        db,
        tenant,
        id,
        outcome,
        outcome === "paid" ? (paidCents ?? -1) : null,
        {
          paymentRef: intent,
          at,
        },
      );
      if (status === "refund_pending") {
        status = await refundOwed(db, options.provider ?? null, tenant, id, at);
        // Not acknowledged: Stripe sends the event again later, and the refund is tried again.
        if (status === "refund_pending") return json({ received: false, status }, 500);
      }
      // Unknown payments are acknowledged: Stripe would otherwise retry for days.
      return json({ received: true, status });
    });
  return async (req) => {
    const response = await handle(req);
    const tenant = options.tenantFor(req);
    // A result Stripe could not hand over (it retries, and the payment stays open meanwhile) is
    // counted for the ops check; a wrong method or site is not this site's failure.
    if (tenant && response.status >= 400 && response.status !== 404 && response.status !== 405) {
      await options
        .db()
        .then((db) => recordOpsEvent(db, tenant, "stripe_webhook_failed", `HTTP ${response.status}`, now()))
        .catch(() => {});
    }
    return response;
  };
}

/** The test checkout page runs no script: its own inline style, and a form that posts back to itself. */
const TEST_CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The local test provider's checkout (only when it is the provider, and never on a deployed site):
 * a page that says no card is charged, with Pay and Cancel. Its result settles the payment exactly
 * as the webhook would.
 */
export function createTestCheckoutHandler(
  options: Pick<CallContext, "tenantFor" | "db"> & {
    provider: PaymentProvider | null;
    /** Read on each request; deployed (NETLIFY or AWS_LAMBDA_FUNCTION_NAME set) it answers 404. */
    env?: NodeJS.ProcessEnv;
    now?: () => Date;
  },
): (req: Request) => Promise<Response> {
  return (req) =>
    guarded("online-payment-test-checkout", async () => {
      // A second lock beside paymentProviderFromEnv: one stray PAYMENT_PROVIDER=test on the host
      // would otherwise let anyone mark their payments paid.
      if (options.provider?.name !== "test" || !testCheckoutAllowed(options.env ?? process.env))
        return json({ error: ERRORS.webhooks.notFound }, 404);
      const tenant = options.tenantFor(req);
      if (!tenant) return json({ error: ERRORS.request.unknownSite }, 404);
      const db = await options.db();
      const url = new URL(req.url);
      if (req.method === "POST") {
        const form = new URLSearchParams((await readBodyWithin(req, 4096)) ?? "");
        const id = form.get("payment") ?? "";
        const outcome = form.get("outcome") === "paid" ? "paid" : "cancelled";
        const row = isUuid(id)
          ? await paymentDb(db)
              .selectFrom("payments")
              .select("return_url")
              .where("id", "=", id)
              .where("tenant", "=", tenant)
              .executeTakeFirst()
          : undefined;
        if (!row) return json({ error: PAYMENT_TEXTS.notFound }, 404);
        const at = (options.now ?? clock)();
        const status = await settlePayment(db, tenant, id, outcome, null, {
          paymentRef: testPaymentRef(id),
          at,
        });
        if (status === "refund_pending") await refundOwed(db, options.provider, tenant, id, at);
        const back = outcome === "paid" ? row.return_url : `${row.return_url}&cancelled=1`;
        return new Response(null, {
          status: 303,
          headers: { ...FUNCTION_HEADERS, location: back, "cache-control": "no-store" },
        });
      }
      if (req.method !== "GET") return methodNotAllowed("GET, POST");
      const id = url.searchParams.get("payment") ?? "";
      const row = isUuid(id)
        ? await paymentDb(db)
            .selectFrom("payments")
            .select(["purpose", "reference", "amount_cents", "status"])
            .where("id", "=", id)
            .where("tenant", "=", tenant)
            .executeTakeFirst()
        : undefined;
      if (!row) return json({ error: PAYMENT_TEXTS.notFound }, 404);
      const amount = formatCents(row.amount_cents);
      const html = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Test checkout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}main{border:1px solid #d0d5dd;border-radius:8px;padding:1.5rem}p.note{background:#fef3c7;padding:.5rem .75rem;border-radius:6px}button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #1f2937;margin-right:.5rem;cursor:pointer}button[value=paid]{background:#1f2937;color:#fff}</style></head>
<body><main><h1>Test checkout</h1><p class="note">Local development: no card is charged. Deployed sites use the payment provider's checkout.</p>
<p>${escapeMarkup(row.purpose)} ${escapeMarkup(row.reference)}</p><p><strong>${escapeMarkup(amount)}</strong></p>
${row.status === "pending" ? `<form method="post"><input type="hidden" name="payment" value="${escapeMarkup(id)}"><button name="outcome" value="paid">Pay ${escapeMarkup(amount)}</button><button name="outcome" value="cancelled">Cancel</button></form>` : `<p>This payment is ${escapeMarkup(row.status)}.</p>`}
</main></body></html>`;
      return new Response(html, {
        headers: {
          ...pageHeaders(TEST_CHECKOUT_CSP),
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
        },
      });
    });
}
