/**
 * What a signed-in shopper sends to POST /api/reservations to pay a car's reserve deposit (server
 * validation). The amount is never the shopper's: it is the car's deposit (CheckoutOffer). Every
 * string passes the shopper-input rules and a length limit, so hostile input is a 400, never a
 * failed insert.
 */
import { z } from "zod";
import { payerFields } from "~/features/payments/payment.schema";
import { shopperString } from "~/lib/shopper-input";
import { REQUEST_ERRORS } from "~/server/errors";

export const reserveRequestSchema = z.object({
  car: shopperString(REQUEST_ERRORS.unknownCar)
    .trim()
    .max(200, REQUEST_ERRORS.unknownCar)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, REQUEST_ERRORS.unknownCar),
  ...payerFields,
});
