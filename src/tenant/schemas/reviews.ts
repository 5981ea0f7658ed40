import { z } from "zod";

/** The customer reviews block (spec §9 Reviews); `features.reviews` turns it off altogether. */
export const reviewsSettingsSchema = z
  .object({
    /** Reviews rated below this are not listed (spec §9: minimum rating 4). */
    min_rating: z.number().int().min(1).max(5).default(4),
    /** How many reviews the block lists at most (spec §9: Google reviews 12). */
    limit: z.number().int().min(1).max(50).default(12),
    /** The block shows only while the dealer's average is at least this (spec §9: config minimum average). */
    min_average: z.number().min(0).max(5).default(4),
    /** Where the reviews come from, as the summary names it: "Based on 297 Google reviews". */
    source: z.string().trim().default("Google"),
    /**
     * Reviews the dealer has asked to keep off the site (spec §9 "two hidden by title"): each entry
     * is a review's id or its title, matched without regard to case or surrounding spaces.
     */
    hidden: z
      .array(z.union([z.string().trim().min(1).max(200), z.number().int()]))
      .max(100)
      .default([]),
  })
  .strict();
