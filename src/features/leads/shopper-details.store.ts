/**
 * The remembered shopper details as a store (key SHOPPER_DETAILS_KEY, a JSON object). A browser
 * that refuses storage simply remembers nothing.
 */
import { persistentAtom } from "@nanostores/persistent";
import {
  parseShopperDetails,
  SHOPPER_DETAILS_KEY,
  type ShopperDetails,
  shopperDetailsOf,
} from "./shopper-details";

export const $shopperDetails = persistentAtom<ShopperDetails>(
  SHOPPER_DETAILS_KEY,
  {},
  {
    encode: JSON.stringify,
    decode: parseShopperDetails,
  },
);

/** After a lead is accepted: keeps the details the shopper gave for the site's other forms. */
export function rememberShopperDetails(values: Readonly<Record<string, unknown>>): void {
  const details = shopperDetailsOf(values);
  if (Object.keys(details).length === 0) return;
  try {
    $shopperDetails.set(details);
  } catch {
    // Private mode or a full quota: the next form starts empty.
  }
}

/** "Not you? Clear my details". */
export function forgetShopperDetails(): void {
  try {
    $shopperDetails.set({});
  } catch {
    // Nothing could have been stored either.
  }
}
