/**
 * Lead rules that need no I/O: a site's form rules, the anti-abuse thresholds, the outbox
 * retry schedule and the analytics event ids of spec §7. Pure: the site and `now` come in as arguments.
 */
import { sortLocations } from "~/features/locations/locations";
import type { Site } from "~/tenant/schema";
import type { Location } from "~/tenant/schemas/locations";
import type { LeadFormRules } from "./schemas";

/**
 * Spec §5 rules as this site's config sets them. `locations` are the site's published (visible)
 * ones: the website-location select offers them all, in the spec's order (sales, service, parts),
 * and a site with none has nothing to ask.
 */
export function formRulesFor(site: Site, locations: readonly Location[]): LeadFormRules {
  const { shown, label } = site.forms.website_location;
  return {
    commentsRequired: site.features.enquiry_comments_required,
    termsRequired: site.features.terms_checkbox,
    dealershipSlugs: site.dealerships.map((dealership) => dealership.slug),
    dealershipRequired: site.dealerships.length > 1,
    ...(shown && locations.length > 0
      ? {
          websiteLocation: {
            label,
            locations: sortLocations(locations).map(({ id, name }) => ({ id, name })),
          },
        }
      : {}),
  };
}

/** Anti-abuse limits (docs/architecture.md §6). Generous: a real shopper never meets them. */
export const LEAD_LIMITS = {
  /** Nobody types a name, email and phone in under this. */
  minTimeOnPageMs: 3_000,
  /** A lead is a few hundred bytes; this leaves room for long comments. */
  maxBodyBytes: 32 * 1024,
  /** Submissions per client IP per tenant per window. */
  rateLimit: { hits: 10, windowMs: 60_000 },
} as const;

/**
 * Time on page, from the form's started-at timestamp (epoch ms or ISO). Only a submission provably
 * faster than the minimum is too fast: a missing, unreadable or future timestamp (a skewed shopper
 * clock) cannot prove anything, so it passes rather than turning a genuine lead away.
 */
export function isTooFast(
  startedAt: unknown,
  now: Date,
  minMs: number = LEAD_LIMITS.minTimeOnPageMs,
): boolean {
  const started =
    typeof startedAt === "number"
      ? startedAt
      : typeof startedAt === "string" && startedAt.trim() !== ""
        ? Number.isNaN(Number(startedAt))
          ? Date.parse(startedAt)
          : Number(startedAt)
        : Number.NaN;
  if (!Number.isFinite(started)) return false;
  const elapsed = now.getTime() - started;
  return elapsed >= 0 && elapsed < minMs;
}

/** Any non-blank honeypot value marks a bot: people never see the field. */
export function isHoneypotHit(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  return String(value).trim() !== "";
}

/** Outbox retry schedule: the first retry within seconds, then doubling, capped. */
export interface RetrySchedule {
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = { firstDelayMs: 5_000, maxDelayMs: 30 * 60_000 };

/** Delay before the next try after `failedAttempts` failures (1 = the first failure). */
export function retryDelayMs(
  failedAttempts: number,
  schedule: RetrySchedule = DEFAULT_RETRY_SCHEDULE,
): number {
  const exponent = Math.max(0, Math.min(failedAttempts - 1, 30));
  return Math.min(schedule.firstDelayMs * 2 ** exponent, schedule.maxDelayMs);
}
