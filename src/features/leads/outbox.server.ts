/**
 * Delivery of stored leads to each dealer's CRM webhook through the outbox table. At least once:
 * a lead stays due until a 2xx, failures back off (first retry within seconds, then doubling,
 * capped), and every attempt's error is recorded. Rows are claimed with FOR UPDATE SKIP LOCKED
 * plus a lease, so two workers (or a worker and the scheduled function) never send the same lead
 * at the same time, and a worker that dies mid-send only delays its rows until the lease ends.
 * The receiver dedupes on lead_id.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/lib/db/db.server";
import { DEFAULT_RETRY_SCHEDULE, type RetrySchedule, retryDelayMs } from "./leads";
import { pruneRateLimits } from "./rate-limit.server";

export interface DeliveryOptions {
  db: Db;
  /** The CRM webhook for a tenant, or null while none is configured (the lead waits). */
  targetFor: (tenant: string) => string | null;
  fetch?: typeof fetch;
  /** Names this worker in `locked_by`. */
  workerId?: string;
  batchSize?: number;
  /** Parallel webhook calls within a batch. */
  concurrency?: number;
  /** How long a claim holds a row; must outlast a batch's webhook calls. */
  leaseMs?: number;
  /** Per-call timeout. */
  timeoutMs?: number;
  schedule?: RetrySchedule;
  /** Aborts in-flight calls (worker shutdown); those count as failed attempts. */
  signal?: AbortSignal;
}

/** The JSON body the CRM receives. */
export interface CrmPayload {
  lead_id: string;
  tenant: string;
  kind: string;
  fields: Record<string, unknown>;
  created_at: string;
}

export interface PassResult {
  claimed: number;
  delivered: number;
  failed: number;
}

/**
 * Outbox times all come from the database clock: app servers and the database may disagree by
 * more than the first retry delay, and a single clock keeps "due" meaning the same to every worker.
 */
const dbNowPlus = (ms: number) => sql<Date>`now() + ${ms}::float8 * interval '1 millisecond'`;

const DEFAULTS = { batchSize: 50, concurrency: 5, leaseMs: 120_000, timeoutMs: 10_000 };

async function send(
  url: string,
  payload: CrmPayload,
  options: DeliveryOptions,
  timeoutMs: number,
): Promise<void> {
  const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
  const response = await (options.fetch ?? fetch)(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      // Receivers that understand idempotency keys dedupe for free.
      "idempotency-key": payload.lead_id,
      "user-agent": "dealer-sites-leads/1",
    },
    body: JSON.stringify(payload),
    signal: AbortSignal.any(signals),
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => "")).slice(0, 200);
    throw new Error(`HTTP ${response.status}${text ? `: ${text}` : ""}`);
  }
  await response.body?.cancel().catch(() => {});
}

/** One delivery pass: claim due rows, call their webhooks, record the outcome. */
export async function deliverDueLeads(options: DeliveryOptions): Promise<PassResult> {
  const { db } = options;
  const workerId = options.workerId ?? randomUUID();
  const batchSize = options.batchSize ?? DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const schedule = options.schedule ?? DEFAULT_RETRY_SCHEDULE;

  const claimed = await db
    .updateTable("lead_outbox")
    .set({ locked_until: dbNowPlus(leaseMs), locked_by: workerId })
    .where("lead_id", "in", (eb) =>
      eb
        .selectFrom("lead_outbox")
        .select("lead_id")
        .where("delivered_at", "is", null)
        .where("next_attempt_at", "<=", sql<Date>`now()`)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<=", sql<Date>`now()`)]))
        .orderBy("next_attempt_at")
        .limit(batchSize)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["lead_id", "attempts"])
    .execute();
  if (claimed.length === 0) return { claimed: 0, delivered: 0, failed: 0 };

  const leads = await db
    .selectFrom("leads")
    .select(["id", "tenant", "kind", "fields", "created_at"])
    .where(
      "id",
      "in",
      claimed.map((row) => row.lead_id),
    )
    .execute();
  const attemptsBefore = new Map(claimed.map((row) => [row.lead_id, row.attempts]));

  const result: PassResult = { claimed: claimed.length, delivered: 0, failed: 0 };
  const delivered: string[] = [];
  const queue = [...leads];
  const deliverOne = async (lead: (typeof leads)[number]) => {
    const attempts = (attemptsBefore.get(lead.id) ?? 0) + 1;
    try {
      const url = options.targetFor(lead.tenant);
      if (!url)
        throw new Error(`No CRM webhook configured for tenant "${lead.tenant}" (set CRM_WEBHOOK_URL)`);
      await send(
        url,
        {
          lead_id: lead.id,
          tenant: lead.tenant,
          kind: lead.kind,
          fields: lead.fields,
          created_at: lead.created_at.toISOString(),
        },
        options,
        timeoutMs,
      );
      delivered.push(lead.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable("lead_outbox")
        .set({
          attempts,
          last_attempt_at: sql<Date>`now()`,
          last_error: message.slice(0, 500),
          next_attempt_at: dbNowPlus(retryDelayMs(attempts, schedule)),
          locked_until: null,
          locked_by: null,
        })
        // Only our own claim: a row whose lease passed to another worker is theirs to record.
        .where("lead_id", "=", lead.id)
        .where("locked_by", "=", workerId)
        .where("delivered_at", "is", null)
        .execute();
      result.failed += 1;
    }
  };
  const lanes = Array.from(
    { length: Math.min(options.concurrency ?? DEFAULTS.concurrency, queue.length) },
    async () => {
      for (let lead = queue.shift(); lead; lead = queue.shift()) await deliverOne(lead);
    },
  );
  await Promise.all(lanes);
  if (delivered.length > 0) {
    // One update for the batch. Delivered is true whoever holds the lease now, so it is unconditional;
    // a crash before it only means these leads are sent again (the receiver dedupes on lead_id).
    await db
      .updateTable("lead_outbox")
      .set((eb) => ({
        delivered_at: sql<Date>`now()`,
        last_attempt_at: sql<Date>`now()`,
        attempts: eb("attempts", "+", 1),
        last_error: null,
        locked_until: null,
        locked_by: null,
      }))
      .where("lead_id", "in", delivered)
      .execute();
    result.delivered = delivered.length;
  }
  return result;
}

/** Passes until nothing is due or the time budget is spent (the scheduled function's run). */
export async function drainOutbox(options: DeliveryOptions, budgetMs: number): Promise<PassResult> {
  const started = Date.now();
  const total: PassResult = { claimed: 0, delivered: 0, failed: 0 };
  const workerId = options.workerId ?? randomUUID();
  await pruneRateLimits(options.db, new Date());
  for (;;) {
    const pass = await deliverDueLeads({ ...options, workerId });
    total.claimed += pass.claimed;
    total.delivered += pass.delivered;
    total.failed += pass.failed;
    if (pass.claimed < (options.batchSize ?? DEFAULTS.batchSize) || Date.now() - started > budgetMs)
      return total;
  }
}

export interface OutboxWorker {
  /** Runs a pass now instead of at the next tick (e.g. right after a lead is stored). */
  wake(): void;
  /** Stops polling, aborts in-flight calls and waits for the current pass to record its outcome. */
  stop(): Promise<void>;
}

/** The long-running worker behind `npm start`: a pass every `intervalMs`, sooner when woken. */
export function startOutboxWorker(
  options: Omit<DeliveryOptions, "signal"> & { intervalMs?: number },
): OutboxWorker {
  const intervalMs = options.intervalMs ?? 1_000;
  const abort = new AbortController();
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let lastPrune = 0;

  const sleep = () =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, intervalMs);
    }).finally(() => {
      clearTimeout(timer);
      wakeUp = undefined;
    });

  const loop = (async () => {
    while (!stopped) {
      let pass: PassResult = { claimed: 0, delivered: 0, failed: 0 };
      try {
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await pruneRateLimits(options.db, new Date());
        }
        pass = await deliverDueLeads({ ...options, workerId, signal: abort.signal });
        if (pass.failed > 0)
          console.warn(`[leads] ${pass.failed} CRM deliveries failed; they will be retried`);
      } catch (error) {
        if (!stopped) console.error(`[leads] delivery pass failed: ${(error as Error).message}`);
      }
      // A full batch means more are due: go again at once.
      if (!stopped && pass.claimed < (options.batchSize ?? DEFAULTS.batchSize)) await sleep();
    }
  })();

  return {
    wake: () => wakeUp?.(),
    stop: async () => {
      stopped = true;
      abort.abort();
      wakeUp?.();
      await loop;
    },
  };
}

/** Outbox counts for ops and tests: due, delivered, and rows that have failed at least once. */
export async function outboxStats(db: Db): Promise<{ pending: number; delivered: number; retrying: number }> {
  const row = await db
    .selectFrom("lead_outbox")
    .select([
      sql<number>`count(*) filter (where delivered_at is null)::int`.as("pending"),
      sql<number>`count(*) filter (where delivered_at is not null)::int`.as("delivered"),
      sql<number>`count(*) filter (where delivered_at is null and attempts > 0)::int`.as("retrying"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}
