/**
 * Retention per kind (APP 11.2): from a tenant's policy and the clock, the instant before which
 * each kind of row has been kept long enough. Pure; the purge (purge.server.ts) deletes by it.
 */
import {
  RETENTION_DEFAULT_DAYS,
  RETENTION_KINDS,
  type RetentionKind,
  type RetentionPolicy,
} from "~/tenant/schemas/privacy";

export { RETENTION_KINDS, type RetentionKind, type RetentionPolicy };

const DAY_MS = 86_400_000;

/**
 * The column each kind's age is read from: when the row was made, except a car's view counter
 * (when it last moved) and sessions and sign-in codes (when they ended: their days run from then).
 */
export const RETENTION_CLOCK: Readonly<Record<RetentionKind, string>> = {
  leads: "created_at",
  car_views: "updated_at",
  phone_reveals: "created_at",
  spins: "created_at",
  sessions: "expires_at",
  sign_in_codes: "expires_at",
  payments: "created_at",
};

/** Per kind, rows whose clock column is before this instant are due for deletion. */
export function retentionCutoffs(
  policy: Partial<RetentionPolicy> | undefined,
  now: Date,
): Record<RetentionKind, Date> {
  const cutoffs = {} as Record<RetentionKind, Date>;
  for (const kind of RETENTION_KINDS) {
    const days = policy?.[kind] ?? RETENTION_DEFAULT_DAYS[kind];
    cutoffs[kind] = new Date(now.getTime() - days * DAY_MS);
  }
  return cutoffs;
}

/** Whether a row of `kind` whose clock column reads `at` is past its tenant's retention. */
export function isPastRetention(
  kind: RetentionKind,
  at: Date,
  policy: Partial<RetentionPolicy> | undefined,
  now: Date,
): boolean {
  return at.getTime() < retentionCutoffs(policy, now)[kind].getTime();
}
