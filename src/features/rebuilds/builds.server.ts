/**
 * The stock-feed webhook's state in the database, shared by every function instance of a tenant's
 * site, its scheduled pass and its builds: the event ids seen, the coalesced build state (rules in
 * rebuilds.ts) and the truncated-feed guard's baseline. Every query is scoped by tenant.
 */
import type { Timestamp } from "~/lib/db/columns";
import type { Db } from "~/lib/db/db.server";
import {
  type BuildState,
  isDue,
  onBuildFinished,
  onStartFailed,
  onStockUpdated,
  STOCK_UPDATED,
  type StockEvent,
  started,
} from "./rebuilds";

interface StockFeedEventsTable {
  tenant: string;
  event_id: string;
  type: string;
  /** What the webhook answered: queued, coalesced or ignored. */
  build: string;
  received_at: Timestamp;
}

interface StockBuildsTable {
  tenant: string;
  requested_at: Date | null;
  running_since: Date | null;
  last_finished_at: Date | null;
  last_result: string | null;
  last_error: string | null;
  /** Cars the last published build published: the truncated-feed guard's baseline. */
  baseline_published: number | null;
  baseline_at: Date | null;
  updated_at: Timestamp;
}

const stockDb = (db: Db) =>
  db.$extendTables<{ stock_feed_events: StockFeedEventsTable; stock_builds: StockBuildsTable }>();
type StockDb = ReturnType<typeof stockDb>;

/** Events older than this are dropped by the scheduled pass; ids are unique per provider anyway. */
export const EVENT_RETENTION_DAYS = 30;

export type EventOutcome =
  | { build: "duplicate" }
  | { build: "ignored" }
  | { build: "queued" | "coalesced"; start: boolean };

const toState = (row: { requested_at: Date | null; running_since: Date | null }): BuildState => ({
  requestedAt: row.requested_at,
  runningSince: row.running_since,
});

/** The tenant's state row, locked for this transaction (created idle the first time). */
async function lockState(trx: StockDb, tenant: string): Promise<BuildState> {
  await trx
    .insertInto("stock_builds")
    .values({ tenant })
    .onConflict((oc) => oc.column("tenant").doNothing())
    .execute();
  const row = await trx
    .selectFrom("stock_builds")
    .select(["requested_at", "running_since"])
    .where("tenant", "=", tenant)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return toState(row);
}

async function saveState(trx: StockDb, tenant: string, state: BuildState, now: Date, extra = {}) {
  await trx
    .updateTable("stock_builds")
    .set({ requested_at: state.requestedAt, running_since: state.runningSince, updated_at: now, ...extra })
    .where("tenant", "=", tenant)
    .execute();
}

/**
 * Records a verified event and decides, in one transaction, what it does: a replayed id does
 * nothing; another type is only recorded; a stock update starts a build or rides on one asked for.
 * The row lock serialises concurrent events of one tenant, so a burst starts one build.
 */
export async function acceptStockEvent(
  db: Db,
  tenant: string,
  event: StockEvent,
  now: Date,
): Promise<EventOutcome> {
  return stockDb(db)
    .transaction()
    .execute(async (trx) => {
      const state = await lockState(trx, tenant);
      const decision = event.type === STOCK_UPDATED ? onStockUpdated(state, now) : null;
      const inserted = await trx
        .insertInto("stock_feed_events")
        .values({
          tenant,
          event_id: event.id,
          type: event.type,
          build: decision?.build ?? "ignored",
          received_at: now,
        })
        .onConflict((oc) => oc.columns(["tenant", "event_id"]).doNothing())
        .returning("event_id")
        .executeTakeFirst();
      if (!inserted) return { build: "duplicate" } as const;
      if (!decision) return { build: "ignored" } as const;
      await saveState(trx, tenant, decision.next, now);
      return { build: decision.build, start: decision.start };
    });
}

/** A build begins (a deploy build reports in): it covers every request made so far. */
export async function markBuildStarted(db: Db, tenant: string, now: Date): Promise<void> {
  await stockDb(db)
    .transaction()
    .execute(async (trx) => {
      await lockState(trx, tenant);
      await saveState(trx, tenant, started(now), now);
    });
}

export interface FinishedBuild {
  ok: boolean;
  error?: string | null;
  /** Cars the build published (a successful build's count becomes the guard's baseline). */
  published?: number | null;
}

/**
 * A build ended. A successful one's published count becomes the guard's baseline. Returns whether
 * a build requested meanwhile is now due.
 */
export async function markBuildFinished(
  db: Db,
  tenant: string,
  build: FinishedBuild,
  now: Date,
): Promise<boolean> {
  return stockDb(db)
    .transaction()
    .execute(async (trx) => {
      const next = onBuildFinished(await lockState(trx, tenant));
      const baseline =
        build.ok && typeof build.published === "number"
          ? { baseline_published: build.published, baseline_at: now }
          : {};
      await saveState(trx, tenant, next, now, {
        last_finished_at: now,
        last_result: build.ok ? "ok" : "failed",
        last_error: build.ok ? null : (build.error ?? "failed").slice(0, 2000),
        ...baseline,
      });
      return isDue(next, now);
    });
}

/** Asking for a build failed: it waits as requested, for the scheduled pass. */
export async function markStartFailed(db: Db, tenant: string, error: string, now: Date): Promise<void> {
  await stockDb(db)
    .transaction()
    .execute(async (trx) => {
      const next = onStartFailed(await lockState(trx, tenant), now);
      await saveState(trx, tenant, next, now, { last_error: error.slice(0, 2000) });
    });
}

/**
 * Claims the tenant's due build, if any (marks it started), for whoever then starts it: the
 * scheduled pass on a deployed site, the local rebuilder under `npm start`.
 */
export async function claimDueBuild(db: Db, tenant: string, now: Date): Promise<boolean> {
  return stockDb(db)
    .transaction()
    .execute(async (trx) => {
      const state = await lockState(trx, tenant);
      if (!isDue(state, now)) return false;
      await saveState(trx, tenant, started(now), now);
      return true;
    });
}

/** Tenants with a build due: the pinned tenant only, or every tenant for the local server. */
export async function tenantsWithDueBuilds(db: Db, tenant: string | null, now: Date): Promise<string[]> {
  let query = stockDb(db)
    .selectFrom("stock_builds")
    .select(["tenant", "requested_at", "running_since"])
    .where("requested_at", "is not", null);
  if (tenant !== null) query = query.where("tenant", "=", tenant);
  const rows = await query.execute();
  return rows.filter((row) => isDue(toState(row), now)).map((row) => row.tenant);
}

/**
 * A build this process ran before it held the database (`npm start`'s first build) or that other
 * code recorded: its published count becomes the baseline unless the database knows a later one.
 */
export async function recordFeedBaseline(db: Db, tenant: string, published: number, at: Date): Promise<void> {
  await stockDb(db)
    .transaction()
    .execute(async (trx) => {
      await lockState(trx, tenant);
      await trx
        .updateTable("stock_builds")
        .set({ baseline_published: published, baseline_at: at })
        .where("tenant", "=", tenant)
        .where((eb) => eb.or([eb("baseline_at", "is", null), eb("baseline_at", "<", at)]))
        .execute();
    });
}

/**
 * Builds marked running by a process that is gone (a local server stopped mid-build): nothing runs
 * them now, so they are finished without a result and a request waiting behind them becomes due.
 */
export async function forgetRunningBuilds(db: Db, tenant: string | null, now: Date): Promise<void> {
  let query = stockDb(db)
    .updateTable("stock_builds")
    .set({ running_since: null, updated_at: now })
    .where("running_since", "is not", null);
  if (tenant !== null) query = query.where("tenant", "=", tenant);
  await query.execute();
}

/** The guard's baseline: cars the tenant's last published build published, or null if none known. */
export async function feedBaseline(db: Db, tenant: string): Promise<number | null> {
  const row = await stockDb(db)
    .selectFrom("stock_builds")
    .select("baseline_published")
    .where("tenant", "=", tenant)
    .executeTakeFirst();
  return row?.baseline_published ?? null;
}

export interface StockBuildStatus {
  tenant: string;
  requestedAt: Date | null;
  runningSince: Date | null;
  lastFinishedAt: Date | null;
  lastResult: string | null;
  lastError: string | null;
  baselinePublished: number | null;
}

/** Build state per tenant for the ops view. */
export async function buildStatuses(db: Db, tenants: readonly string[]): Promise<StockBuildStatus[]> {
  if (tenants.length === 0) return [];
  const rows = await stockDb(db)
    .selectFrom("stock_builds")
    .selectAll()
    .where("tenant", "in", [...tenants])
    .execute();
  return rows.map((row) => ({
    tenant: row.tenant,
    requestedAt: row.requested_at,
    runningSince: row.running_since,
    lastFinishedAt: row.last_finished_at,
    lastResult: row.last_result,
    lastError: row.last_error,
    baselinePublished: row.baseline_published,
  }));
}

export interface StockEventRow {
  id: string;
  type: string;
  build: string;
  receivedAt: Date;
}

/** The tenant's latest webhook events, newest first. */
export async function recentStockEvents(db: Db, tenant: string, limit = 8): Promise<StockEventRow[]> {
  const rows = await stockDb(db)
    .selectFrom("stock_feed_events")
    .select(["event_id", "type", "build", "received_at"])
    .where("tenant", "=", tenant)
    .orderBy("received_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.event_id,
    type: row.type,
    build: row.build,
    receivedAt: row.received_at,
  }));
}

/** Drops event ids older than the retention (the pinned tenant's only, or all locally). */
export async function pruneStockEvents(db: Db, tenant: string | null, now: Date): Promise<number> {
  let query = stockDb(db)
    .deleteFrom("stock_feed_events")
    .where("received_at", "<", new Date(now.getTime() - EVENT_RETENTION_DAYS * 86_400_000));
  if (tenant !== null) query = query.where("tenant", "=", tenant);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
