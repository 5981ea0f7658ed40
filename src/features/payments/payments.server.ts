/**
 * Online payment functions (spec §2 /online-payment; §4 always behind sign-in):
 * - GET /api/online-payment: `{ available }`; with `?payment=<id>`, that payment of the signed-in
 *   shopper (its status and what it was for).
 * - POST /api/online-payment: a signed-in shopper's payment, stored "pending" before the provider's
 *   hosted checkout starts; answers `{ url }` to send them to.
 * - POST /api/online-payment/webhook: Stripe's signed result.
 * - GET/POST /api/online-payment/test-checkout: the local test provider's page (no card charged).
 * A payment is settled once: the move from "pending" and, when paid, a notice for the dealer's CRM
 * (kind "online_payment") are written in one transaction, however often the result arrives. A
 * reserve deposit (a payment with a car, started by the checkout page) instead claims the car's
 * hold in that transaction (./reservations.server.ts).
 */
import { randomUUID } from "node:crypto";
import { sessionUser } from "~/features/account/account.server";
import { LEAD_ERRORS } from "~/features/leads/leads";
import { storeLeads } from "~/features/leads/leads.server";
import { fieldErrors, LEAD_TEXTS } from "~/features/leads/schemas";
import type { Db } from "~/lib/db/db.server";
import { recordOpsEvent } from "~/lib/db/ops-events.server";
import { escapeMarkup } from "~/lib/escape";
import { FUNCTION_HEADERS, json, methodNotAllowed, pageHeaders } from "~/lib/http.server";
import { isUuid } from "~/lib/ids";
import { readBodyWithin } from "~/server/client";
import { clock } from "~/server/clock";
import { type CallContext, guarded, resolveTenant } from "~/server/context";
import { REQUEST_ERRORS } from "~/server/errors";
import { acceptJsonPost } from "~/server/json-post";
import type { RateLimit } from "~/server/rate-limit.server";
import { paymentRequestSchema } from "./payment.schema";
import {
  formatCents,
  ONLINE_PAYMENT_PATH,
  PAYMENT_TEXTS,
  type PaymentStatus,
  paymentDescription,
} from "./payments";
import {
  type PaymentProvider,
  testCheckoutAllowed,
  testPaymentRef,
  verifyStripeSignature,
} from "./providers.server";
import {
  claimHold,
  providerRefunded,
  type ReserveAnswer,
  refundOwed,
  reservationAnswer,
} from "./reservations.server";
import { paymentDb } from "./tables";

export interface PaymentOptions extends CallContext {
  db: () => Promise<Db>;
  /** Null: no way to take cards here (deployed without STRIPE_SECRET_KEY). */
  provider: PaymentProvider | null;
  now?: () => Date;
  rateLimit?: RateLimit;
}

/** Payments started from one address per 10 minutes. */
export const PAYMENT_RATE_LIMIT: RateLimit = { hits: 10, windowMs: 10 * 60_000 };

/**
 * The page to come back to: this site as the browser sees it (its Origin, when that is the host the
 * request came to), else the site's configured address.
 */
export function returnOrigin(req: Request, siteUrl: string): string {
  const origin = req.headers.get("origin");
  try {
    if (origin && new URL(origin).host === req.headers.get("host")) return new URL(origin).origin;
  } catch {}
  return new URL(siteUrl).origin;
}

export function createOnlinePaymentHandler(options: PaymentOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  return (req) =>
    guarded("online-payment", async () => {
      if (req.method !== "GET" && req.method !== "POST") return methodNotAllowed("GET, POST");
      const resolved = resolveTenant(req, options);
      if (!resolved.ok) return resolved.response;
      const { tenant, data } = resolved;
      const { site } = data;
      if (!site.online_payment) return json({ error: PAYMENT_TEXTS.notOffered }, 404);
      const db = await options.db();
      const at = now();

      if (req.method === "GET") {
        const id = new URL(req.url).searchParams.get("payment");
        if (id === null) return json({ available: options.provider !== null });
        const user = await sessionUser(db, tenant, req, at);
        if (!user) return json({ error: PAYMENT_TEXTS.signInNeeded }, 401);
        const payment = await paymentStatus(db, tenant, user.id, id, at);
        if (!payment) return json({ error: PAYMENT_TEXTS.notFound }, 404);
        return json({ payment });
      }

      if (!options.provider) return json({ error: PAYMENT_TEXTS.unavailable }, 503);
      const accepted = await acceptJsonPost(req, {
        db,
        bucket: `payment:${tenant}`,
        rateLimited: LEAD_ERRORS.tooManyTries,
        rateLimit: options.rateLimit ?? PAYMENT_RATE_LIMIT,
        now: at,
      });
      if (!accepted.ok) return accepted.response;
      const user = await sessionUser(db, tenant, req, at);
      if (!user) return json({ error: PAYMENT_TEXTS.signInNeeded }, 401);
      const parsed = paymentRequestSchema({
        maxAmount: site.online_payment.max_amount,
        dealershipSlugs: site.dealerships.map((dealership) => dealership.slug),
      }).safeParse(accepted.body);
      if (!parsed.success)
        return json({ error: LEAD_TEXTS.fixErrors, fields: fieldErrors(parsed.error) }, 400);
      const request = parsed.data;
      const started = await startPayment(db, options.provider, {
        tenant,
        user,
        request,
        dealershipSlug: request.dealership_slug ?? site.dealerships[0]?.slug ?? null,
        description: paymentDescription(request, site.name),
        returnPath: (id) => `${ONLINE_PAYMENT_PATH}?payment=${id}`,
        origin: returnOrigin(req, site.url),
        at,
      });
      if (!started) return json({ error: PAYMENT_TEXTS.failed }, 502);
      return json(started, 201);
    });
}

/** What a payment starts from: the shopper's details, and for a reserve deposit the car it holds. */
export interface PaymentStart {
  tenant: string;
  user: { id: string; phone: string };
  request: {
    purpose: string;
    reference: string;
    /** Cents. */
    amount: number;
    name: string;
    last_name?: string | undefined;
    email: string;
  };
  dealershipSlug: string | null;
  description: string;
  /** The page the shopper comes back to, for the new payment's id. */
  returnPath: (id: string) => string;
  origin: string;
  car?: { id: number; slug: string; fields: Record<string, string | number> } | undefined;
  at: Date;
}

/**
 * Stores a pending payment, then opens the provider's hosted checkout for it: `{ url, payment }`,
 * or null (the payment is left failed) when the provider would not start one.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider,
  start: PaymentStart,
): Promise<{ url: string; payment: string } | null> {
  const { tenant, request, at } = start;
  const id = randomUUID();
  const returnUrl = new URL(start.returnPath(id), start.origin).href;
  const payments = paymentDb(db);
  // Stored before the provider hears of it: a payment made is never one we have no record of.
  await payments
    .insertInto("payments")
    .values({
      id,
      tenant,
      user_id: start.user.id,
      phone: start.user.phone,
      purpose: request.purpose,
      reference: request.reference,
      amount_cents: request.amount,
      name: request.name,
      last_name: request.last_name ?? null,
      email: request.email,
      dealership_slug: start.dealershipSlug,
      status: "pending",
      provider: provider.name,
      return_url: returnUrl,
      car_id: start.car?.id ?? null,
      car_slug: start.car?.slug ?? null,
      car_fields: start.car ? JSON.stringify(start.car.fields) : null,
    })
    .execute();
  try {
    const checkout = await provider.createCheckout({
      paymentId: id,
      amountCents: request.amount,
      description: start.description,
      email: request.email,
      successUrl: returnUrl,
      cancelUrl: `${returnUrl}${returnUrl.includes("?") ? "&" : "?"}cancelled=1`,
    });
    await payments
      .updateTable("payments")
      .set({ provider_ref: checkout.providerRef, updated_at: at })
      .where("id", "=", id)
      .where("tenant", "=", tenant)
      .execute();
    return { url: checkout.url, payment: id };
  } catch (error) {
    console.error(`[online-payment] ${provider.name} checkout failed: ${String(error)}`);
    await payments
      .updateTable("payments")
      .set({ status: "failed", updated_at: at })
      .where("id", "=", id)
      .where("tenant", "=", tenant)
      .execute();
    return null;
  }
}

/** A signed-in shopper's own payment as its return page reads it (with its hold, for a reserve deposit). */
export async function paymentStatus(
  db: Db,
  tenant: string,
  userId: string,
  id: string,
  at: Date,
): Promise<{
  status: PaymentStatus;
  status_text: string;
  purpose: string;
  reference: string;
  amount: string;
  reservation?: ReserveAnswer;
} | null> {
  const row = isUuid(id)
    ? await paymentDb(db)
        .selectFrom("payments")
        .select(["id", "status", "purpose", "reference", "amount_cents", "car_id", "car_slug"])
        .where("id", "=", id)
        .where("tenant", "=", tenant)
        .where("user_id", "=", userId)
        .executeTakeFirst()
    : undefined;
  if (!row) return null;
  const reservation = await reservationAnswer(db, tenant, row, at);
  return {
    status: row.status,
    status_text: PAYMENT_TEXTS.status[row.status],
    purpose: row.purpose,
    reference: row.reference,
    amount: formatCents(row.amount_cents),
    ...(reservation ? { reservation } : {}),
  };
}

export type Outcome = "paid" | "cancelled" | "expired" | "failed";

/**
 * Settles a pending payment of `tenant` once. Paid: the amount must be what was asked (else it is
 * left pending and logged for a person to look at), and the dealer's CRM is told in the same
 * transaction. A reserve deposit claims its car's hold in that transaction; when another payment
 * holds the car it is left `refund_pending` for the caller to refund (refundOwed). Answers the
 * payment's status afterwards, or null when the tenant has no such payment. The tenant is in every
 * lookup, not left to row security: the owner role (the local all-tenant server, a site not yet on
 * its own role) sees every dealer's payments.
 */
export async function settlePayment(
  db: Db,
  tenant: string,
  id: string,
  outcome: Outcome,
  paidCents: number | null = null,
  confirmed: { paymentRef?: string | null; at?: Date } = {},
): Promise<PaymentStatus | null> {
  if (!isUuid(id)) return null;
  const at = confirmed.at ?? clock();
  return db.transaction().execute(async (trx) => {
    const payments = paymentDb(trx);
    const row = await payments
      .selectFrom("payments")
      .selectAll()
      .where("id", "=", id)
      .where("tenant", "=", tenant)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    if (row.status !== "pending") return row.status;
    if (outcome === "paid" && paidCents !== null && paidCents !== row.amount_cents) {
      console.error(
        `[online-payment] amount mismatch: payment ${id} paid ${paidCents} cents, asked ${row.amount_cents}; left pending for a person to check`,
      );
      return row.status;
    }
    let leadId: string | null = null;
    let status: PaymentStatus = outcome;
    const paymentRef = confirmed.paymentRef ?? row.provider_payment_ref;
    if (outcome === "paid" && row.car_id !== null) {
      const hold = await claimHold(trx, { ...row, car_id: row.car_id, provider_payment_ref: paymentRef }, at);
      leadId = hold.leadId;
      if (!hold.held) status = "refund_pending";
    } else if (outcome === "paid") {
      const [notice] = await storeLeads(trx, [
        {
          tenant: row.tenant,
          lead: {
            kind: "online_payment",
            payment_id: row.id,
            name: row.name,
            last_name: row.last_name,
            email: row.email,
            phone: row.phone,
            purpose: row.purpose,
            reference: row.reference,
            amount: formatCents(row.amount_cents),
            amount_cents: row.amount_cents,
            dealership_slug: row.dealership_slug,
            provider: row.provider,
            provider_ref: row.provider_ref,
          },
          idempotencyKey: `payment-${row.id}`,
          spam: false,
          clientIp: null,
          userAgent: null,
        },
      ]);
      leadId = notice?.leadId ?? null;
    }
    await payments
      .updateTable("payments")
      .set({ status, lead_id: leadId, provider_payment_ref: paymentRef, updated_at: at })
      .where("id", "=", id)
      .where("tenant", "=", tenant)
      .execute();
    return status;
  });
}

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
export function createStripeWebhookHandler(options: {
  db: () => Promise<Db>;
  secret: string | null;
  /** Refunds a reserve deposit paid for a car another payment had just reserved. */
  provider?: PaymentProvider | null;
  /** The site the event arrived at (the deploy's TENANT; `<slug>.localhost` locally), or null (404). */
  tenantFor: (req: Request) => string | null;
  now?: () => Date;
}): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const handle = (req: Request) =>
    guarded("online-payment-webhook", async () => {
      if (req.method !== "POST") return methodNotAllowed("POST");
      const tenant = options.tenantFor(req);
      if (!tenant) return json({ error: REQUEST_ERRORS.unknownSite }, 404);
      if (!options.secret) return json({ error: "Webhook secret not configured" }, 503);
      const raw = await readBodyWithin(req, 256 * 1024);
      if (raw === null) return json({ error: "Body too large" }, 413);
      if (!verifyStripeSignature(raw, req.headers.get("stripe-signature"), options.secret, now())) {
        return json({ error: "Bad signature" }, 400);
      }
      const event = JSON.parse(raw) as StripeEvent;
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
export function createTestCheckoutHandler(options: {
  db: () => Promise<Db>;
  provider: PaymentProvider | null;
  /** The site the page is asked of (`<slug>.localhost`), or null (404): its payments only. */
  tenantFor: (req: Request) => string | null;
  /** Read on each request; deployed (NETLIFY or AWS_LAMBDA_FUNCTION_NAME set) it answers 404. */
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
}): (req: Request) => Promise<Response> {
  return (req) =>
    guarded("online-payment-test-checkout", async () => {
      // A second lock beside paymentProviderFromEnv: one stray PAYMENT_PROVIDER=test on the host
      // would otherwise let anyone mark their payments paid.
      if (options.provider?.name !== "test" || !testCheckoutAllowed(options.env ?? process.env))
        return json({ error: "Not found" }, 404);
      const tenant = options.tenantFor(req);
      if (!tenant) return json({ error: REQUEST_ERRORS.unknownSite }, 404);
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
