/**
 * Offers: the benchmark tenants' one offer, and what the sample offers' banners show.
 */
import type { Offer } from "~/tenant/schemas/offers";
import type { BodyKind } from "../render/bodies";
import type { Paint } from "../render/colour";
import { MEDIA_BASE } from "../render/photo-set";
import type { TenantProfile } from "../tenants/profile";

/**
 * What each sample offer's banner shows (offers.json names the banner file, by offer id). An offer
 * missing here gets the first picture.
 */
export const OFFER_BANNERS: Record<number, [BodyKind, Paint]> = {
  1101: ["ute", "white"],
  1102: ["suv", "silver"],
  1103: ["hatch", "red"],
  1104: ["sedan", "white"],
  1105: ["suv", "black"],
  1106: ["suv", "white"],
  2201: ["ute", "grey"],
  2202: ["suv", "blue"],
  2203: ["sedan", "silver"],
  2204: ["ute", "white"],
  2205: ["hatch", "white"],
  3301: ["suv", "white"],
  3302: ["suv", "red"],
  3303: ["suv", "grey"],
  3304: ["suv", "blue"],
  3305: ["ute", "white"],
  3306: ["suv", "silver"],
  3307: ["ute", "grey"],
  3308: ["van", "white"],
  4401: ["caravan", "white"],
  4402: ["caravan", "silver"],
  4403: ["caravan", "white"],
  4404: ["camper", "grey"],
  5501: ["ute", "black"],
  5502: ["suv", "white"],
  5503: ["suv", "grey"],
  5504: ["hatch", "silver"],
  5505: ["suv", "red"],
  5506: ["suv", "blue"],
};

export const DEFAULT_BANNER: [BodyKind, Paint] = ["suv", "white"];

/** The benchmark tenant's offers: one open-ended finance offer. */
export function buildOffers(profile: TenantProfile): Offer[] {
  const id = Math.floor(profile.idBase / 100) + 1;
  const image = `${MEDIA_BASE}/offers/${profile.slug}-${id}.jpg`;
  const description = "Low-rate finance on every car in stock.";
  return [
    {
      id,
      name: "Finance from 6.99% p.a.",
      description,
      sanitized_description: description,
      disclaimer: "Approved applicants only.",
      category: "Finance offer",
      image_url: image,
      image_or_model_image: { url: image },
      model: null,
      manufacturer: null,
      excluded_website_ids: [],
      start: null,
      expiry: null,
    },
  ];
}
