/**
 * Online payment (spec §2 /online-payment; §4 always gated): what a payment asks, the amounts it
 * takes, its states and the words a shopper reads. Pure: the page, the functions and the tests
 * import it. Cards are taken by the provider's hosted checkout, never by this site.
 */
import { z } from "zod";
import { LEAD_TEXTS } from "~/features/leads/schemas";

export const ONLINE_PAYMENT_PATH = "/online-payment";

/** What a shopper may be paying for; the dealer's CRM receives the words as shown. */
export const PAYMENT_PURPOSES = [
  "Vehicle deposit",
  "Vehicle balance",
  "Service invoice",
  "Parts and accessories",
  "Other",
] as const;

export const PAYMENT_STATUSES = ["pending", "paid", "cancelled", "expired", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_TEXTS = {
  purpose: "Please choose what you are paying for.",
  reference: "Please enter your invoice, quote or stock number.",
  referenceInvalid: "Please use letters, numbers, spaces, - or / in the reference.",
  amount: "Please enter the amount in dollars, e.g. 500 or 1,250.50.",
  amountRange: (max: string) => `Please enter an amount from $1.00 to ${max}.`,
  unavailable: "Online payment is not available right now. Please call us to pay.",
  failed: "We couldn't start your payment just now. Please try again in a moment, or call us to pay.",
  signInNeeded: "Please sign in to make a payment.",
  notOffered: "Online payment is not offered on this site.",
  notFound: "We couldn't find that payment.",
  slow: "Your bank is taking longer than usual to confirm this payment. Please refresh this page in a few minutes, or call us.",
  status: {
    pending: "We're confirming your payment with the bank. This usually takes a few seconds.",
    paid: "Payment received. Thank you! We've let the dealership know.",
    cancelled: "Payment cancelled. Nothing was charged.",
    expired: "This payment timed out before it was completed. Nothing was charged.",
    failed: "The payment did not go through. Nothing was charged; please try again or call us.",
  } satisfies Record<PaymentStatus, string>,
} as const;

const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });

/** 123450 → "$1,234.50". */
export function formatCents(cents: number): string {
  return money.format(cents / 100);
}

/** "$1,250.50", "1250.5", "500" → cents; null when it is not an amount of money. */
export function parseAmountToCents(input: string): number | null {
  const text = input.replace(/[$,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [dollars = "0", cents = ""] = text.split(".");
  return Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
}

/** The request a signed-in shopper sends (POST /api/online-payment). */
export function paymentRequestSchema(site: { maxAmount: number; dealershipSlugs: readonly string[] }) {
  const maxCents = site.maxAmount * 100;
  return z
    .object({
      purpose: z.enum(PAYMENT_PURPOSES, { error: PAYMENT_TEXTS.purpose }),
      reference: z
        .string({ error: PAYMENT_TEXTS.reference })
        .trim()
        .min(1, PAYMENT_TEXTS.reference)
        .max(40, LEAD_TEXTS.tooLong(40))
        .regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, PAYMENT_TEXTS.referenceInvalid),
      amount: z.union([z.string(), z.number()], { error: PAYMENT_TEXTS.amount }).transform((value, ctx) => {
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
      name: z
        .string({ error: LEAD_TEXTS.name })
        .trim()
        .min(1, LEAD_TEXTS.name)
        .max(80, LEAD_TEXTS.tooLong(80)),
      last_name: z.string().trim().max(80, LEAD_TEXTS.tooLong(80)).nullish(),
      email: z
        .string({ error: LEAD_TEXTS.email })
        .trim()
        .min(1, LEAD_TEXTS.email)
        .max(254, LEAD_TEXTS.emailInvalid)
        .pipe(z.email(LEAD_TEXTS.emailInvalid)),
      dealership_slug: z.string({ error: LEAD_TEXTS.dealership }).trim().nullish(),
    })
    .superRefine((request, ctx) => {
      // A group's shopper says which dealership the payment is for (spec §5 location select).
      if (site.dealershipSlugs.length > 1 && !site.dealershipSlugs.includes(request.dealership_slug ?? "")) {
        ctx.addIssue({ code: "custom", path: ["dealership_slug"], message: LEAD_TEXTS.dealership });
      }
    });
}

export type PaymentRequest = z.output<ReturnType<typeof paymentRequestSchema>>;

/** The line the shopper sees on the provider's page and their statement. */
export function paymentDescription(
  request: Pick<PaymentRequest, "purpose" | "reference">,
  dealer: string,
): string {
  return `${request.purpose} ${request.reference} – ${dealer}`;
}
