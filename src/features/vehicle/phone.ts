/**
 * Call-the-dealer rules (spec §4, §5): the number shows at once on some sites, otherwise it is
 * masked after its first 5 characters until clicked; the box is left out when there is no phone.
 * Pure: the box renders what these return.
 */

import { formatPhone, telHref } from "~/features/locations/locations";
import type { Location } from "~/tenant/schemas/locations";

/** Spec §4: characters of the number shown before a click. */
export const PHONE_VISIBLE_CHARS = 5;
/** Where the reveal record goes (spec §7: path not shown). */
export const PHONE_REVEAL_PATH = "/api/phone-reveal";

/** "07 5550 2100" → "07 55XX XXXX": digits after the first 5 characters hidden, spacing kept. */
export function maskPhone(formatted: string, visible: number = PHONE_VISIBLE_CHARS): string {
  return formatted.slice(0, visible) + formatted.slice(visible).replace(/\d/g, "X");
}

export interface CallBox {
  /** "07 5550 2100". */
  phone: string;
  /** "tel:0755502100". */
  tel: string;
  /** What shows before the click, or null when the number shows at once. */
  masked: string | null;
}

/** The call box for a location, or null when it has no phone (spec §5: box omitted). */
export function callBox(
  location: Pick<Location, "contact_detail"> | null | undefined,
  maskUntilClick: boolean,
): CallBox | null {
  const raw = location?.contact_detail.phone?.trim();
  if (!raw) return null;
  const phone = formatPhone(raw);
  return { phone, tel: telHref(raw), masked: maskUntilClick ? maskPhone(phone) : null };
}
