import { z } from "zod";

/**
 * The kinds of write a site's functions make, each with its own ceiling per minute for the whole
 * site (every shopper and bot together), so one dealer's flood cannot take the shared database
 * from the others:
 * - leads: what the lead forms, the trade-in flow, Spin to Win, unsubscribe and payments store;
 * - views: the vehicle page's calls (view counter, phone reveal, car PDF, finance quote);
 * - accounts: sign-in codes and checks, sign-out, the watchlist and My Garage.
 * Every one of these also writes the rate-limit rows of its per-client limit.
 */
export const WRITE_KINDS = ["leads", "views", "accounts"] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/**
 * Writes per minute a site may make of each kind, and why each. Far above any dealer's busiest
 * real minute, far below what one site could take from the database shared with fifty others.
 * - leads: 120; a large dealer group takes a few hundred enquiries on its busiest day.
 * - views: 1,200 (20 a second); a campaign email sends shoppers to vehicle pages in bursts.
 * - accounts: 600; the texted codes have their own hourly cap (sign-in.server.ts), the watchlist
 *   saves come in clicks.
 */
export const WRITE_QUOTA_DEFAULTS: Readonly<Record<WriteKind, number>> = {
  leads: 120,
  views: 1_200,
  accounts: 600,
};

/**
 * The most a site.json may raise a ceiling to: ten times the default. Past that a site needs a
 * database of its own, not a bigger share of the shared one.
 */
export const WRITE_QUOTA_MAX_FACTOR = 10;

const perMinute = (kind: WriteKind) =>
  z
    .number()
    .int()
    .min(1)
    .max(WRITE_QUOTA_DEFAULTS[kind] * WRITE_QUOTA_MAX_FACTOR)
    .default(WRITE_QUOTA_DEFAULTS[kind]);

/** site.json `write_quotas`: a site's own ceilings per minute, each within the platform's maximum. */
export const writeQuotasSchema = z
  .object({ leads: perMinute("leads"), views: perMinute("views"), accounts: perMinute("accounts") })
  .strict();
