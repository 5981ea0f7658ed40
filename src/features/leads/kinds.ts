/**
 * The kinds of lead (spec §3 form submission `kind`), which of them only the server makes, the
 * fields only the server writes, and what each kind files under in the dealer's CRM. Pure.
 */
import { TRADE_IN_SERVER_FIELDS } from "./trade-in/lead.schema";

export const LEAD_KINDS = [
  "enquiry",
  "test_drive",
  "request_photos",
  "finance_enquiry",
  "finance_pre_approval",
  "finance_apply",
  "contact",
  "service_booking",
  "sell_my_car",
  "careers",
  "find_me_something_similar",
  "trade_in",
  "spin_to_win",
] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/**
 * Kinds only their own function makes: a Spin to Win entry carries a prize drawn on the server
 * (src/features/spin-to-win), so POST /api/leads refuses it rather than take a prize from a form.
 */
export const SERVER_MADE_KINDS: ReadonlySet<LeadKind> = new Set(["spin_to_win"]);
/** The kinds POST /api/leads takes. */
export const FORM_LEAD_KINDS = LEAD_KINDS.filter((kind) => !SERVER_MADE_KINDS.has(kind));

/**
 * Fields of a kind that only the server writes: a trade-in's valuation, its offer acceptance and
 * its CRM stage. Whatever a shopper sends for them is dropped at the public boundary (POST
 * /api/leads, POST /api/trade-in), so a forged "accepted $95k offer" never reaches the dealer; the
 * server's own calls (the offer acceptance) add them after.
 */
export const SERVER_MADE_FIELDS: Partial<Record<LeadKind, readonly string[]>> = {
  trade_in: TRADE_IN_SERVER_FIELDS,
};

/** `fields` without the server-made fields of `kind`. */
export function withoutServerMadeFields(
  kind: unknown,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  // Own keys only: a kind of "__proto__" or "toString" names no lead kind.
  const serverMade =
    typeof kind === "string" && Object.hasOwn(SERVER_MADE_FIELDS, kind)
      ? SERVER_MADE_FIELDS[kind as LeadKind]
      : undefined;
  if (!serverMade) return fields;
  return Object.fromEntries(Object.entries(fields).filter(([field]) => !serverMade.includes(field)));
}

/** Category each kind files under in the dealer's CRM when the form does not choose one (spec §5). */
export const DEFAULT_CATEGORY: Record<LeadKind, string> = {
  enquiry: "General Enquiry",
  test_drive: "Test Drive",
  request_photos: "Request Photos",
  finance_enquiry: "Finance Enquiry",
  finance_pre_approval: "Finance Pre-Approval",
  finance_apply: "Apply for Finance",
  contact: "Contact Us",
  service_booking: "Service Booking",
  sell_my_car: "Sell My Car",
  careers: "Careers",
  find_me_something_similar: "General Enquiry",
  trade_in: "Trade In",
  spin_to_win: "Spin to Win",
};

/** Spec §4: a sold car's enquiry is filed with this subcategory. */
export const SIMILAR_CAR_SUBCATEGORY = "Find me something similar";
/** Spec §5: the request-photos extra field is hidden and defaults to asking for photos. */
export const REQUEST_PHOTOS_MESSAGE = "Please send me more photos of this vehicle.";
export const SIMILAR_CAR_MESSAGE =
  "Unfortunately this car recently sold. Please let me know about similar cars you have available.";
