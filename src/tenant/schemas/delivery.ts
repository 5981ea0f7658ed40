import { z } from "zod";

const postcode = z.string().regex(/^\d{4}$/, "must be a 4-digit postcode like 4000");

/** A run of postcodes, both ends included ("4000" to "4179"). */
const postcodeRangeSchema = z
  .object({ from: postcode, to: postcode })
  .strict()
  .refine((range) => range.from <= range.to, {
    message: "`from` must not be after `to` (write the lower postcode first)",
  });

/** One delivery region: the postcodes it covers and what delivery there costs. */
export const deliveryRegionSchema = z
  .object({
    /** What the shopper reads beside the price, e.g. "SEQ metro". */
    name: z.string().min(1),
    /** Delivery price in whole dollars; 0 means free delivery. */
    price: z.number().int().min(0),
    /** Postcode ranges the region covers. */
    ranges: z.array(postcodeRangeSchema).default([]),
    /** Single postcodes the region covers (on top of `ranges`). */
    postcodes: z.array(postcode).default([]),
  })
  .strict()
  .refine((region) => region.ranges.length > 0 || region.postcodes.length > 0, {
    message: "a region needs at least one postcode range or postcode",
  });

/**
 * The vehicle page's delivery calculator (spec §4): regions are tried in order and the first that
 * covers the postcode gives the estimate, so list specific regions before broad ones.
 */
export const deliverySchema = z
  .object({
    regions: z.array(deliveryRegionSchema).min(1),
  })
  .strict();

export type DeliveryConfig = z.infer<typeof deliverySchema>;
