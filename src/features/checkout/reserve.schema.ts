/**
 * What a signed-in shopper sends to POST /api/reservations to pay a car's reserve deposit (server
 * validation). The amount is never the shopper's: it is the car's deposit (CheckoutOffer). Every
 * string passes the shopper-input rules and a length limit, so hostile input is a 400, never a
 * failed insert.
 */
import { z } from "zod";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { payerFields } from "~/features/payments/payment.schema";
import { shopperString } from "~/lib/shopper-input";
import { REQUEST_ERRORS } from "~/server/errors";
import { CHECKOUT_TEXTS } from "./checkout";

export const reserveRequestSchema = z.object({
  car: shopperString(REQUEST_ERRORS.unknownCar)
    .trim()
    .max(200, REQUEST_ERRORS.unknownCar)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, REQUEST_ERRORS.unknownCar),
  ...payerFields,
  /**
   * The checkout page's plan (reserve, or buy with how to pay), trade-in and hand-over: checked
   * with the page's own rules (checkChoices) and written into the dealer's notice. Absent: a plain
   * reserve deposit.
   */
  plan: z.enum(["reserve", "buy"], { error: CHECKOUT_TEXTS.plan }).optional(),
  payment: z.enum(["", "full", "finance"], { error: CHECKOUT_TEXTS.payment }).default(""),
  trade_in: z.enum(["", "Yes", "No"], { error: LEAD_TEXTS.yesNo }).default(""),
  handover: z.enum(["", "pickup", "delivery"], { error: CHECKOUT_TEXTS.handover }).default(""),
  postcode: shopperString(LEAD_TEXTS.postcode).trim().max(10, LEAD_TEXTS.postcode).default(""),
});
