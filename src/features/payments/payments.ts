/**
 * Online payment (spec §2 /online-payment; §4 always gated): what a payment asks, the amounts it
 * takes, its states and the words a shopper reads. Pure: the page, the functions and the tests
 * import it (no zod here: the page ships it; the request's schema is payment.schema.ts). Cards are
 * taken by the provider's hosted checkout, never by this site.
 */
import { formatCentsMoney } from "~/lib/format";

export const ONLINE_PAYMENT_PATH = "/online-payment";

/** What a shopper may be paying for; the dealer's CRM receives the words as shown. */
export const PAYMENT_PURPOSES = [
  "Vehicle deposit",
  "Vehicle balance",
  "Service invoice",
  "Parts and accessories",
  "Other",
] as const;

/**
 * `refund_pending`: paid, but owed back in full (a reserve deposit for a car another payment had
 * just reserved, or a cancelled hold) and the provider has not yet confirmed the refund.
 */
export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "cancelled",
  "expired",
  "failed",
  "refund_pending",
  "refunded",
] as const;
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
    refund_pending:
      "Your payment is being refunded in full. It usually shows on your statement within 5 to 10 business days.",
    refunded:
      "Your payment has been refunded in full. It usually shows on your statement within 5 to 10 business days.",
  } satisfies Record<PaymentStatus, string>,
} as const;

/** 123450 → "$1,234.50". */
export function formatCents(cents: number): string {
  return formatCentsMoney(cents / 100);
}

/** "$1,250.50", "1250.5", "500" → cents; null when it is not an amount of money. */
export function parseAmountToCents(input: string): number | null {
  const text = input.replace(/[$,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [dollars = "0", cents = ""] = text.split(".");
  return Number(dollars) * 100 + Number(cents.padEnd(2, "0"));
}

/** The line the shopper sees on the provider's page and their statement. */
export function paymentDescription(request: { purpose: string; reference: string }, dealer: string): string {
  return `${request.purpose} ${request.reference} – ${dealer}`;
}
