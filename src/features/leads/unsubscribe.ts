/**
 * Unsubscribe (spec §2 /pages/unsubscribe): a shopper who ticked "subscribe to receive latest
 * offers & product updates" on a form (spec §5 opt-in) asks to stop them. The email is required;
 * a mobile stops texts too. Pure: the page and the function share the schema and the texts.
 */
import { z } from "zod";
import { isAustralianPhone, LEAD_TEXTS, normaliseAustralianPhone } from "./schemas";

export const UNSUBSCRIBE_PATH = "/pages/unsubscribe";

/** The reasons offered (optional); the CRM receives the words as shown. */
export const UNSUBSCRIBE_REASONS = [
  "I get too many emails",
  "I have bought a car",
  "I am no longer looking",
  "I never signed up",
  "Another reason",
] as const;

export const UNSUBSCRIBE_TEXTS = {
  doneTitle: "You're unsubscribed",
  done: (dealer: string) => `You won't receive offers or product updates from ${dealer} at this address:`,
  /** Australia's Spam Act 2003 gives a sender 5 working days to act on an unsubscribe. */
  delay: "Messages already on their way may still arrive; please allow up to 5 working days.",
  reason: "Please choose one of the reasons, or leave it blank.",
  unavailable: "We couldn't unsubscribe you just now. Please try again in a moment.",
} as const;

const text = (max: number) =>
  z.string({ error: LEAD_TEXTS.invalid }).trim().max(max, LEAD_TEXTS.tooLong(max));

export const unsubscribeSchema = z.object({
  email: z
    .string({ error: LEAD_TEXTS.email })
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

export type Unsubscribe = z.output<typeof unsubscribeSchema>;
