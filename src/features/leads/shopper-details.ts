/**
 * Remembered shopper details (spec §3 stored user details: name, last_name, email, phone, postcode):
 * after one enquiry the site's other forms start filled in. They are kept in the shopper's browser
 * only (each dealer site is its own origin, so its own list) and reach nothing but the form the
 * shopper submits. Pure: the form island reads and writes them through ./shopper-details.store.ts.
 */

/** localStorage key of the remembered details (a JSON object of the fields below). */
export const SHOPPER_DETAILS_KEY = "lead:shopper-details";

export const SHOPPER_DETAIL_FIELDS = ["name", "last_name", "email", "phone", "postcode"] as const;
export type ShopperDetailField = (typeof SHOPPER_DETAIL_FIELDS)[number];
export type ShopperDetails = Partial<Record<ShopperDetailField, string>>;

/** Longer than any form accepts for these fields: anything longer was not written by a form. */
const MAX_LENGTH = 254;

export const SHOPPER_DETAILS_TEXTS = {
  notYou: "Not you? Clear my details",
  cleared: "Your details are cleared from this browser.",
} as const;

/** The five fields of `values` that hold text, trimmed; blanks and anything else left out. */
export function shopperDetailsOf(values: Readonly<Record<string, unknown>>): ShopperDetails {
  const details: ShopperDetails = {};
  for (const field of SHOPPER_DETAIL_FIELDS) {
    const value = values[field];
    if (typeof value !== "string") continue;
    const text = value.trim();
    if (text && text.length <= MAX_LENGTH) details[field] = text;
  }
  return details;
}

/** The stored details, read defensively: anything unreadable is nothing remembered. */
export function parseShopperDetails(raw: string | null | undefined): ShopperDetails {
  try {
    const data: unknown = JSON.parse(raw ?? "{}");
    if (typeof data !== "object" || data === null || Array.isArray(data)) return {};
    return shopperDetailsOf(data as Record<string, unknown>);
  } catch {
    return {};
  }
}

/**
 * What a form fills in from the remembered details: only fields it has, and only those still
 * empty, so a value the page gave (a checkout's verified phone, a link's query) is never replaced.
 */
export function prefillFor(
  details: ShopperDetails,
  formFields: readonly string[],
  current: Readonly<Record<string, unknown>>,
): ShopperDetails {
  const filled: ShopperDetails = {};
  for (const field of SHOPPER_DETAIL_FIELDS) {
    const value = details[field];
    const now = current[field];
    if (value && formFields.includes(field) && (now === undefined || now === null || now === "")) {
      filled[field] = value;
    }
  }
  return filled;
}
