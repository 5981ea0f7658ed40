import { z } from "zod";
import { safeHref, safeUrl } from "./urls";

/**
 * A home-page promotion slide (spec §9 promotions slider, images 540×1920): the banner, its words
 * for people who cannot see it, where it leads and when it runs.
 */
export const homePromotionSchema = z
  .object({
    id: z.string().min(1).max(60),
    /** A 1920×540 banner (spec §9). */
    image: safeUrl,
    /** What the banner says, for screen readers and when the image cannot load. */
    alt: z.string().min(1).max(300),
    href: safeHref.optional(),
    /** Shown on/after start and on/before expiry; each optional. */
    start: z.iso.datetime({ offset: true }).optional(),
    expiry: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export type HomePromotion = z.infer<typeof homePromotionSchema>;
