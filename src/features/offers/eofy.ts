/**
 * The EOFY sale (spec §2 /pages/eofy-sale, /eofy): where it lives and what it says outside its
 * dates. Pure: the page and the tests import it.
 */
import { type CampaignWindow, campaignState, startDate } from "~/lib/campaign";

export const EOFY_PATH = "/pages/eofy-sale";
/**
 * The short address printed on ads: a rewrite (netlify.toml, and scripts/lib/app.ts locally) serves
 * the sale's page there, so one page answers at both addresses and names EOFY_PATH canonical.
 */
export const EOFY_SHORT_PATH = "/eofy";

/** Whether a request asks for the short address, with or without its trailing slash. */
export function isEofyShortPath(pathname: string): boolean {
  return pathname.replace(/\/$/, "") === EOFY_SHORT_PATH;
}

export const EOFY_TEXTS = {
  upcoming: (title: string, date: string) => `Our ${title} starts on ${date}. Come back then for the deals.`,
  ended: (title: string) =>
    `Our ${title} has ended. Thank you for your interest; see our latest offers instead.`,
} as const;

/** What the page says instead of its cars when the sale is not on; null while it is. */
export function eofyClosedMessage(
  sale: CampaignWindow & { title: string },
  now: Date,
  timeZone: string,
): string | null {
  const state = campaignState(sale, now);
  if (state === "open") return null;
  const opens = startDate(sale, timeZone);
  return state === "upcoming" && opens
    ? EOFY_TEXTS.upcoming(sale.title, opens)
    : EOFY_TEXTS.ended(sale.title);
}
