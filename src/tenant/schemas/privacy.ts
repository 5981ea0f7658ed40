import { z } from "zod";
import { safeHref } from "./urls";

/**
 * What the platform keeps, per kind, and for how long (APP 11.2: personal information no longer
 * needed is destroyed or de-identified). Days; the scheduled privacy purge deletes what is older.
 */
export const RETENTION_KINDS = [
  "leads",
  "car_views",
  "phone_reveals",
  "spins",
  "sessions",
  "sign_in_codes",
  "payments",
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/**
 * The defaults, and why each. A dealer's own policy (site.json `privacy.retention`) may say
 * shorter or longer.
 * - leads: 2 years (730 days), a trade-in cycle and a follow-up; older enquiries are not answered.
 * - car_views: 2 years (730 days) since the count last moved; a counter per car, no person in it.
 * - phone_reveals: 1 year (365 days); each keeps a client network and hash, enough for a year's call counts.
 * - spins: 1 year (365 days); a spin ties a phone to a campaign, and campaigns run for weeks.
 * - sessions: 0 days after they end; an ended session serves nothing.
 * - sign_in_codes: 0 days after they expire; likewise.
 * - payments: 7 years (2,557 days): the financial records a company must keep
 *   (Corporations Act 2001 s 286; tax records 5 years, Income Tax Assessment Act 1936 s 262A).
 */
export const RETENTION_DEFAULT_DAYS: Readonly<Record<RetentionKind, number>> = {
  leads: 730,
  car_views: 730,
  phone_reveals: 365,
  spins: 365,
  sessions: 0,
  sign_in_codes: 0,
  payments: 2557,
};

const days = (kind: RetentionKind) =>
  z.number().int().min(0).max(36_500).default(RETENTION_DEFAULT_DAYS[kind]);

export const retentionSchema = z
  .object({
    leads: days("leads"),
    car_views: days("car_views"),
    phone_reveals: days("phone_reveals"),
    spins: days("spins"),
    sessions: days("sessions"),
    sign_in_codes: days("sign_in_codes"),
    payments: days("payments"),
  })
  .strict();
export type RetentionPolicy = z.infer<typeof retentionSchema>;

/**
 * site.json `privacy`: who collects (for the collection notice on every form), where the policy is,
 * whether the dealer accepts a pre-ticked opt-in as consent, and how long each kind of data is kept.
 */
export const privacySchema = z
  .object({
    /** The dealership's legal name (e.g. "Westside Auto Pty Ltd"), named as the collector; else `name`. */
    legal_name: z.string().trim().min(1).max(120).optional(),
    /** The privacy policy every collection notice links to: a page of this site or an https address. */
    policy_href: safeHref.default("/privacy-policy"),
    /**
     * The spec ticks the offers opt-in by default; a pre-ticked box is weaker evidence of consent
     * than a box the shopper ticked (the regulator does not count it as express consent). Forms
     * start it unticked unless the dealer says here that it accepts that weaker evidence.
     */
    accept_pre_ticked_opt_in: z.boolean().default(false),
    retention: retentionSchema.default(retentionSchema.parse({})),
  })
  .strict();
