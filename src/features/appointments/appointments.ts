/**
 * Test-drive appointment slots (spec §7 "appointments fetch for test-drive date-time"): slots in
 * the location's opening hours on a day, special hours first, in the location's own time zone
 * (spec §9 default state qld, so Australia/Brisbane), never in the past. Pure: `now` comes in.
 * Wall-clock times become instants through @date-fns/tz, so daylight saving is the zone data's job.
 */
import { TZDate } from "@date-fns/tz";
import { formatTime, locationTimeZone } from "~/features/locations/locations";
import { zonedParts } from "~/lib/dates";
import type { Location } from "~/tenant/schemas/locations";

/** A test drive takes this long; slots start this far apart. */
export const TEST_DRIVE_SLOT_MINUTES = 30;

export interface AppointmentSlot {
  /** Local wall-clock value for a `datetime-local` field and the test-drive lead: "2026-06-20T10:30". */
  value: string;
  /** "10:30am". */
  label: string;
  /** The instant, ISO 8601 UTC. */
  start: string;
}

export interface DayHours {
  open: string;
  close: string;
}

/**
 * The hours a location keeps on a calendar date: a special day overrides the week (Closed closes;
 * Open with times uses them; Open without times falls back to the week). Free-text hours cannot be
 * booked against, so they give no hours.
 */
export function hoursOn(location: Location, date: string): DayHours | null {
  const special = location.special_hours.find((day) => day.date === date);
  if (special?.status === "Closed") return null;
  const open = special?.start_hour ?? special?.hours?.begin;
  const close = special?.end_hour ?? special?.hours?.end;
  if (open && close) return open < close ? { open, close } : null;
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const regular = location.contact_detail.opening_hours.find((hour) => hour.weekday === weekday);
  if (!regular || regular.status === "Closed" || !regular.open || !regular.close) return null;
  return regular.open < regular.close ? { open: regular.open, close: regular.close } : null;
}

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
};
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * Bookable slots on `date` (YYYY-MM-DD, the location's calendar): every `slotMinutes` from opening
 * while the whole drive fits before closing, and only those starting after `now`.
 */
export function appointmentSlots(
  location: Location,
  date: string,
  now: Date,
  slotMinutes: number = TEST_DRIVE_SLOT_MINUTES,
): AppointmentSlot[] {
  const hours = hoursOn(location, date);
  if (!hours) return [];
  const timeZone = locationTimeZone(location);
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const slots: AppointmentSlot[] = [];
  for (let at = minutesOf(hours.open); at + slotMinutes <= minutesOf(hours.close); at += slotMinutes) {
    const instant = new TZDate(year, month - 1, day, Math.floor(at / 60), at % 60, timeZone);
    // A wall time skipped by a daylight-saving jump does not exist; the zone would move it.
    const local = zonedParts(instant, timeZone);
    if (local.date !== date || local.minutes !== at) continue;
    if (instant.getTime() <= now.getTime()) continue;
    const time = clock(at);
    slots.push({
      value: `${date}T${time}`,
      label: formatTime(time),
      start: new Date(instant.getTime()).toISOString(),
    });
  }
  return slots;
}

/** Today's date in the location's zone: the earliest date worth offering. */
export function locationToday(location: Pick<Location, "address">, now: Date): string {
  return zonedParts(now, locationTimeZone(location)).date;
}
