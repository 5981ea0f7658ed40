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
import { storeLeads } from "~/features/leads/leads.server";
import { fieldErrors, LEAD_TEXTS } from "~/features/leads/schemas";
import type { Db } from "~/lib/db/db.server";
import { isUuid } from "~/lib/ids";
import { clock } from "~/server/clock";
import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
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
import type { PaymentProvider } from "./providers.server";
import { claimHold, type ReserveAnswer, reservationAnswer } from "./reservations.server";
import { paymentDb } from "./tables";

export interface PaymentOptions extends CallContext {
  /** Null: no way to take cards here (deployed without STRIPE_SECRET_KEY). */
  provider: PaymentProvider | null;
  now?: () => Date;
  rateLimit?: RateLimit;
}

/** Payments started from one address per 10 minutes. */
export const PAYMENT_RATE_LIMIT: RateLimit = { hits: 10, windowMs: 10 * 60_000 };

type Shopper = NonNullable<Awaited<ReturnType<typeof sessionUser>>>;

/**
 * The preamble every money POST shares (paying, reserving, cancelling a hold): a JSON body within
 * the client's rate limit for `bucket`, from a signed-in shopper; else the answer to send.
 */
export async function acceptShopperPost(
  req: Request,
  options: {
    db: Db;
    tenant: string;
    bucket: string;
    rateLimit?: RateLimit | undefined;
    now: Date;
    signIn: string;
  },
): Promise<{ ok: true; body: Record<string, unknown>; user: Shopper } | { ok: false; response: Response }> {
  const accepted = await acceptJsonPost(req, {
    db: options.db,
    bucket: `${options.bucket}:${options.tenant}`,
    rateLimited: ERRORS.leads.tooManyTries,
    rateLimit: options.rateLimit ?? PAYMENT_RATE_LIMIT,
    now: options.now,
  });
  if (!accepted.ok) return accepted;
  const user = await sessionUser(options.db, options.tenant, req, options.now);
  if (!user) return { ok: false, response: json({ error: options.signIn }, 401) };
  return { ok: true, body: accepted.body, user };
}

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
  const spec = {
    name: "online-payment",
    allow: "GET, POST",
    writes: { kind: "leads", methods: ["POST"] },
  } as const;
  return handleCall(spec, options, async (call) => {
    const { req, tenant, data } = call;
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
    const accepted = await acceptShopperPost(req, {
      db,
      tenant,
      bucket: "payment",
      rateLimit: options.rateLimit,
      now: at,
      signIn: PAYMENT_TEXTS.signInNeeded,
    });
    if (!accepted.ok) return accepted.response;
    const { user } = accepted;
    const parsed = paymentRequestSchema({
      maxAmount: site.online_payment.max_amount,
      dealershipSlugs: site.dealerships.map((dealership) => dealership.slug),
    }).safeParse(accepted.body);
    if (!parsed.success) return json({ error: LEAD_TEXTS.fixErrors, fields: fieldErrors(parsed.error) }, 400);
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
