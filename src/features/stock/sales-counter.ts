/**
 * The group home page's sales counter (spec §9: Australia/Brisbane time, +192 per day of the
 * month, one per 450 s, refresh 150 000 ms, animation 2 s). A day has 86 400 s, so one sale every
 * 450 s is 192 a day: the counter is the month's sales so far at that pace, climbing through the
 * day and back to the dealer's base on the 1st. Pure: the instant comes in as an argument.
 */
import { zonedParts } from "~/lib/dates";

export const SALES_COUNTER_TIME_ZONE = "Australia/Brisbane";
/** Spec §9: one more sale every 450 seconds. */
export const SECONDS_PER_SALE = 450;
/** Spec §9: 192 a day (86 400 / 450). */
export const SALES_PER_DAY = 192;
/** Spec §9: the page asks the clock again every 150 000 ms. */
export const SALES_COUNTER_REFRESH_MS = 150_000;
/** Spec §9: a new figure counts up over 2 s. */
export const SALES_COUNTER_ANIMATION_MS = 2_000;

/**
 * The figure at `now`: `base` plus 192 for each whole day of the month gone by in Brisbane, plus
 * one for each 450 s of today there.
 */
export function salesCount(now: Date, base = 0): number {
  const { date, minutes } = zonedParts(now, SALES_COUNTER_TIME_ZONE);
  const day = Number(date.slice(8, 10));
  const secondsToday = minutes * 60 + now.getUTCSeconds();
  return base + (day - 1) * SALES_PER_DAY + Math.floor(secondsToday / SECONDS_PER_SALE);
}

/**
 * The figure shown `elapsed` ms into the 2 s count from `from` to `to`: eased out, whole numbers,
 * exactly `to` at the end (and at once when the shopper prefers reduced motion).
 */
export function countFrame(from: number, to: number, elapsed: number, reducedMotion: boolean): number {
  if (reducedMotion || elapsed >= SALES_COUNTER_ANIMATION_MS || from === to) return to;
  const t = Math.max(0, elapsed) / SALES_COUNTER_ANIMATION_MS;
  const eased = 1 - (1 - t) ** 3;
  return Math.round(from + (to - from) * eased);
}
