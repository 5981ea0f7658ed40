/**
 * The collection notice every form that takes personal information shows (APP 5): who collects
 * (the dealership's legal name), why, who else receives the details, where the privacy policy is
 * (which says how to get at, correct or complain about them). Short, per form and per tenant.
 */
import type { Site } from "~/tenant/schema";

export const NOTICE_FORMS = [
  "enquiry",
  "checkout",
  "trade-in",
  "sign-in",
  "payment",
  "spin-to-win",
  "unsubscribe",
  "garage",
] as const;
export type NoticeForm = (typeof NOTICE_FORMS)[number];

const PURPOSE: Record<NoticeForm, string> = {
  enquiry: "to answer your enquiry and, if you tick the box, to send you offers",
  checkout: "to arrange the car you reserve or buy and, if you tick the box, to send you offers",
  "trade-in": "to value your car and contact you about it",
  "sign-in": "to text you a sign-in code and keep your account",
  payment: "to take your payment and contact you about it",
  "spin-to-win": "to run the draw, contact you about your prize and, if you tick the box, to send you offers",
  unsubscribe: "to stop sending you offers",
  garage: "to keep your vehicles in My Garage",
};

const RECIPIENTS: Record<NoticeForm, string> = {
  enquiry: "our customer management system",
  checkout: "our customer management system",
  "trade-in": "our customer management system and our vehicle valuation service",
  "sign-in": "our SMS provider",
  payment:
    "our payment provider Stripe, which may process them outside Australia, and our customer management system",
  "spin-to-win": "our SMS provider and our customer management system",
  unsubscribe: "our customer management system",
  garage: "no one else",
};

export interface CollectionNotice {
  /** The notice's words, up to the policy link. */
  text: string;
  linkText: string;
  policyHref: string;
}

export function collectionNotice(site: Pick<Site, "name" | "privacy">, form: NoticeForm): CollectionNotice {
  const who = site.privacy.legal_name ?? site.name;
  return {
    text: `${who} collects these details ${PURPOSE[form]}. We share them with ${RECIPIENTS[form]}.`,
    linkText: "Our privacy policy says how to see, correct or complain about them.",
    policyHref: site.privacy.policy_href,
  };
}
