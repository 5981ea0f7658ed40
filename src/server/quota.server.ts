/**
 * Per-site write quotas: each site's writes of one kind per minute, counted for the whole site
 * (every shopper and bot together), so one dealer's flood cannot take the database shared with
 * the others. The ceilings are the site's (site.json `write_quotas`, src/tenant/schemas/quotas.ts);
 * the kit counts a hit before a function writes anything (context.ts `handleCall`).
 *
 * The count is one row per site, kind and minute in `rate_limits` (bucket `quota:<tenant>:<kind>`,
 * so row-level security keeps each site's role to its own), shared by every function instance.
 * Counting stays cheap under a flood, and never a point where sites meet:
 * - each site has its own statement queue: hits arriving together share one upsert, and a site
 *   has at most one such statement running, so a flood holds at most one connection for counting
 *   and waits only on its own row, never on another site's;
 * - once the count answers "over", this instance answers the rest of that minute from memory:
 *   a flood past its ceiling costs the database nothing more until the next minute.
 */
import { batched } from "~/lib/db/batch";
import type { Db } from "~/lib/db/db.server";
import type { WriteKind } from "~/tenant/schemas/quotas";
import { countHits, type Hit, type RateLimitResult } from "./rate-limit.server";

/** A quota's window: a minute. */
export const QUOTA_WINDOW_MS = 60_000;

/** The bucket that counts a site's writes of one kind. */
export const quotaBucket = (tenant: string, kind: WriteKind) => `quota:${tenant}:${kind}`;

interface SiteCounter {
  count: (hit: Hit) => Promise<RateLimitResult>;
  /** Per kind: the end of the window this instance already knows is over its ceiling. */
  overUntil: Map<WriteKind, number>;
}

const counters = new WeakMap<Db, Map<string, SiteCounter>>();

function siteCounter(db: Db, tenant: string): SiteCounter {
  let sites = counters.get(db);
  if (!sites) {
    sites = new Map();
    counters.set(db, sites);
  }
  let site = sites.get(tenant);
  if (!site) {
    site = { count: batched((hits: Hit[]) => countHits(db, hits)), overUntil: new Map() };
    sites.set(tenant, site);
  }
  return site;
}

/**
 * Counts one write of `kind` for `tenant` against `perMinute` and says whether it is within it;
 * over it, how many seconds until the next minute's window opens.
 */
export async function hitWriteQuota(
  db: Db,
  tenant: string,
  kind: WriteKind,
  perMinute: number,
  now: Date,
): Promise<RateLimitResult> {
  const site = siteCounter(db, tenant);
  const at = now.getTime();
  const overUntil = site.overUntil.get(kind) ?? 0;
  if (at < overUntil)
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((overUntil - at) / 1000)) };
  const result = await site.count({
    bucket: quotaBucket(tenant, kind),
    limit: { hits: perMinute, windowMs: QUOTA_WINDOW_MS },
    now,
  });
  if (!result.allowed)
    site.overUntil.set(kind, Math.floor(at / QUOTA_WINDOW_MS) * QUOTA_WINDOW_MS + QUOTA_WINDOW_MS);
  return result;
}
