/** Offer rules from the spec (§5 promo windows, §9 truncation). */
import { campaignState } from "~/lib/campaign";
import type { Offer } from "~/tenant/schemas/offers";

export const OFFER_DESCRIPTION_LIMIT = 200;
export const OFFER_DESCRIPTION_TRUNCATE_AT = 160;
export const OFFER_DISCLAIMER_LIMIT = 200;

/** Active if now is on/after start and on/before expiry; each bound is optional. */
export function isOfferActive(offer: Pick<Offer, "start" | "expiry">, now: Date): boolean {
  return campaignState(offer, now) === "open";
}

/** The tenant's offers running at `now`, in the feed's order (home page, /special-offers). */
export function activeOffers<T extends Pick<Offer, "start" | "expiry">>(
  offers: readonly T[],
  now: Date,
): T[] {
  return offers.filter((offer) => isOfferActive(offer, now));
}

/** An offer's description as plain text (the feed may carry markup; pages never render it). */
export function offerText(description: string): string {
  return description
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Descriptions longer than 200 characters are cut at 160 with an ellipsis. */
export function offerSummary(description: string): string {
  const text = offerText(description);
  if (text.length <= OFFER_DESCRIPTION_LIMIT) return text;
  return `${text.slice(0, OFFER_DESCRIPTION_TRUNCATE_AT).trimEnd()}…`;
}

export interface OfferDisclaimer {
  /** True when the disclaimer is longer than the limit and the page shows Show More. */
  collapsible: boolean;
  /** What shows before Show More: the first 200 characters, with an ellipsis when cut. */
  short: string;
  full: string;
}

/** Spec §9 "offer disclaimer 200": a longer disclaimer shows its first 200 characters until Show More. */
export function offerDisclaimer(disclaimer: string): OfferDisclaimer {
  const full = offerText(disclaimer);
  if (full.length <= OFFER_DISCLAIMER_LIMIT) return { collapsible: false, short: full, full };
  return { collapsible: true, short: `${full.slice(0, OFFER_DISCLAIMER_LIMIT).trimEnd()}…`, full };
}

/** localStorage key of a dismissed promo popup, per site (spec §4: persistent flag per site). */
export function promoDismissedKey(siteSlug: string): string {
  return `promo-dismissed:${siteSlug}`;
}

/**
 * Spec §4 promo popup: shown once the page has loaded on the client, while the promo is active,
 * unless the shopper dismissed this promo on this site before.
 */
export function showsPromo(
  promo: { id: string; start?: string | null | undefined; expiry?: string | null | undefined },
  dismissedId: string | null,
  now: Date,
): boolean {
  return dismissedId !== promo.id && isOfferActive(promo, now);
}

/** Spec §2 /offers/{manufacturer}/{id}: a manufacturer's offer, served at its own page /offers/{id}. */
export function offerAliasRedirect(pathname: string): string | null {
  const match = /^\/offers\/[a-z0-9]+(?:-[a-z0-9]+)*\/(\d+)\/?$/.exec(pathname);
  return match ? `/offers/${match[1]}` : null;
}
