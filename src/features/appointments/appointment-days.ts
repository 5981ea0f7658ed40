/**
 * The days a shopper may pick for a test drive, in the location's calendar: today and the next
 * 13 days (two weeks), labelled "Mon 23 Nov". Pure, and small enough for the browser: it uses the
 * platform's Intl time zones rather than a date library.
 */
export const BOOKABLE_DAYS = 14;

export const APPOINTMENT_TEXTS = {
  anyDay: "Any day",
  anyTime: "Any time",
  loading: "Loading available times…",
  none: "No test drive times on this day. Please choose another day.",
  failed: "We couldn't load available times. Enter your preferred date and time instead.",
} as const;

/** The calendar date ("2026-11-23") it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

const dayLabel = new Intl.DateTimeFormat("en-AU", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
});

/** `count` calendar days from `today`, with labels; "Today" and "Tomorrow" for the first two. */
export function bookableDays(today: string, count = BOOKABLE_DAYS): { value: string; label: string }[] {
  const [year = 1970, month = 1, day = 1] = today.split("-").map(Number);
  return Array.from({ length: count }, (_, offset) => {
    const date = new Date(Date.UTC(year, month - 1, day + offset));
    const value = date.toISOString().slice(0, 10);
    const label = dayLabel.format(date).replace(",", "");
    return { value, label: offset === 0 ? `Today, ${label}` : offset === 1 ? `Tomorrow, ${label}` : label };
  });
}
