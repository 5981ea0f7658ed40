/**
 * Per-client rate limit kept in the database, so every function instance (Netlify runs many) counts
 * the same hits. Fixed windows; concurrent requests share one upsert.
 */
import { sql } from "kysely";
import { batched } from "~/lib/db/batch";
import type { Db } from "~/lib/db/db.server";

export interface RateLimit {
  hits: number;
  windowMs: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Hit {
  bucket: string;
  limit: RateLimit;
  now: Date;
}

/** Counts many hits in one upsert; hits on one bucket in one batch are numbered in arrival order. */
async function countHits(db: Db, hits: Hit[]): Promise<RateLimitResult[]> {
  const windows = hits.map((hit) => Math.floor(hit.now.getTime() / hit.limit.windowMs) * hit.limit.windowMs);
  const groups = new Map<string, { bucket: string; windowStart: number; count: number }>();
  hits.forEach((hit, i) => {
    const key = `${hit.bucket}\0${windows[i]}`;
    const group = groups.get(key) ?? { bucket: hit.bucket, windowStart: windows[i] ?? 0, count: 0 };
    group.count += 1;
    groups.set(key, group);
  });
  const rows = await db
    .insertInto("rate_limits")
    .values(
      [...groups.values()]
        .sort((a, b) => a.bucket.localeCompare(b.bucket))
        .map((group) => ({
          bucket: group.bucket,
          window_start: new Date(group.windowStart),
          hits: group.count,
        })),
    )
    .onConflict((conflict) =>
      conflict
        .columns(["bucket", "window_start"])
        .doUpdateSet({ hits: sql<number>`rate_limits.hits + excluded.hits` }),
    )
    .returning(["bucket", "window_start", "hits"])
    .execute();
  const totals = new Map(rows.map((row) => [`${row.bucket}\0${row.window_start.getTime()}`, row.hits]));
  const seen = new Map<string, number>();
  return hits.map((hit, i) => {
    const key = `${hit.bucket}\0${windows[i]}`;
    const group = groups.get(key);
    const before = (totals.get(key) ?? 0) - (group?.count ?? 0);
    const position = (seen.get(key) ?? 0) + 1;
    seen.set(key, position);
    if (before + position <= hit.limit.hits) return { allowed: true };
    const windowEnd = (windows[i] ?? 0) + hit.limit.windowMs;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - hit.now.getTime()) / 1000)),
    };
  });
}

const counters = new WeakMap<Db, (hit: Hit) => Promise<RateLimitResult>>();

/**
 * Counts one hit on `bucket` and says whether it is within the limit. Concurrent hits share a
 * statement. Buckets are named `<what>:<tenant>:<who>`: row-level security lets a tenant's own
 * database role touch only buckets whose second part is its tenant.
 */
export function hitRateLimit(db: Db, bucket: string, limit: RateLimit, now: Date): Promise<RateLimitResult> {
  let count = counters.get(db);
  if (!count) {
    count = batched((hits: Hit[]) => countHits(db, hits));
    counters.set(db, count);
  }
  return count({ bucket, limit, now });
}

/** Drops windows that ended long ago (called from the outbox pass). */
export async function pruneRateLimits(db: Db, now: Date, keepMs = 86_400_000): Promise<void> {
  await db
    .deleteFrom("rate_limits")
    .where("window_start", "<", new Date(now.getTime() - keepMs))
    .execute();
}
