/** `tenants/<slug>/offers.json`: the spec's Offer. */
import { z } from "zod";
import { safeUrl } from "~/tenant/schemas/urls";

export const offerSchema = z
  .object({
    id: z.number().int(),
    name: z.string().min(1),
    description: z.string().default(""),
    sanitized_description: z.string().nullish(),
    disclaimer: z.string().default(""),
    /** e.g. "Finance offer". */
    category: z.string().nullish(),
    image_url: safeUrl.nullish(),
    image_or_model_image: z.object({ url: safeUrl }).nullish(),
    model: z.object({ name: z.string(), slug: z.string(), override_url: safeUrl.nullish() }).nullish(),
    manufacturer: z.object({ name: z.string() }).nullish(),
    excluded_website_ids: z.array(z.string()).default([]),
    /** Promo window (spec §5): active on/after start and on/before expiry. */
    start: z.iso.datetime({ offset: true }).nullish(),
    expiry: z.iso.datetime({ offset: true }).nullish(),
  })
  .strict();

export const offersFileSchema = z.array(offerSchema);
export type Offer = z.infer<typeof offerSchema>;
