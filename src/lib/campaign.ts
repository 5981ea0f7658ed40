/**
 * A dated campaign's window (spec §5: active if now is on/after start and on/before expiry, each
 * optional): offers, promos, Spin to Win and the EOFY sale share this rule and its wording.
 */
import { calendarDate, formatCalendarDate } from "./dates";

export interface CampaignWindow {
  /** ISO instants; either may be absent. */
  start?: string | null | undefined;
  expiry?: string | null | undefined;
}

export type CampaignState = "upcoming" | "open" | "ended";

export function campaignState(window: CampaignWindow, now: Date): CampaignState {
  if (window.start && now < new Date(window.start)) return "upcoming";
  if (window.expiry && now > new Date(window.expiry)) return "ended";
  return "open";
}

/** The calendar date (in the site's zone) a window opens, as the spec writes dates: "1 Jun 2027". */
export function startDate(window: CampaignWindow, timeZone: string): string | null {
  return window.start ? formatCalendarDate(calendarDate(new Date(window.start), timeZone)) : null;
}
