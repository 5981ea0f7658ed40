/**
 * Australian mobile numbers for sign-in (codes go by SMS). Apart from account.ts because it brings
 * libphonenumber-js: only /sign-in and the functions need it, not every vehicle page.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { ACCOUNT_TEXTS } from "./account";

export type PhoneCheck = { ok: true; phone: string } | { ok: false; error: string };

/** An Australian mobile (codes go by SMS), as E.164 (+61412345678). */
export function checkMobile(input: string | null | undefined): PhoneCheck {
  const text = (input ?? "").trim();
  if (text === "") return { ok: false, error: ACCOUNT_TEXTS.phoneRequired };
  const parsed = parsePhoneNumberFromString(text, "AU");
  // Australian mobiles are 04xx xxx xxx (+614…); landlines cannot take a text.
  if (parsed?.country !== "AU" || !parsed.isValid() || !parsed.number.startsWith("+614"))
    return { ok: false, error: ACCOUNT_TEXTS.phoneInvalid };
  return { ok: true, phone: parsed.number };
}

/** "+61412345678" → "0412 345 678", as shoppers write it. */
export function displayMobile(phone: string): string {
  return parsePhoneNumberFromString(phone, "AU")?.formatNational() ?? phone;
}
