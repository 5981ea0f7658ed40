/**
 * Reserve Now with a paid deposit (spec §9: deposit from the car, else the site's $200; held 48
 * hours; 100% refundable), on the payment seam (src/features/payments/):
 * - GET /api/reservations: `{ available }` (a payment provider is configured), and for a
 *   signed-in shopper `reservations`, their latest holds (the account page); with `?payment=<id>`,
 *   the signed-in shopper's reserve payment and its hold (the return page).
 * - POST /api/reservations `{ car, name, last_name?, email }`, and from the checkout page its plan
 *   (`plan` reserve or buy, `payment`, `trade_in`, `handover`, `postcode`): stores the deposit's
 *   payment for the car (the amount is the car's, never the shopper's) and answers `{ url }` of the
 *   provider's hosted checkout. The hold itself is made only when the provider confirms the payment.
 * - POST /api/reservations/cancel `{ reservation }`: the shopper's own hold ends, deposit refunded.
 * All behind sign-in (spec §4 checkout gating).
 */

import { sessionUser } from "~/features/account/account.server";
import { deliveryEstimate, formatDeliveryPrice, showsDeliveryCalculator } from "~/features/delivery/delivery";
import { fieldErrors, LEAD_TEXTS } from "~/features/leads/schemas";
import { PAYMENT_TEXTS, paymentDescription } from "~/features/payments/payments";
import {
  acceptShopperPost,
  paymentStatus,
  returnOrigin,
  startPayment,
} from "~/features/payments/payments.server";
import type { PaymentProvider } from "~/features/payments/providers.server";
import { CHECKOUT_REQUEST_FIELD, missedCarOffers, RESERVE_TEXTS } from "~/features/payments/reservations";
import {
  cancelReservation,
  reservedUntil,
  shopperReservations,
} from "~/features/payments/reservations.server";
import { carFields } from "~/features/vehicle/car-fields";
import { clock } from "~/server/clock";
import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import type { RateLimit } from "~/server/rate-limit.server";
import { findCarIn } from "~/tenant/find-car";
import { CHECKOUT_TEXTS, checkChoices, checkoutSummary } from "./checkout";
import { reserveRequestSchema } from "./reserve.schema";

export interface ReserveOptions extends CallContext {
  /** Null: deployed without a payment provider; reserving stays the request-only lead. */
  provider: PaymentProvider | null;
  now?: () => Date;
  rateLimit?: RateLimit;
}

/** The purpose a reserve deposit is filed under, as the Make a Payment page words it. */
const DEPOSIT_PURPOSE = "Vehicle deposit";

export function createReserveHandler(options: ReserveOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const spec = {
    name: "reservations",
    allow: "GET, POST",
    writes: { kind: "leads", methods: ["POST"] },
  } as const;
  return handleCall(spec, options, async (call) => {
    const { req, tenant, data } = call;
    const { site } = data;
    if (!site.features.checkout) return json({ error: CHECKOUT_TEXTS.notOffered }, 404);
    const db = await options.db();
    const at = now();

    if (req.method === "GET") {
      const id = new URL(req.url).searchParams.get("payment");
      if (id === null) {
        // Signed in: the shopper's own reservations too (their account page lists them).
        const user = await sessionUser(db, tenant, req, at);
        if (!user) return json({ available: options.provider !== null });
        const reservations = await shopperReservations(db, tenant, user.id, at);
        return json({
          available: options.provider !== null,
          reservations: reservations.map((reservation) => ({
            ...reservation,
            car_name: findCarIn(data, { id: reservation.car_id })?.name ?? null,
          })),
        });
      }
      const user = await sessionUser(db, tenant, req, at);
      if (!user) return json({ error: RESERVE_TEXTS.signInToManage }, 401);
      const payment = await paymentStatus(db, tenant, user.id, id, at);
      if (!payment?.reservation) return json({ error: PAYMENT_TEXTS.notFound }, 404);
      return json({ payment });
    }

    if (!options.provider) return json({ error: PAYMENT_TEXTS.unavailable }, 503);
    const accepted = await acceptShopperPost(req, {
      db,
      tenant,
      bucket: "payment",
      rateLimit: options.rateLimit,
      now: at,
      signIn: RESERVE_TEXTS.signInNeeded,
    });
    if (!accepted.ok) return accepted.response;
    const { user } = accepted;
    const parsed = reserveRequestSchema.safeParse(accepted.body);
    if (!parsed.success) return json({ error: LEAD_TEXTS.fixErrors, fields: fieldErrors(parsed.error) }, 400);
    const request = parsed.data;
    const car = findCarIn(data, { slug: request.car });
    if (!car) return json({ error: ERRORS.request.unknownCar }, 404);
    // The deposit rule the checkout page shows: the car's own, else the site's ($200).
    const offer = carFields(data, car).checkout;
    if (!offer) return json({ error: RESERVE_TEXTS.notOffered }, 409);
    if (!offer.deposit) return json({ error: RESERVE_TEXTS.noDeposit }, 409);
    // Checked here so nobody pays for a car already held; the hold's own rule is the database's.
    const held = await reservedUntil(db, tenant, car.id, at);
    if (held) {
      return json(
        {
          error: RESERVE_TEXTS.alreadyReserved,
          reserved_until: held.toISOString(),
          offers: missedCarOffers(car.slug),
        },
        409,
      );
    }
    // The checkout page's plan goes to the dealer in the notice, in the words the shopper reviewed.
    let summary: string | null = null;
    if (request.plan) {
      const choices = { ...request, plan: request.plan };
      const errors = checkChoices(choices, showsDeliveryCalculator(site));
      if (Object.keys(errors).length > 0) return json({ error: LEAD_TEXTS.fixErrors, fields: errors }, 400);
      const fields = carFields(data, car);
      const postcode = choices.postcode.replace(/\s+/g, "");
      const estimate = choices.handover === "delivery" ? deliveryEstimate(postcode, site.delivery) : null;
      summary = checkoutSummary(fields, offer, choices, {
        dealerName: fields.dealer.name,
        estimate: estimate && { name: estimate.name, price_text: formatDeliveryPrice(estimate.price) },
      }).join("\n");
    }
    const reference = car.stocknum?.trim() || String(car.id);
    const started = await startPayment(db, options.provider, {
      tenant,
      user,
      request: {
        purpose: DEPOSIT_PURPOSE,
        reference,
        amount: Math.round(offer.deposit * 100),
        name: request.name,
        last_name: request.last_name,
        email: request.email,
      },
      dealershipSlug: car.dealership_slug ?? site.dealerships[0]?.slug ?? null,
      description: paymentDescription({ purpose: DEPOSIT_PURPOSE, reference: car.name }, site.name),
      returnPath: (id) => `/cars/${car.slug}/checkout?payment=${id}`,
      origin: returnOrigin(req, site.url),
      car: {
        id: car.id,
        slug: car.slug,
        fields: { ...offer.lead_fields, ...(summary ? { [CHECKOUT_REQUEST_FIELD]: summary } : {}) },
      },
      at,
    });
    if (!started) return json({ error: PAYMENT_TEXTS.failed }, 502);
    return json(started, 201);
  });
}

/** POST /api/reservations/cancel: the signed-in shopper ends their own hold; the deposit is refunded. */
export function createReserveCancelHandler(options: ReserveOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const spec = { name: "reservations-cancel", allow: "POST", writes: "leads" } as const;
  return handleCall(spec, options, async (call) => {
    const { req, tenant, data } = call;
    if (!data.site.features.checkout) return json({ error: CHECKOUT_TEXTS.notOffered }, 404);
    const db = await options.db();
    const at = now();
    const accepted = await acceptShopperPost(req, {
      db,
      tenant,
      bucket: "reserve-cancel",
      rateLimit: options.rateLimit,
      now: at,
      signIn: RESERVE_TEXTS.signInToManage,
    });
    if (!accepted.ok) return accepted.response;
    const { user } = accepted;
    const id = typeof accepted.body.reservation === "string" ? accepted.body.reservation : "";
    const result = await cancelReservation(db, options.provider, tenant, user.id, id, at);
    if (!result.ok) {
      return result.reason === "not_found"
        ? json({ error: RESERVE_TEXTS.notFound }, 404)
        : json({ error: RESERVE_TEXTS.refundFailed }, 502);
    }
    return json({ reservation: { id, state: result.state, text: RESERVE_TEXTS.state[result.state] } });
  });
}
