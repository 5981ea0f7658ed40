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
import { signatureHeader } from "~/server/signature";
import { DEFAULT_RETRY_SCHEDULE, type RetrySchedule, retryDelayMs } from "./leads";
import { pruneRateLimits } from "./rate-limit.server";
import { crmWebhookSecret, crmWebhookUrl } from "./site.server";

export interface DeliveryOptions {
  db: Db;
  /**
   * Whose rows this worker claims: one tenant (a deployed site, or `TENANT=… npm start`), or null
   * for every tenant (only the local all-tenant server; see `workerScope` in src/server/deploy.ts).
   */
  tenant: string | null;
  /** The CRM webhook for a tenant, or null while none is configured (the lead waits). */
  targetFor: (tenant: string) => string | null;
  /** The secret a tenant's deliveries are signed with; null sends them unsigned (local only). */
  secretFor?: (tenant: string) => string | null;
  /** Deployed: a webhook must be https: and deliveries must be signed, else the lead waits. */
  deployed?: boolean;
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
  /**
   * Epoch ms after which no call may still be running (a scheduled function's time limit): a call
   * starts only if its whole timeout fits, and the rest of the batch is released for the next run.
   */
  deadline?: number;
  schedule?: RetrySchedule;
  /** 0..1; spreads retries so a CRM coming back is not hit by every waiting lead at once. */
  random?: () => number;
  /** Aborts in-flight calls (worker shutdown); those count as failed attempts. */
  signal?: AbortSignal;
  now?: () => Date;
}

/** Where a tenant's leads go, from its environment and site.json (see site.server.ts). */
export function deliveryTargets(
  env: NodeJS.ProcessEnv = process.env,
): Pick<DeliveryOptions, "targetFor" | "secretFor"> {
  return {
    targetFor: (tenant) => crmWebhookUrl(tenant, env),
    secretFor: (tenant) => crmWebhookSecret(tenant, env),
  };
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
  /** Claimed but not sent: the time budget ran out first (due again at once for the next run). */
  deferred: number;
  /** Set aside after repeated permanent refusals; an operator must look (outboxStats, the tenant index). */
  parked: number;
}

/** Refusals that no retry will fix (the CRM rejects the request itself); 408 and 429 are not. */
export const isPermanentStatus = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

/** A lead refused this many times in a row with a permanent status is parked instead of retried. */
export const PARK_AFTER_PERMANENT_FAILURES = 5;

/** Up to this share of a retry delay is added at random. */
const RETRY_JITTER = 0.2;

export const OUTBOUND_SIGNATURE_HEADER = "x-webhook-signature";

class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * Outbox times all come from the database clock: app servers and the database may disagree by
 * more than the first retry delay, and a single clock keeps "due" meaning the same to every worker.
 */
const dbNowPlus = (ms: number) => sql<Date>`now() + ${ms}::float8 * interval '1 millisecond'`;

const DEFAULTS = { batchSize: 50, concurrency: 5, leaseMs: 120_000, timeoutMs: 10_000 };

const emptyPass = (): PassResult => ({ claimed: 0, delivered: 0, failed: 0, deferred: 0, parked: 0 });

/** Why a tenant's webhook may not be called from here, or null when it may. */
function targetProblem(url: string, secret: string | null, deployed: boolean): string | null {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return `The CRM webhook "${url}" is not a URL`;
  }
  if (deployed && protocol !== "https:") return "A deployed site sends leads only to an https: CRM webhook";
  if (protocol !== "https:" && protocol !== "http:")
    return `The CRM webhook must be https: (got ${protocol})`;
  if (deployed && !secret) return "Set CRM_WEBHOOK_SECRET so the CRM can verify deliveries";
  return null;
}

async function send(
  url: string,
  secret: string | null,
  payload: CrmPayload,
  options: DeliveryOptions,
  timeoutMs: number,
): Promise<void> {
  const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
  const body = JSON.stringify(payload);
  const response = await (options.fetch ?? fetch)(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      // Receivers that understand idempotency keys dedupe for free.
      "idempotency-key": payload.lead_id,
      "user-agent": "dealer-sites-leads/1",
      ...(secret
        ? { [OUTBOUND_SIGNATURE_HEADER]: signatureHeader(secret, body, options.now?.() ?? new Date()) }
        : {}),
    },
    body,
    signal: AbortSignal.any(signals),
  });
  if (!response.ok) {
    const text = (await response.text().catch(() => "")).slice(0, 200);
    throw new DeliveryError(
      `HTTP ${response.status}${text ? `: ${text}` : ""}`,
      isPermanentStatus(response.status),
    );
  }
  await response.body?.cancel().catch(() => {});
}

/** One delivery pass: claim due rows, call their webhooks, record each outcome as it comes. */
export async function deliverDueLeads(options: DeliveryOptions): Promise<PassResult> {
  const { db } = options;
  const workerId = options.workerId ?? randomUUID();
  const batchSize = options.batchSize ?? DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const schedule = options.schedule ?? DEFAULT_RETRY_SCHEDULE;
  const random = options.random ?? Math.random;

  const claimed = await db
    .updateTable("lead_outbox")
    .set({ locked_until: dbNowPlus(leaseMs), locked_by: workerId })
    .where("lead_id", "in", (eb) => {
      let due = eb
        .selectFrom("lead_outbox")
        .select("lead_id")
        .where("delivered_at", "is", null)
        .where("parked_at", "is", null)
        .where("next_attempt_at", "<=", sql<Date>`now()`)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<=", sql<Date>`now()`)]));
      if (options.tenant !== null) due = due.where("tenant", "=", options.tenant);
      return due.orderBy("next_attempt_at").limit(batchSize).forUpdate().skipLocked();
    })
    .returning(["lead_id", "attempts", "permanent_failures"])
    .execute();
  if (claimed.length === 0) return emptyPass();

  const leads = await db
    .selectFrom("leads")
    .select(["id", "tenant", "kind", "fields", "created_at"])
    .where(
      "id",
      "in",
      claimed.map((row) => row.lead_id),
    )
    .execute();
  const before = new Map(claimed.map((row) => [row.lead_id, row]));
  const ours = (lead: { id: string }) =>
    db
      .updateTable("lead_outbox")
      // Only our own claim: a row whose lease passed to another worker is theirs to record.
      .where("lead_id", "=", lead.id)
      .where("locked_by", "=", workerId)
      .where("delivered_at", "is", null);

  const result: PassResult = { ...emptyPass(), claimed: claimed.length };
  const queue = [...leads];
  const deliverOne = async (lead: (typeof leads)[number]) => {
    if (options.deadline !== undefined && Date.now() + timeoutMs > options.deadline) {
      await ours(lead).set({ locked_until: null, locked_by: null }).execute();
      result.deferred += 1;
      return;
    }
    const attempts = (before.get(lead.id)?.attempts ?? 0) + 1;
    try {
      const url = options.targetFor(lead.tenant);
      if (!url)
        throw new Error(`No CRM webhook configured for tenant "${lead.tenant}" (set CRM_WEBHOOK_URL)`);
      const secret = options.secretFor?.(lead.tenant) ?? null;
      const problem = targetProblem(url, secret, options.deployed ?? false);
      if (problem) throw new Error(problem);
      await send(
        url,
        secret,
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
      // Recorded at once, so a pass cut short never sends this lead again.
      await db
        .updateTable("lead_outbox")
        .set({
          delivered_at: sql<Date>`now()`,
          last_attempt_at: sql<Date>`now()`,
          attempts,
          last_error: null,
          locked_until: null,
          locked_by: null,
        })
        // Delivered is true whoever holds the lease now, so it is unconditional; a crash before it
        // only means this lead is sent again (the receiver dedupes on lead_id).
        .where("lead_id", "=", lead.id)
        .execute();
      result.delivered += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof DeliveryError && error.permanent;
      const permanentFailures = permanent ? (before.get(lead.id)?.permanent_failures ?? 0) + 1 : 0;
      const park = permanentFailures >= PARK_AFTER_PERMANENT_FAILURES;
      const delay = retryDelayMs(attempts, schedule);
      await ours(lead)
        .set({
          attempts,
          permanent_failures: permanentFailures,
          last_attempt_at: sql<Date>`now()`,
          last_error: message.slice(0, 500),
          next_attempt_at: dbNowPlus(delay + Math.floor(random() * delay * RETRY_JITTER)),
          parked_at: park ? sql<Date>`now()` : null,
          locked_until: null,
          locked_by: null,
        })
        .execute();
      if (park) {
        result.parked += 1;
        console.error(
          `[leads] parked lead ${lead.id} of ${lead.tenant} after ${permanentFailures} refusals by its CRM (${message.slice(0, 200)}); fix the CRM and requeue it`,
        );
      } else result.failed += 1;
    }
  };
  const lanes = Array.from(
    { length: Math.min(options.concurrency ?? DEFAULTS.concurrency, queue.length) },
    async () => {
      for (let lead = queue.shift(); lead; lead = queue.shift()) await deliverOne(lead);
    },
  );
  await Promise.all(lanes);
  return result;
}

/**
 * Passes until nothing is due or the time budget is spent (the scheduled function's run). No call
 * is still running when the budget ends: the rest waits for the next run.
 */
export async function drainOutbox(options: DeliveryOptions, budgetMs: number): Promise<PassResult> {
  const started = Date.now();
  const deadline = Math.min(options.deadline ?? Number.POSITIVE_INFINITY, started + budgetMs);
  const total = emptyPass();
  const workerId = options.workerId ?? randomUUID();
  await pruneRateLimits(options.db, new Date());
  for (;;) {
    const pass = await deliverDueLeads({ ...options, workerId, deadline });
    for (const key of Object.keys(total) as (keyof PassResult)[]) total[key] += pass[key];
    if (
      pass.claimed < (options.batchSize ?? DEFAULTS.batchSize) ||
      pass.deferred > 0 ||
      Date.now() >= deadline
    )
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
      let pass = emptyPass();
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

export interface OutboxStats {
  pending: number;
  delivered: number;
  retrying: number;
  parked: number;
}

/**
 * Outbox counts for ops and tests: due, delivered, rows that have failed at least once, and parked
 * rows. A tenant's process asks for its own rows only; null counts every tenant (local server).
 */
export async function outboxStats(db: Db, tenant: string | null): Promise<OutboxStats> {
  let query = db
    .selectFrom("lead_outbox")
    .select([
      sql<number>`count(*) filter (where delivered_at is null and parked_at is null)::int`.as("pending"),
      sql<number>`count(*) filter (where delivered_at is not null)::int`.as("delivered"),
      sql<number>`count(*) filter (where delivered_at is null and parked_at is null and attempts > 0)::int`.as(
        "retrying",
      ),
      sql<number>`count(*) filter (where parked_at is not null and delivered_at is null)::int`.as("parked"),
    ]);
  if (tenant !== null) query = query.where("tenant", "=", tenant);
  return query.executeTakeFirstOrThrow();
}

/** Puts a tenant's parked leads back in line (after the CRM was fixed); answers how many. */
export async function requeueParked(db: Db, tenant: string): Promise<number> {
  const result = await db
    .updateTable("lead_outbox")
    .set({ parked_at: null, permanent_failures: 0, next_attempt_at: sql<Date>`now()` })
    .where("tenant", "=", tenant)
    .where("parked_at", "is not", null)
    .where("delivered_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
