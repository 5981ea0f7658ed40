/**
 * Online checkout (spec §2 routes, §5 "Reserve shown only if checkout enabled", §9 reserve): the
 * shopper reserves a car with a refundable deposit or asks to buy it outright, chooses how to pay
 * and how to take it home, then leaves their details. Where a payment provider is configured (view.json
 * `deposit_online`) both pay the car's deposit on the provider's page, which holds the car 48 hours
 * (POST /api/reservations; buying settles the balance with the dealer); elsewhere the request is a
 * lead (subcategory Reserve Online or Online Purchase) that the dealer follows up, nothing paid or held.
 *
 * Routes: `/cars/{slug}/checkout` (or `/cars/{slug}/buy-online`) starts with Reserve chosen;
 * `/checkout-journey?car_id={slug}` starts with Buy. All three serve one static page per site.
 * Pure: the page's script, the local server and the tests import it.
 */

import { ONLINE_PURCHASE_SUBCATEGORY, RESERVE_ONLINE_SUBCATEGORY } from "~/features/leads/kinds";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import type { CheckoutOffer } from "~/features/vehicle/car-fields";
import { formatMoney } from "~/lib/format";

export type CheckoutPlan = "reserve" | "buy";

/** The page every checkout route serves (a rewrite keeps the shopper's address). */
export const CHECKOUT_PAGE = "/checkout-journey";
const CAR_CHECKOUT_PATH = /^\/cars\/([a-z0-9]+(?:-[a-z0-9]+)*)\/(?:checkout|buy-online)\/?$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The car and the plan a checkout address asks for, or null when it is not one (or names no car). */
export function checkoutTarget(url: URL): { slug: string; plan: CheckoutPlan } | null {
  const match = CAR_CHECKOUT_PATH.exec(url.pathname);
  if (match?.[1]) return { slug: match[1], plan: "reserve" };
  if (url.pathname.replace(/\/+$/, "") === CHECKOUT_PAGE) {
    const slug = url.searchParams.get("car_id")?.trim() ?? "";
    return SLUG.test(slug) ? { slug, plan: "buy" } : null;
  }
  return null;
}

/** Whether the local server should answer this path with the checkout page (netlify.toml does the same). */
export function isCarCheckoutPath(pathname: string): boolean {
  return CAR_CHECKOUT_PATH.test(pathname);
}

export interface CheckoutChoices {
  plan: CheckoutPlan | "";
  /** Only asked when buying. */
  payment: "full" | "finance" | "";
  trade_in: "Yes" | "No" | "";
  handover: "pickup" | "delivery" | "";
  postcode: string;
}

export const CHECKOUT_TEXTS = {
  title: "Reserve or buy online",
  plan: "Please choose whether to reserve or buy this vehicle.",
  payment: "Please choose how you would like to pay.",
  handover: "Please choose pick-up or delivery.",
  notOffered: "This vehicle can't be reserved or bought online. Please enquire and our team will help.",
  signInUnavailable: "Sorry, we couldn't check whether you are signed in. Please try again in a moment.",
  /** Deployed without a payment provider: the request-only lead, said plainly. */
  noPayment:
    "No payment is taken on this website and the car is not held for you: this is a request. The dealer will contact you to confirm it and take any payment securely.",
  /** A payment provider is configured: the deposit is paid on its page and holds the car. */
  deposit: (deposit: string) =>
    `You pay the ${deposit} deposit securely on our payment provider's page. Once it is paid the car is held for you for 48 hours, and the deposit is 100% refundable.`,
  balance: "The balance is settled with the dealer.",
  reserved: (until: string) =>
    `This car is ${until.charAt(0).toLowerCase()}${until.slice(1)}. Find something similar, or add it to your watchlist in case it comes back.`,
  payLabel: (deposit: string) => `Pay ${deposit} deposit`,
} as const;

/** What the plan step says about payment: the deposit and its hold, or that nothing is taken. */
export function paymentNote(plan: CheckoutPlan | "", deposit: number | null, depositOnline: boolean): string {
  if (!depositOnline || !deposit) return CHECKOUT_TEXTS.noPayment;
  const note = CHECKOUT_TEXTS.deposit(formatMoney(deposit));
  return plan === "buy" ? `${note} ${CHECKOUT_TEXTS.balance}` : note;
}

/** Spec §4: errors are listed under 'Please fix the following errors:'; keys are the fields. */
export function checkChoices(choices: CheckoutChoices, deliveryOffered: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (choices.plan !== "reserve" && choices.plan !== "buy") errors.plan = CHECKOUT_TEXTS.plan;
  if (choices.plan === "buy" && choices.payment !== "full" && choices.payment !== "finance")
    errors.payment = CHECKOUT_TEXTS.payment;
  if (choices.trade_in !== "Yes" && choices.trade_in !== "No") errors.trade_in = LEAD_TEXTS.yesNo;
  if (deliveryOffered) {
    if (choices.handover !== "pickup" && choices.handover !== "delivery")
      errors.handover = CHECKOUT_TEXTS.handover;
    if (choices.handover === "delivery" && !/^\d{4}$/.test(choices.postcode.replace(/\s+/g, "")))
      errors.postcode = LEAD_TEXTS.postcode;
  }
  return errors;
}

/** The lead's subcategory in the dealer's CRM. */
export function checkoutSubcategory(plan: CheckoutPlan): string {
  return plan === "reserve" ? RESERVE_ONLINE_SUBCATEGORY : ONLINE_PURCHASE_SUBCATEGORY;
}

/** The final button's words. */
export function checkoutSubmitLabel(plan: CheckoutPlan, deposit: number | null): string {
  if (plan === "buy") return "Send Purchase Request";
  return deposit ? `Reserve Now with ${formatMoney(deposit)}` : "Reserve Now";
}

export interface HandoverDetails {
  /** Where a shopper picks the car up: the selling location's name. */
  dealerName: string;
  /** A delivery estimate for the postcode, when the tenant could give one. */
  estimate?: { name: string; price_text: string } | null;
}

/**
 * The request in plain words, one line per choice: shown for review before sending and sent as
 * the lead's message, so the dealer reads exactly what the shopper confirmed.
 */
export function checkoutSummary(
  car: { name: string; price_text: string },
  offer: Pick<CheckoutOffer, "deposit">,
  choices: CheckoutChoices,
  handover: HandoverDetails,
): string[] {
  const lines =
    choices.plan === "reserve"
      ? [
          `I would like to reserve the ${car.name}${offer.deposit ? ` with a ${formatMoney(offer.deposit)} refundable deposit` : ""}.`,
        ]
      : [
          `I would like to buy the ${car.name} (${car.price_text}).`,
          `Payment: ${choices.payment === "finance" ? "finance" : "pay in full"}.`,
        ];
  lines.push(`Trade-in: ${choices.trade_in === "Yes" ? "yes" : "no"}.`);
  if (choices.handover === "delivery") {
    const postcode = choices.postcode.replace(/\s+/g, "");
    const estimate = handover.estimate
      ? ` (estimate: ${handover.estimate.name}, ${handover.estimate.price_text})`
      : "";
    lines.push(`Delivery to postcode ${postcode}${estimate}.`);
  } else {
    lines.push(`Pick-up from ${handover.dealerName}.`);
  }
  return lines;
}
