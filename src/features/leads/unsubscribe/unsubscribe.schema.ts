/** What POST /api/unsubscribe takes (server validation). */
import { z } from "zod";
import { shopperString } from "~/lib/shopper-input";
import { isAustralianPhone, LEAD_TEXTS, normaliseAustralianPhone } from "../schemas";
import { UNSUBSCRIBE_REASONS, UNSUBSCRIBE_TEXTS } from "./unsubscribe";

const text = (max: number) => shopperString(LEAD_TEXTS.invalid).trim().max(max, LEAD_TEXTS.tooLong(max));

export const unsubscribeSchema = z.object({
  email: shopperString(LEAD_TEXTS.email)
    .trim()
    .min(1, LEAD_TEXTS.email)
    .max(254, LEAD_TEXTS.emailInvalid)
    .pipe(z.email(LEAD_TEXTS.emailInvalid))
    // One address, however it was typed, is one subscriber.
    .transform((email) => email.toLowerCase()),
  phone: text(32)
    .refine((value) => value === "" || isAustralianPhone(value), LEAD_TEXTS.phoneInvalid)
    .transform((value) => (value === "" ? undefined : normaliseAustralianPhone(value)))
    .nullish()
    .transform((value) => value ?? undefined),
  reason: z
    .union([z.literal(""), z.enum(UNSUBSCRIBE_REASONS)], { error: UNSUBSCRIBE_TEXTS.reason })
    .nullish()
    .transform((value) => value || undefined),
});
