/**
 * What a signed-in shopper sends to POST /api/reservations to pay a car's reserve deposit (server
 * validation). The amount is never the shopper's: it is the car's deposit (CheckoutOffer). Every
 * string passes the shopper-input rules and a length limit, so hostile input is a 400, never a
 * failed insert.
 */
import { z } from "zod";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { shopperString } from "~/lib/shopper-input";
import { REQUEST_ERRORS } from "~/server/errors";

export const reserveRequestSchema = z.object({
  car: shopperString(REQUEST_ERRORS.unknownCar)
    .trim()
    .max(200, REQUEST_ERRORS.unknownCar)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, REQUEST_ERRORS.unknownCar),
  name: shopperString(LEAD_TEXTS.name).trim().min(1, LEAD_TEXTS.name).max(80, LEAD_TEXTS.tooLong(80)),
  last_name: shopperString(LEAD_TEXTS.invalid)
    .trim()
    .max(80, LEAD_TEXTS.tooLong(80))
    .nullish()
    .transform((value) => value || undefined),
  email: shopperString(LEAD_TEXTS.email)
    .trim()
    .min(1, LEAD_TEXTS.email)
    .max(254, LEAD_TEXTS.emailInvalid)
    .pipe(z.email(LEAD_TEXTS.emailInvalid)),
});

export type ReserveRequest = z.output<typeof reserveRequestSchema>;
