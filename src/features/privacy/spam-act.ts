/**
 * The Spam Act's clock for an unsubscribe (s 18: honoured within five working days of the request).
 * The platform honours one at once (it is stored before the dealer's CRM is told); the CRM, which
 * sends the dealer's offers, must hear of it inside the window. Pure: the ops check reads it.
 */
import { TZDate } from "@date-fns/tz";

/** Working days the Spam Act allows to honour an unsubscribe. */
export const UNSUBSCRIBE_WORKING_DAYS = 5;
/**
 * Working days after which an unsubscribe the CRM has not taken is an ops alert: early enough that
 * the dealer can still remove the address by hand inside the window.
 */
export const UNSUBSCRIBE_ALERT_WORKING_DAYS = 2;

/**
 * `at` plus `days` working days (Monday to Friday in `timeZone`). Public holidays are counted as
 * working days, so a deadline computed here is never later than the law's.
 */
export function addWorkingDays(at: Date, days: number, timeZone = "Australia/Sydney"): Date {
  const day = new TZDate(at.getTime(), timeZone);
  let left = days;
  while (left > 0) {
    day.setDate(day.getDate() + 1);
    const weekday = day.getDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(day.getTime());
}
