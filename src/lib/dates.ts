/**
 * Calendar dates in a time zone, through the platform's Intl (no hand-rolled offsets). Month names
 * are fixed: ICU's en-AU abbreviations change between versions ("Sept", "June"), the spec reads
 * "31 Jan 2027".
 */
export const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;
export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

export interface ZonedParts {
  /** YYYY-MM-DD */
  date: string;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

// Building an Intl.DateTimeFormat costs far more than using one; builds call this per car.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Local calendar date, weekday and time of day of an instant in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday as (typeof WEEKDAYS)[number]),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Calendar date (YYYY-MM-DD) of an instant in `timeZone`. */
export function calendarDate(instant: Date, timeZone: string): string {
  return zonedParts(instant, timeZone).date;
}

/** "2027-01-31" → "31 Jan 2027". */
export function formatCalendarDate(date: string): string {
  const [year, month = 1, day] = date.split("-").map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** "2026-12-25" → "Fri 25 Dec". */
export function formatWeekdayDate(date: string): string {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${day} ${MONTHS[month - 1]}`;
}
