/**
 * Per-client rate limit kept in the database, so every function instance (Netlify runs many) counts
 * the same hits. Fixed windows; concurrent requests share one upsert.
 */
import { sql } from "kysely";
import { batched } from "~/lib/db/batch";
import type { Db } from "~/lib/db/db.server";

export type RateLimitsTable = {
  /** What is limited, e.g. `leads:<tenant>:<ip>`. */
  bucket: string;
  window_start: Date;
  hits: number;
};

export function rateLimitsDb(db: Db) {
  return db.$extendTables<{ rate_limits: RateLimitsTable }>();
}

export interface RateLimit {
  hits: number;
  windowMs: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One request counted against a limit: `bucket` names what is limited and who asks. */
export interface Hit {
  bucket: string;
  limit: RateLimit;
  now: Date;
}

/**
 * The hits of one statement, grouped by bucket and window (one counter row each), and for each
 * hit the most its window may hold once the statement has counted them all for that hit to be
 * within its limit: hits on one bucket are numbered in arrival order, so the first of them gets
 * the highest ceiling.
 */
export interface HitPlan {
  groups: { bucket: string; windowStart: Date; count: number }[];
  /** Per hit, in input order. */
  windows: number[];
  ceilings: number[];
}

const groupKey = (bucket: string, windowStart: number) => `${bucket}\0${windowStart}`;

export function planHits(hits: Hit[]): HitPlan {
  const windows = hits.map((hit) => Math.floor(hit.now.getTime() / hit.limit.windowMs) * hit.limit.windowMs);
  const groups = new Map<string, { bucket: string; windowStart: Date; count: number }>();
  const positions = hits.map((hit, i) => {
    const key = groupKey(hit.bucket, windows[i] ?? 0);
    const group = groups.get(key) ?? { bucket: hit.bucket, windowStart: new Date(windows[i] ?? 0), count: 0 };
    group.count += 1;
    groups.set(key, group);
    return group.count;
  });
  return {
    // One lock order for every statement, so concurrent ones (many instances) cannot deadlock.
    groups: [...groups.values()].sort((a, b) => a.bucket.localeCompare(b.bucket)),
    windows,
    ceilings: hits.map((hit, i) => {
      const group = groups.get(groupKey(hit.bucket, windows[i] ?? 0));
      return hit.limit.hits + (group?.count ?? 0) - (positions[i] ?? 0);
    }),
  };
}

/**
 * The upsert that counts a plan's hits, for a statement's WITH clause: it answers each counter's
 * bucket, window_start and new total of hits.
 */
export function countHitsSql(plan: HitPlan) {
  return sql`
    insert into ${sql.table("rate_limits")} as counter (bucket, window_start, hits)
    select * from unnest(
      ${plan.groups.map((group) => group.bucket)}::text[],
      ${plan.groups.map((group) => group.windowStart)}::timestamptz[],
      ${plan.groups.map((group) => group.count)}::int[]
    )
    on conflict (bucket, window_start) do update set hits = counter.hits + excluded.hits
    returning bucket, window_start, hits`;
}

/** Each hit's verdict, from the totals a statement's `countHitsSql` answered. */
export function judgeHits(
  hits: Hit[],
  plan: HitPlan,
  totals: { bucket: string; window_start: Date; hits: number }[],
): RateLimitResult[] {
  const totalOf = new Map(totals.map((row) => [groupKey(row.bucket, row.window_start.getTime()), row.hits]));
  return hits.map((hit, i) => {
    const windowStart = plan.windows[i] ?? 0;
    if ((totalOf.get(groupKey(hit.bucket, windowStart)) ?? 0) <= (plan.ceilings[i] ?? 0))
      return { allowed: true };
    const windowEnd = windowStart + hit.limit.windowMs;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - hit.now.getTime()) / 1000)),
    };
  });
}

/** Counts many hits in one upsert. */
export async function countHits(db: Db, hits: Hit[]): Promise<RateLimitResult[]> {
  const plan = planHits(hits);
  const { rows } = await sql<{ bucket: string; window_start: Date; hits: number }>`
    with counted as (${countHitsSql(plan)}) select * from counted`.execute(db);
  return judgeHits(hits, plan, rows);
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

/** The hits `bucket` has counted so far in the current window of `limit`, without counting one. */
export async function rateLimitHits(db: Db, bucket: string, limit: RateLimit, now: Date): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const row = await rateLimitsDb(db)
    .selectFrom("rate_limits")
    .select("hits")
    .where("bucket", "=", bucket)
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  return row?.hits ?? 0;
}

/** Drops windows that ended long ago (called from the outbox pass). */
export async function pruneRateLimits(db: Db, now: Date, keepMs = 86_400_000): Promise<void> {
  await rateLimitsDb(db)
    .deleteFrom("rate_limits")
    .where("window_start", "<", new Date(now.getTime() - keepMs))
    .execute();
}
