/**
 * What a signed-in shopper sends to POST /api/online-payment (server validation). Every string
 * passes the shopper-input rules (NUL dropped, unreadable text refused) and a length limit, so
 * hostile input is a 400 the form can show, never a failed insert.
 */
import { z } from "zod";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { shopperString } from "~/lib/shopper-input";
import { formatCents, PAYMENT_PURPOSES, PAYMENT_TEXTS, parseAmountToCents } from "./payments";

/** Who pays, as every payment the site takes asks it (Make a Payment and a reserve deposit). */
export const payerFields = {
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
};

/** The request a signed-in shopper sends (POST /api/online-payment). */
export function paymentRequestSchema(site: { maxAmount: number; dealershipSlugs: readonly string[] }) {
  const maxCents = site.maxAmount * 100;
  return z
    .object({
      purpose: z.enum(PAYMENT_PURPOSES, { error: PAYMENT_TEXTS.purpose }),
      reference: shopperString(PAYMENT_TEXTS.reference)
        .trim()
        .min(1, PAYMENT_TEXTS.reference)
        .max(40, LEAD_TEXTS.tooLong(40))
        .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, PAYMENT_TEXTS.referenceInvalid),
      amount: z
        .union([shopperString().max(20, PAYMENT_TEXTS.amount), z.number()], { error: PAYMENT_TEXTS.amount })
        .transform((value, ctx) => {
          const cents = parseAmountToCents(String(value));
          if (cents === null) {
            ctx.addIssue({ code: "custom", message: PAYMENT_TEXTS.amount });
            return z.NEVER;
          }
          if (cents < 100 || cents > maxCents) {
            ctx.addIssue({ code: "custom", message: PAYMENT_TEXTS.amountRange(formatCents(maxCents)) });
            return z.NEVER;
          }
          return cents;
        }),
      ...payerFields,
      dealership_slug: shopperString(LEAD_TEXTS.dealership)
        .trim()
        .max(100, LEAD_TEXTS.dealership)
        .nullish()
        .transform((value) => value || undefined),
    })
    .superRefine((request, ctx) => {
      // A group's shopper says which dealership the payment is for (spec §5 location select); on
      // any site a dealership named must be one of the site's.
      const slug = request.dealership_slug;
      const unknown = slug !== undefined && !site.dealershipSlugs.includes(slug);
      if (unknown || (site.dealershipSlugs.length > 1 && slug === undefined)) {
        ctx.addIssue({ code: "custom", path: ["dealership_slug"], message: LEAD_TEXTS.dealership });
      }
    });
}
