import { z } from "zod";
import { httpsUrl, safeHref, safeUrl } from "./urls";

/** A dismissible promo popup (spec §4/§5: active window, dismiss persisted per site). */
export const promoPopupSchema = z
  .object({
    /** Changing the id shows the popup again to shoppers who dismissed an earlier one. */
    id: z.string().min(1).max(60),
    title: z.string().min(1),
    text: z.string().default(""),
    image: safeUrl.optional(),
    link: z
      .object({ label: z.string().min(1), href: safeHref })
      .strict()
      .optional(),
    /** Active on/after start and on/before expiry; each optional. */
    start: z.iso.datetime({ offset: true }).optional(),
    expiry: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

/** Vehicle detail page options (spec §3 vdp_config and the page's per-site behaviour). */
export const vdpConfigSchema = z
  .object({
    /** Location bar and map (#vehicle-map). */
    show_map_section: z.boolean().default(true),
    /** Protect Your Car: mechanical protection term in years (spec §9: 5-year on some dealers). */
    protection_years: z.number().int().min(1).max(10).default(5),
    /** Enquire Now opens this external web chat when `features.enquire_opens_web_chat` is on. */
    web_chat_url: httpsUrl.optional(),
    /** Social ad pixel: a ViewContent event with the vehicle's fields on each car page view. */
    social_pixel: z.boolean().default(false),
    promo_popup: promoPopupSchema.optional(),
  })
  .strict();
