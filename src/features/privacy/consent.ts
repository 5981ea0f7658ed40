/**
 * Consent to offers (Spam Act 2003 s 16 and Schedule 2): what a form's opt-in box shows, and the
 * record a lead carries of what the shopper was shown and chose, when and where, so the dealer can
 * prove the consent it relies on (the sender bears that burden). Pure: forms and the server share it.
 */
import type { Site } from "~/tenant/schema";

type OptInSite = Pick<Site, "opt_in" | "privacy">;

/**
 * The opt-in box a form shows: the site's, except that it starts ticked only where the dealer has
 * accepted a pre-ticked box as consent (site.json `privacy.accept_pre_ticked_opt_in`).
 */
export function optInFor(site: OptInSite): Site["opt_in"] {
  return {
    ...site.opt_in,
    default_checked: site.opt_in.default_checked && site.privacy.accept_pre_ticked_opt_in,
  };
}

/** The record of one form's opt-in, as the lead stores it and the CRM and ADF receive it. */
export interface ConsentRecord {
  /** Whether the form showed the box at all. */
  asked: boolean;
  /** Whether the shopper may be sent offers on the strength of this form. */
  opted_in: boolean;
  /** The box's words exactly as the form showed them; null when it showed none. */
  wording: string | null;
  /** Whether the box was already ticked when the form opened (weaker evidence than a tick). */
  pre_ticked: boolean;
  /** Which form: the lead's kind. */
  form: string;
  /** The page of the site the form was sent from, when known. */
  page: string | null;
  /** When the server took the form (ISO 8601). */
  at: string;
}

/** Whether a stored value is a consent record (leads stored before consent was recorded have none). */
export function isConsentRecord(value: unknown): value is ConsentRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.asked === "boolean" &&
    typeof record.opted_in === "boolean" &&
    typeof record.pre_ticked === "boolean" &&
    typeof record.form === "string" &&
    typeof record.at === "string"
  );
}

/** A path on this site, as a record can keep it: else null. */
export function pageOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  let path = value.trim();
  if (URL.canParse(path)) {
    const url = new URL(path);
    path = `${url.pathname}${url.search}`;
  }
  const control = [...path].some((char) => (char.codePointAt(0) ?? 0) < 32 || char === "\u007f");
  if (!path.startsWith("/") || path.startsWith("//") || path.length > 300 || control) return null;
  return path;
}

/**
 * The consent a lead records, from the `opt_in` the request itself sent (not a default filled in
 * after): a shown box counts only when it came back ticked. A box the form never showed is no
 * consent, unless the dealer accepts the spec's default (opted in without a box) as weaker evidence.
 */
export function consentRecord(
  site: OptInSite,
  input: { form: string; optedIn: unknown; page: unknown; at: Date },
): ConsentRecord {
  const box = optInFor(site);
  const asked = box.visible;
  return {
    asked,
    opted_in: asked
      ? input.optedIn === true
      : site.privacy.accept_pre_ticked_opt_in && input.optedIn !== false,
    wording: asked ? box.text : null,
    pre_ticked: asked ? box.default_checked : site.privacy.accept_pre_ticked_opt_in,
    form: input.form,
    page: pageOf(input.page),
    at: input.at.toISOString(),
  };
}

/** One line for people reading a lead (the ADF comments, an email): what consent there is. */
export function consentLine(record: ConsentRecord): string {
  const where = `${record.form} form${record.page ? ` on ${record.page}` : ""}, ${record.at}`;
  if (!record.opted_in) return `Offers: no consent (${where}).`;
  if (!record.asked) return `Offers: consent assumed, no box shown (${where}).`;
  return `Offers: consented by ${record.pre_ticked ? "leaving a pre-ticked box ticked" : "ticking the box"} "${record.wording}" (${where}).`;
}
