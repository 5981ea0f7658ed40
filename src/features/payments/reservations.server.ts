/**
 * The hold a paid reserve deposit buys (see ./reservations.ts for its states). Every change is one
 * transaction with its CRM notice through the lead outbox; the database allows one `held` row per
 * tenant and car (partial unique index), so of two deposits confirmed at the same moment one holds
 * the car and the other is owed back (payment `refund_pending`) and refunded through the provider.
 * The tenant is in every lookup, not left to row security (the owner role sees every dealer's rows).
 */
import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { storeLeads } from "~/features/leads/leads.server";
import type { Db } from "~/lib/db/db.server";
import { isUuid } from "~/lib/ids";
import { formatCents, PAYMENT_TEXTS, type PaymentStatus } from "./payments";
import type { PaymentProvider } from "./providers.server";
import {
  CHECKOUT_REQUEST_FIELD,
  heldUntil,
  holdEnds,
  missedCarOffers,
  RESERVATION_SUBCATEGORIES,
  RESERVE_TEXTS,
  type ReservationChange,
  type ReservationState,
  type ReserveOutcome,
  type ShopperReservation,
} from "./reservations";
import { type PaymentsTable, paymentDb } from "./tables";

type PaymentRow = Selectable<PaymentsTable>;

const MESSAGES: Record<ReservationChange, (amount: string) => string> = {
  paid: (amount) =>
    `Reserve deposit of ${amount} paid online: the car is held for this shopper for 48 hours.`,
  cancelled: (amount) =>
    `The shopper cancelled their reservation; the ${amount} deposit was refunded in full.`,
  expired: (amount) => `The 48-hour hold has ended; the ${amount} deposit has not been refunded.`,
  refunded: (amount) =>
    `The ${amount} deposit was refunded in the payment provider's dashboard; the hold has ended.`,
  taken: (amount) =>
    `This ${amount} deposit was paid moments after another shopper reserved the car; it was refunded in full.`,
};

/** Queues the CRM notice of one change of a payment's hold (once per payment and change). */
async function notify(
  trx: Db,
  payment: PaymentRow,
  change: ReservationChange,
  hold: { id: string; reserved_until: Date } | null,
): Promise<string | null> {
  const amount = formatCents(payment.amount_cents);
  const { [CHECKOUT_REQUEST_FIELD]: request, ...fields } = payment.car_fields ?? {};
  const [stored] = await storeLeads(trx, [
    {
      tenant: payment.tenant,
      lead: {
        ...fields,
        kind: "enquiry",
        category: "General Enquiry",
        subcategory: RESERVATION_SUBCATEGORIES[change],
        name: payment.name,
        last_name: payment.last_name,
        email: payment.email,
        phone: payment.phone,
        message: request ? `${MESSAGES[change](amount)}\n\n${request}` : MESSAGES[change](amount),
        payment_id: payment.id,
        amount,
        provider: payment.provider,
        provider_ref: payment.provider_payment_ref ?? payment.provider_ref,
        ...(hold ? { reservation_id: hold.id, reserved_until: hold.reserved_until.toISOString() } : {}),
      },
      idempotencyKey: `reservation-${payment.id}-${change}`,
      spam: false,
      clientIp: null,
      userAgent: null,
    },
  ]);
  return stored?.leadId ?? null;
}

const paymentById = (trx: Db, tenant: string, id: string) =>
  paymentDb(trx).selectFrom("payments").selectAll().where("id", "=", id).where("tenant", "=", tenant);

/** Records the car's holds past their time as expired, each noticed once; in the caller's transaction. */
export async function expirePastHolds(trx: Db, tenant: string, carId: number, now: Date): Promise<void> {
  const ended = await paymentDb(trx)
    .updateTable("reservations")
    .set({ state: "expired", ended_at: now, updated_at: now })
    .where("tenant", "=", tenant)
    .where("car_id", "=", carId)
    .where("state", "=", "held")
    .where("reserved_until", "<=", now)
    .returning(["id", "payment_id", "reserved_until"])
    .execute();
  for (const hold of ended) {
    const payment = await paymentById(trx, tenant, hold.payment_id).executeTakeFirst();
    if (payment) await notify(trx, payment, "expired", hold);
  }
}

/**
 * Until when the car is held, or null when it is free (GET /cars/{slug}/view.json). A hold past its
 * time reads as free at once, and is recorded as expired (with its notice) the first time it is seen.
 */
export async function reservedUntil(db: Db, tenant: string, carId: number, now: Date): Promise<Date | null> {
  const hold = await paymentDb(db)
    .selectFrom("reservations")
    .select(["state", "reserved_until"])
    .where("tenant", "=", tenant)
    .where("car_id", "=", carId)
    .where("state", "=", "held")
    .executeTakeFirst();
  if (!hold) return null;
  const until = heldUntil(hold, now);
  if (!until) await db.transaction().execute((trx) => expirePastHolds(trx, tenant, carId, now));
  return until;
}

/**
 * Inside a payment's settlement: the confirmed deposit holds its car for 48 hours from `paidAt`,
 * unless another payment holds it now. Answers whether it holds, and the notice's lead.
 */
export async function claimHold(
  trx: Db,
  payment: PaymentRow & { car_id: number },
  paidAt: Date,
): Promise<{ held: boolean; leadId: string | null }> {
  await expirePastHolds(trx, payment.tenant, payment.car_id, paidAt);
  const hold = { id: randomUUID(), reserved_until: holdEnds(paidAt) };
  // A second deposit's insert waits for the first one's transaction, then does nothing.
  const inserted = await paymentDb(trx)
    .insertInto("reservations")
    .values({
      id: hold.id,
      tenant: payment.tenant,
      car_id: payment.car_id,
      payment_id: payment.id,
      user_id: payment.user_id,
      amount_cents: payment.amount_cents,
      state: "held",
      paid_at: paidAt,
      reserved_until: hold.reserved_until,
      updated_at: paidAt,
    })
    .onConflict((conflict) => conflict.columns(["tenant", "car_id"]).where("state", "=", "held").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return { held: false, leadId: null };
  return { held: true, leadId: await notify(trx, payment, "paid", hold) };
}

/**
 * Gives back a deposit owed (`refund_pending`: the car was already held) through the provider, and
 * records it with its notice. Answers the payment's status afterwards (still `refund_pending` when
 * the provider refused: the caller says so, and a replayed event or a person tries again).
 */
export async function refundOwed(
  db: Db,
  provider: PaymentProvider | null,
  tenant: string,
  paymentId: string,
  now: Date,
): Promise<PaymentStatus | null> {
  if (!isUuid(paymentId)) return null;
  const payment = await paymentById(db, tenant, paymentId).executeTakeFirst();
  if (!payment) return null;
  if (payment.status !== "refund_pending") return payment.status;
  let refundRef: string;
  try {
    if (!provider) throw new Error("no payment provider is configured");
    ({ refundRef } = await provider.refund({ paymentId, paymentRef: payment.provider_payment_ref }));
  } catch (error) {
    console.error(`[reservations] refund of payment ${paymentId} failed: ${String(error)}; still owed`);
    return "refund_pending";
  }
  return db.transaction().execute(async (trx) => {
    const row = await paymentById(trx, tenant, paymentId).forUpdate().executeTakeFirst();
    if (row?.status !== "refund_pending") return row?.status ?? null;
    await paymentDb(trx)
      .updateTable("payments")
      .set({ status: "refunded", refund_ref: refundRef, updated_at: now })
      .where("id", "=", paymentId)
      .where("tenant", "=", tenant)
      .execute();
    await notify(trx, row, "taken", null);
    return "refunded";
  });
}

export type CancelResult =
  | { ok: true; state: ReservationState }
  | { ok: false; reason: "not_found" | "refund_failed" };

/**
 * The signed-in shopper cancels their hold ("100% refundable"): the provider refunds the deposit
 * first, and only then does the hold end, so a refund that fails leaves the car held and the shopper
 * told to try again. A hold already ended by a refund answers as it stands.
 */
export async function cancelReservation(
  db: Db,
  provider: PaymentProvider | null,
  tenant: string,
  userId: string,
  reservationId: string,
  now: Date,
): Promise<CancelResult> {
  if (!isUuid(reservationId)) return { ok: false, reason: "not_found" };
  const hold = await paymentDb(db)
    .selectFrom("reservations")
    .innerJoin("payments", "payments.id", "reservations.payment_id")
    .select([
      "reservations.state",
      "reservations.car_id",
      "payments.id as payment_id",
      "payments.status",
      "payments.provider_payment_ref",
    ])
    .where("reservations.id", "=", reservationId)
    .where("reservations.tenant", "=", tenant)
    .where("reservations.user_id", "=", userId)
    .executeTakeFirst();
  if (!hold) return { ok: false, reason: "not_found" };
  if ((hold.state !== "held" && hold.state !== "expired") || hold.status !== "paid")
    return { ok: true, state: hold.state };
  let refundRef: string;
  try {
    if (!provider) throw new Error("no payment provider is configured");
    ({ refundRef } = await provider.refund({
      paymentId: hold.payment_id,
      paymentRef: hold.provider_payment_ref,
    }));
  } catch (error) {
    console.error(`[reservations] refund of payment ${hold.payment_id} failed: ${String(error)}; hold kept`);
    return { ok: false, reason: "refund_failed" };
  }
  return db.transaction().execute(async (trx) => {
    await expirePastHolds(trx, tenant, hold.car_id, now);
    const row = await paymentDb(trx)
      .selectFrom("reservations")
      .select(["id", "state", "reserved_until"])
      .where("id", "=", reservationId)
      .where("tenant", "=", tenant)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const payment = await paymentById(trx, tenant, hold.payment_id).forUpdate().executeTakeFirstOrThrow();
    // The provider's own refund event may have ended it meanwhile.
    if ((row.state !== "held" && row.state !== "expired") || payment.status !== "paid")
      return { ok: true, state: row.state };
    await paymentDb(trx)
      .updateTable("reservations")
      .set({ state: "cancelled", ended_at: now, updated_at: now })
      .where("id", "=", reservationId)
      .where("tenant", "=", tenant)
      .execute();
    await paymentDb(trx)
      .updateTable("payments")
      .set({ status: "refunded", refund_ref: refundRef, updated_at: now })
      .where("id", "=", payment.id)
      .where("tenant", "=", tenant)
      .execute();
    await notify(trx, payment, "cancelled", row);
    return { ok: true, state: "cancelled" };
  });
}

/**
 * A refund made at the provider (Stripe's `charge.refunded`, for the money `paymentRef` names):
 * a reserve deposit's hold ends as refunded, a deposit owed back is recorded as refunded. Answers
 * whether anything changed; null when no reserve payment of this tenant took that money. A replayed
 * event, or the event of a refund this site made, changes nothing.
 */
export async function providerRefunded(
  db: Db,
  tenant: string,
  paymentRef: string,
  now: Date,
): Promise<{ changed: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    const payment = await paymentDb(trx)
      .selectFrom("payments")
      .selectAll()
      .where("tenant", "=", tenant)
      .where("provider_payment_ref", "=", paymentRef)
      .where("car_id", "is not", null)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) return null;
    if (payment.status !== "paid" && payment.status !== "refund_pending") return { changed: false };
    if (payment.car_id !== null) await expirePastHolds(trx, tenant, payment.car_id, now);
    const hold = await paymentDb(trx)
      .selectFrom("reservations")
      .select(["id", "state", "reserved_until"])
      .where("payment_id", "=", payment.id)
      .where("tenant", "=", tenant)
      .forUpdate()
      .executeTakeFirst();
    await paymentDb(trx)
      .updateTable("payments")
      .set({ status: "refunded", updated_at: now })
      .where("id", "=", payment.id)
      .where("tenant", "=", tenant)
      .execute();
    if (hold && (hold.state === "held" || hold.state === "expired")) {
      await paymentDb(trx)
        .updateTable("reservations")
        .set({ state: "refunded", ended_at: now, updated_at: now })
        .where("id", "=", hold.id)
        .where("tenant", "=", tenant)
        .execute();
      await notify(trx, payment, "refunded", hold);
    } else if (!hold) {
      await notify(trx, payment, "taken", null);
    }
    return { changed: true };
  });
}

export interface ReserveAnswer {
  /** The hold, for cancelling; null when the deposit never held the car. */
  id: string | null;
  car_slug: string | null;
  outcome: ReserveOutcome;
  reserved_until: string | null;
  text: string;
  /** Offered to a shopper who just missed the car. */
  offers?: ReturnType<typeof missedCarOffers>;
}

/** What a reserve payment's return page shows of its hold; null for other payments. */
export async function reservationAnswer(
  db: Db,
  tenant: string,
  payment: { id: string; status: PaymentStatus; car_id: number | null; car_slug: string | null },
  now: Date,
): Promise<ReserveAnswer | null> {
  if (payment.car_id === null) return null;
  const hold = await paymentDb(db)
    .selectFrom("reservations")
    .select(["id", "state", "reserved_until"])
    .where("payment_id", "=", payment.id)
    .where("tenant", "=", tenant)
    .executeTakeFirst();
  if (!hold) {
    if (payment.status !== "refund_pending" && payment.status !== "refunded") {
      return {
        id: null,
        car_slug: payment.car_slug,
        outcome: "none",
        reserved_until: null,
        text: PAYMENT_TEXTS.status[payment.status],
      };
    }
    return {
      id: null,
      car_slug: payment.car_slug,
      outcome: "taken",
      reserved_until: null,
      text: RESERVE_TEXTS.taken(payment.status === "refunded"),
      offers: missedCarOffers(payment.car_slug ?? ""),
    };
  }
  let state = hold.state;
  if (state === "held" && !heldUntil(hold, now)) {
    await db.transaction().execute((trx) => expirePastHolds(trx, tenant, payment.car_id as number, now));
    state = "expired";
  }
  return {
    id: hold.id,
    car_slug: payment.car_slug,
    outcome: state,
    reserved_until: heldUntil({ state, reserved_until: hold.reserved_until }, now)?.toISOString() ?? null,
    text: RESERVE_TEXTS.state[state],
  };
}

/** How many of a shopper's reservations their account page lists, newest first. */
const LISTED_RESERVATIONS = 5;

/**
 * The shopper's latest reservations on this site. A hold past its time reads as expired here
 * (recorded when the car is next looked at), so the list is a read without writes.
 */
export async function shopperReservations(
  db: Db,
  tenant: string,
  userId: string,
  now: Date,
): Promise<ShopperReservation[]> {
  const rows = await paymentDb(db)
    .selectFrom("reservations")
    .innerJoin("payments", "payments.id", "reservations.payment_id")
    .select([
      "reservations.id",
      "reservations.car_id",
      "reservations.state",
      "reservations.reserved_until",
      "reservations.amount_cents",
      "payments.car_slug",
      "payments.status",
    ])
    .where("reservations.tenant", "=", tenant)
    .where("reservations.user_id", "=", userId)
    .orderBy("reservations.created_at", "desc")
    .limit(LISTED_RESERVATIONS)
    .execute();
  return rows.map((row) => {
    const until = heldUntil(row, now);
    const state: ReservationState = row.state === "held" && !until ? "expired" : row.state;
    return {
      id: row.id,
      car_id: row.car_id,
      car_slug: row.car_slug,
      state,
      reserved_until: until?.toISOString() ?? null,
      amount: formatCents(row.amount_cents),
      text: RESERVE_TEXTS.state[state],
      cancellable: (state === "held" || state === "expired") && row.status === "paid",
    };
  });
}

/**
 * The tenant's cars held now, with until when (the result cards' batch read). A hold past its time
 * is left out at once; it is recorded as expired when its car is next looked at, so this is a read
 * without writes.
 */
export async function heldCars(
  db: Db,
  tenant: string,
  now: Date,
): Promise<{ car_id: number; reserved_until: Date }[]> {
  return paymentDb(db)
    .selectFrom("reservations")
    .select(["car_id", "reserved_until"])
    .where("tenant", "=", tenant)
    .where("state", "=", "held")
    .where("reserved_until", ">", now)
    .orderBy("car_id")
    .execute();
}
