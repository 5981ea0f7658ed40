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

/**
 * Spec §4 enquiry category select (required, default General Enquiry): what a general enquiry may
 * be filed under, chosen by the shopper. The lead categories the spec names for what a shopper asks
 * about; never a trade-in's, a spin's or a page's own (Contact Us, Careers), which only their forms
 * or the server file.
 */
export const ENQUIRY_CATEGORIES = [
  "General Enquiry",
  "Test Drive",
  "Finance Enquiry",
  "Service Booking",
] as const;

/**
 * Categories a lead of each kind is filed under. Only the server files: a form may send its kind's
 * own category (or none), a general enquiry one of ENQUIRY_CATEGORIES, and a trade-in the category
 * of the page it was made on.
 */
export function kindCategories(kind: LeadKind): readonly string[] {
  if (kind === "enquiry") return ENQUIRY_CATEGORIES;
  return kind === "trade_in" ? ["Trade In", "Sell My Car"] : [DEFAULT_CATEGORY[kind]];
}

/** Spec §2 reserve and buy online: the enquiry's subcategory says which the shopper chose. */
export const RESERVE_ONLINE_SUBCATEGORY = "Reserve Online";
export const ONLINE_PURCHASE_SUBCATEGORY = "Online Purchase";

/** Spec §4: a sold car's enquiry is filed with this subcategory. */
export const SIMILAR_CAR_SUBCATEGORY = "Find me something similar";
/** Spec §5: the request-photos extra field is hidden and defaults to asking for photos. */
export const REQUEST_PHOTOS_MESSAGE = "Please send me more photos of this vehicle.";
/**
 * The subcategories a form may choose, by kind: the reserve and purchase enquiries and the sold
 * car's. Every other subcategory is the server's to set (a trade-in's stage, a spin's prize): a
 * request naming one is refused, so no lead reaches the dealer filed as "3. Offer Accepted" or
 * beside a prize nobody won.
 */
export const FORM_SUBCATEGORIES: Partial<Record<LeadKind, readonly string[]>> = {
  enquiry: [RESERVE_ONLINE_SUBCATEGORY, ONLINE_PURCHASE_SUBCATEGORY],
  find_me_something_similar: [SIMILAR_CAR_SUBCATEGORY],
};

/**
 * The category fields of a shopper's lead that name what only the server may file it under:
 * `category` other than its kind's own, `subcategory` other than one its form offers. Blank values
 * name nothing.
 */
export function reservedCategoryFields(
  kind: LeadKind,
  fields: Record<string, unknown>,
): ("category" | "subcategory")[] {
  const given = (value: unknown) => value !== undefined && value !== null && value !== "";
  const reserved: ("category" | "subcategory")[] = [];
  if (given(fields.category) && !kindCategories(kind).includes(fields.category as string))
    reserved.push("category");
  const subcategories = Object.hasOwn(FORM_SUBCATEGORIES, kind) ? (FORM_SUBCATEGORIES[kind] ?? []) : [];
  if (given(fields.subcategory) && !subcategories.includes(fields.subcategory as string))
    reserved.push("subcategory");
  return reserved;
}

export const SIMILAR_CAR_MESSAGE =
  "Unfortunately this car recently sold. Please let me know about similar cars you have available.";
