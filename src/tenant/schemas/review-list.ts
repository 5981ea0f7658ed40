/**
 * `tenants/<slug>/reviews.json`: the spec's Review list (§3 "Review: id, customer_name, text,
 * rating, review_date, reply_text, reply_date; list with count and average_rating"). The count and
 * average are the dealer's whole record at the source (e.g. Google), not just the reviews listed.
 */
import { z } from "zod";

const calendarDate = z.iso.date({ error: "must be a date like 2026-11-19" });

export const reviewSchema = z
  .object({
    id: z.union([z.number().int(), z.string().min(1)]),
    customer_name: z.string().trim().min(1),
    /** The review's headline where the source gives one; a dealer can hide a review by it. */
    title: z.string().trim().nullish(),
    text: z.string().trim().default(""),
    rating: z.number().int().min(1).max(5),
    /** YYYY-MM-DD. */
    review_date: calendarDate,
    /** The dealer's answer, when there is one. */
    reply_text: z.string().trim().nullish(),
    reply_date: calendarDate.nullish(),
  })
  .strict();

export const reviewsFileSchema = z
  .object({
    average_rating: z.number().min(0).max(5),
    count: z.number().int().min(0),
    reviews: z.array(reviewSchema).default([]),
  })
  .strict();

export type Review = z.infer<typeof reviewSchema>;
export type ReviewsFile = z.infer<typeof reviewsFileSchema>;
