/**
 * Delivery calculator rules (spec §4, §5, §8): a postcode is required, the tenant's regions give
 * the estimate (first region covering the postcode wins), and the texts are the spec's own. Pure:
 * shared by the island (client validation) and the function (server validation).
 */

import { formatMoney } from "~/lib/format";
import type { DeliveryConfig } from "~/tenant/schemas/delivery";

/** Spec §8 texts, plus the spec's 4-digit postcode message (§5) for anything that is not a postcode. */
export const DELIVERY_TEXTS = {
  postcodeRequired: "Please enter a postcode.",
  postcodeInvalid: "Invalid postcode. Please enter a 4-digit number.",
  noEstimate:
    "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
} as const;

/** Australian postcodes are four digits. */
export const POSTCODE_LENGTH = 4;

/** Spec §3 Delivery estimate. */
export interface DeliveryEstimate {
  price: number;
  /** The region's name. */
  name: string;
}

export type PostcodeCheck = { ok: true; postcode: string } | { ok: false; error: string };

/** Spec §5: empty is "Please enter a postcode."; spaces around or inside are ignored. */
export function checkPostcode(input: string | null | undefined): PostcodeCheck {
  const postcode = (input ?? "").replace(/\s+/g, "");
  if (postcode === "") return { ok: false, error: DELIVERY_TEXTS.postcodeRequired };
  if (!/^\d{4}$/.test(postcode)) return { ok: false, error: DELIVERY_TEXTS.postcodeInvalid };
  return { ok: true, postcode };
}

/** The first region (in the tenant's order) covering the postcode, or null: no estimate. */
export function deliveryEstimate(
  postcode: string,
  config: DeliveryConfig | undefined,
): DeliveryEstimate | null {
  for (const region of config?.regions ?? []) {
    const covered =
      region.postcodes.includes(postcode) ||
      region.ranges.some((range) => postcode >= range.from && postcode <= range.to);
    if (covered) return { price: region.price, name: region.name };
  }
  return null;
}

/** "$350"; a region priced 0 delivers free. */
export function formatDeliveryPrice(price: number): string {
  return price === 0 ? "Free" : formatMoney(price);
}

/** Whether a car's page offers the calculator: the flag is on and the tenant has regions. */
export function showsDeliveryCalculator(site: {
  features: { delivery_calculator: boolean };
  delivery?: DeliveryConfig | undefined;
}): boolean {
  return site.features.delivery_calculator && (site.delivery?.regions.length ?? 0) > 0;
}
