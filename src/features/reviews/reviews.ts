/**
 * Customer review rules (spec §3 Review, §9 Reviews: minimum rating 4; 12 listed; a configured
 * minimum average; stars "4 full plus partial"). Pure: the block's data in, what it shows out.
 */
import { formatCalendarDate } from "~/lib/dates";
import { formatNumber } from "~/lib/format";
import type { Review, ReviewsFile } from "~/tenant/schemas/review-list";

export interface ReviewsSettings {
  min_rating: number;
  limit: number;
  min_average: number;
  source: string;
  hidden: readonly (string | number)[];
}

export const REVIEWS_HEADING = "What Our Customers Say";

const hideKey = (value: string | number) => String(value).trim().toLowerCase();

/** Spec §9 "two hidden by title": a review the dealer listed by id or by title stays off the site. */
export function isHiddenReview(
  review: Pick<Review, "id" | "title">,
  hidden: readonly (string | number)[],
): boolean {
  if (hidden.length === 0) return false;
  const keys = new Set(hidden.map(hideKey));
  return keys.has(hideKey(review.id)) || (review.title ? keys.has(hideKey(review.title)) : false);
}

/**
 * The reviews listed: rated at least `min_rating`, not hidden by the dealer, newest first (ties by
 * id so a build is stable), at most `limit`. A review with neither text nor a reply says nothing
 * and is left out.
 */
export function shownReviews(
  reviews: readonly Review[],
  settings: Pick<ReviewsSettings, "min_rating" | "limit"> & Partial<Pick<ReviewsSettings, "hidden">>,
): Review[] {
  const hidden = settings.hidden ?? [];
  return reviews
    .filter(
      (review) =>
        review.rating >= settings.min_rating &&
        (review.text !== "" || Boolean(review.reply_text)) &&
        !isHiddenReview(review, hidden),
    )
    .sort((a, b) => b.review_date.localeCompare(a.review_date) || String(a.id).localeCompare(String(b.id)))
    .slice(0, settings.limit);
}

/**
 * Whether the block shows: the site has it on, the dealer's average is at least the configured
 * minimum, and at least one review is good enough to list.
 */
export function showsReviews(file: ReviewsFile | null, settings: ReviewsSettings, enabled: boolean): boolean {
  if (!enabled || !file || file.count === 0) return false;
  return file.average_rating >= settings.min_average && shownReviews(file.reviews, settings).length > 0;
}

/**
 * The five stars of a rating, each 0 to 1 filled: 4.4 is four full stars and one 40% star (spec §9
 * "stars 4 full plus partial"). Partial fills round to the nearest 10% so 4.44 and 4.4 look alike.
 */
export function starFills(rating: number): number[] {
  const clamped = Math.min(5, Math.max(0, rating));
  return [0, 1, 2, 3, 4].map((index) => Math.round(Math.min(1, Math.max(0, clamped - index)) * 10) / 10);
}

/** "4.4": one decimal, as review sites show an average. */
export function formatAverage(rating: number): string {
  return (Math.round(rating * 10) / 10).toFixed(1);
}

/** What a screen reader hears for a row of stars: "Rated 4.4 out of 5". */
export function ratingLabel(rating: number): string {
  return `Rated ${Number.isInteger(rating) ? rating : formatAverage(rating)} out of 5`;
}

/** "Based on 297 Google reviews" / "Based on 1 review". */
export function reviewCountText(count: number, source: string): string {
  const what = `${source ? `${source} ` : ""}review${count === 1 ? "" : "s"}`;
  return `Based on ${formatNumber(count)} ${what}`;
}

/** "12 Mar 2026". */
export function reviewDate(date: string): string {
  return formatCalendarDate(date);
}
