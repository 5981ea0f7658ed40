/**
 * The lead outbox: sending stored leads on to each dealer's CRM. This folder holds that whole flow
 * (the pass here, its worker, its counts, the channels, the sending, ADF/XML and mail); intake,
 * which stores a lead and queues it here in one statement, stays in leads/. It is a folder of the
 * leads feature rather than a feature of its own because the two share the lead and its outbox row
 * both ways: intake queues into the outbox, and the outbox reads leads and their kinds.
 *
 * Sending goes through the outbox table, one row per lead and CRM channel (channels.server.ts). At
 * least once: a row stays due until its receiver accepts it, failures back off (first retry within
 * seconds, then doubling, capped), and every attempt's error is recorded. Rows are claimed with FOR
 * UPDATE SKIP LOCKED plus a lease, so two workers never send the same row at once, and a worker
 * that dies mid-send only delays its rows until the lease ends. Receivers dedupe on the lead id.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { leadsDb } from "~/features/leads/tables";
import { batched } from "~/lib/db/batch";
import type { Db } from "~/lib/db/db.server";
import { clock } from "~/server/clock";
import { DEFAULT_RETRY_SCHEDULE, type RetrySchedule, retryDelayMs } from "../leads";
import type { Mailer } from "./mail.server";
import { type TenantReceivers, tenantReceivers } from "./receivers.server";
import { type OutboxLead, SendError, sendToChannel } from "./send.server";

export interface OutboxOptions {
  db: Db;
  /**
   * Whose rows this worker claims: one tenant (a deployed site, or `TENANT=… npm start`), or null
   * for every tenant (only the local all-tenant server; see `workerScope` in src/server/deploy.ts).
   */
  tenant: string | null;
  /** Where tenants' channels, signing secrets and published snapshots are read (process.env). */
  env?: NodeJS.ProcessEnv;
  /**
   * Pins a tenant's receivers instead of reading them from `env` (tests and the benchmark). What it
   * leaves out: an unconfigured webhook (the lead waits), unsigned, no ADF.
   */
  receiversFor?: (tenant: string) => Partial<TenantReceivers>;
  /** SMTP for ADF by email, or null where none is configured (those rows wait). */
  mailer?: Mailer | null;
  /** Deployed: a webhook must be https: and requests must be signed, else the lead waits. */
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

export interface PassResult {
  claimed: number;
  delivered: number;
  failed: number;
  /** Claimed but not sent: the time budget ran out first (due again at once for the next run). */
  deferred: number;
  /** Set aside after repeated permanent refusals; an operator must look (outboxStats, the tenant index). */
  parked: number;
}

/** A lead refused this many times in a row with a permanent status is parked instead of retried. */
export const PARK_AFTER_PERMANENT_FAILURES = 5;

/** Up to this share of a retry delay is added at random. */
const RETRY_JITTER = 0.2;

/** Marks a lead not yet split into its tenant's channels. */
export const ALL_CHANNELS = "*";

/**
 * Outbox times all come from the database clock: app servers and the database may disagree by
 * more than the first retry delay, and a single clock keeps "due" meaning the same to every worker.
 */
const dbNowPlus = (ms: number) => sql<Date>`now() + ${ms}::float8 * interval '1 millisecond'`;

/** What a pass does when its options do not say. */
export const OUTBOX_DEFAULTS = { batchSize: 50, concurrency: 5, leaseMs: 120_000, timeoutMs: 10_000 };

export const emptyPass = (): PassResult => ({ claimed: 0, delivered: 0, failed: 0, deferred: 0, parked: 0 });

/** Receivers a pin leaves out: the lead waits for a webhook, unsigned, without ADF. */
const UNPINNED: TenantReceivers = {
  channels: [{ key: "webhook", type: "webhook", url: null }],
  secret: null,
  from: "leads@localhost",
  adf: () => {
    throw new Error("ADF is not available in this process");
  },
};

/** Each tenant's receivers, worked out on first use and kept for the rest of one pass. */
function receiversOfPass(options: OutboxOptions): (tenant: string) => TenantReceivers {
  const known = new Map<string, TenantReceivers>();
  return (tenant) => {
    let receivers = known.get(tenant);
    if (!receivers) {
      receivers = options.receiversFor
        ? { ...UNPINNED, ...options.receiversFor(tenant) }
        : tenantReceivers(tenant, options.env);
      known.set(tenant, receivers);
    }
    return receivers;
  };
}

/**
 * Splits due leads still queued for "every channel" into one row per channel of their tenant (as
 * configured now), so each channel is retried, parked and recorded on its own. One statement takes
 * the rows and writes their split (data-modifying CTEs run atomically), so no transaction holds
 * the outbox between round trips while new leads wait to be stored.
 */
async function splitIntoChannels(
  options: OutboxOptions,
  receiversOf: (tenant: string) => TenantReceivers,
  batchSize: number,
): Promise<void> {
  const { db } = options;
  // This worker's tenant, or (the all-tenant worker) every tenant with a lead to split now; one
  // whose first lead arrives after this read is split on the next pass.
  const tenants =
    options.tenant !== null
      ? [options.tenant]
      : (
          await leadsDb(db)
            .selectFrom("lead_outbox")
            .select("tenant")
            .distinct()
            .where("channel", "=", ALL_CHANNELS)
            .where("delivered_at", "is", null)
            .where("next_attempt_at", "<=", sql<Date>`now()`)
            .execute()
        ).map((row) => row.tenant);
  if (tenants.length === 0) return;
  const channels = tenants.flatMap((tenant) =>
    receiversOf(tenant).channels.map((channel) => ({ tenant, key: channel.key })),
  );
  await sql`
    with due as (
      select lead_id from ${sql.table("lead_outbox")}
      where channel = ${ALL_CHANNELS} and delivered_at is null and next_attempt_at <= now()
        and tenant = any(${tenants}::text[])
      limit ${batchSize}
      for update skip locked
    ),
    taken as (
      delete from ${sql.table("lead_outbox")} as queued using due
      where queued.lead_id = due.lead_id and queued.channel = ${ALL_CHANNELS}
      returning queued.lead_id, queued.tenant, queued.created_at
    )
    insert into ${sql.table("lead_outbox")} (lead_id, tenant, channel, created_at)
    select taken.lead_id, taken.tenant, channel.key, taken.created_at
    from taken
    join unnest(
      ${channels.map((channel) => channel.tenant)}::text[], ${channels.map((channel) => channel.key)}::text[]
    ) as channel(tenant, key) on channel.tenant = taken.tenant
    on conflict (lead_id, channel) do nothing`.execute(db);
}

/** A row its receiver accepted, to be marked delivered. */
interface Accepted {
  leadId: string;
  channel: string;
  attempts: number;
}

/**
 * Marks many sent rows delivered in one statement. Delivered is true whoever holds the lease now,
 * so it is unconditional; a crash before it only means those leads are sent again (the receiver
 * dedupes on lead_id).
 */
async function markDeliveredRows(db: Db, rows: Accepted[]): Promise<undefined[]> {
  await sql`
    update ${sql.table("lead_outbox")}
    set delivered_at = now(), last_attempt_at = now(), attempts = sent.attempts,
      last_error = null, locked_until = null, locked_by = null
    from unnest(
      ${rows.map((row) => row.leadId)}::uuid[],
      ${rows.map((row) => row.channel)}::text[],
      ${rows.map((row) => row.attempts)}::int[]
    ) as sent(lead_id, channel, attempts)
    where lead_outbox.lead_id = sent.lead_id and lead_outbox.channel = sent.channel`.execute(db);
  return rows.map(() => undefined);
}

const recorders = new WeakMap<Db, (row: Accepted) => Promise<undefined>>();

/**
 * Marks one row delivered as soon as it is accepted; rows accepted while another mark is being
 * written share the next statement (group commit), so a busy database is not asked for one write
 * per lead while it is also taking new ones.
 */
function markDelivered(db: Db, row: Accepted): Promise<undefined> {
  let record = recorders.get(db);
  if (!record) {
    record = batched((rows: Accepted[]) => markDeliveredRows(db, rows));
    recorders.set(db, record);
  }
  return record(row);
}

/** One outbox pass: claim due rows, send each down its channel, record each outcome as it comes. */
export async function sendDueLeads(options: OutboxOptions): Promise<PassResult> {
  const { db } = options;
  const workerId = options.workerId ?? randomUUID();
  const batchSize = options.batchSize ?? OUTBOX_DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs;
  const timeoutMs = options.timeoutMs ?? OUTBOX_DEFAULTS.timeoutMs;
  const schedule = options.schedule ?? DEFAULT_RETRY_SCHEDULE;
  const random = options.random ?? Math.random;

  const receiversOf = receiversOfPass(options);
  await splitIntoChannels(options, receiversOf, batchSize);
  const claimed = await leadsDb(db)
    .updateTable("lead_outbox")
    .set({ locked_until: dbNowPlus(leaseMs), locked_by: workerId })
    .where(({ eb, refTuple, selectFrom }) => {
      let due = selectFrom("lead_outbox")
        .select(["lead_id", "channel"])
        .where("channel", "<>", ALL_CHANNELS)
        .where("delivered_at", "is", null)
        .where("parked_at", "is", null)
        .where("next_attempt_at", "<=", sql<Date>`now()`)
        .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<=", sql<Date>`now()`)]));
      if (options.tenant !== null) due = due.where("tenant", "=", options.tenant);
      return eb(
        refTuple("lead_id", "channel"),
        "in",
        due
          .orderBy("next_attempt_at")
          .limit(batchSize)
          .forUpdate()
          .skipLocked()
          .$asTuple("lead_id", "channel"),
      );
    })
    .returning(["lead_id", "channel", "attempts", "permanent_failures"])
    .execute();
  if (claimed.length === 0) return emptyPass();

  const leads = new Map(
    (
      await leadsDb(db)
        .selectFrom("leads")
        .select(["id", "tenant", "kind", "fields", "created_at"])
        .where("id", "in", [...new Set(claimed.map((row) => row.lead_id))])
        .execute()
    ).map((lead) => [lead.id, lead as OutboxLead]),
  );
  type Row = (typeof claimed)[number];
  const ours = (row: Row) =>
    leadsDb(db)
      .updateTable("lead_outbox")
      // Only our own claim: a row whose lease passed to another worker is theirs to record.
      .where("lead_id", "=", row.lead_id)
      .where("channel", "=", row.channel)
      .where("locked_by", "=", workerId)
      .where("delivered_at", "is", null);

  const result: PassResult = { ...emptyPass(), claimed: claimed.length };
  const queue = [...claimed];
  const sendOne = async (row: Row) => {
    if (options.deadline !== undefined && Date.now() + timeoutMs > options.deadline) {
      await ours(row).set({ locked_until: null, locked_by: null }).execute();
      result.deferred += 1;
      return;
    }
    const attempts = row.attempts + 1;
    const lead = leads.get(row.lead_id);
    try {
      if (!lead) throw new SendError("The lead is gone", true, true);
      const receivers = receiversOf(lead.tenant);
      const channel = receivers.channels.find((candidate) => candidate.key === row.channel);
      if (!channel)
        throw new SendError(`The delivery channel "${row.channel}" is no longer configured`, true, true);
      await sendToChannel(channel, lead, {
        deployed: options.deployed ?? false,
        secret: receivers.secret,
        fetch: options.fetch ?? fetch,
        timeoutMs,
        signal: options.signal,
        now: (options.now ?? clock)(),
        adf: receivers.adf,
        mailer: options.mailer,
        from: receivers.from,
      });
      // Recorded at once, so a pass cut short never sends this row again.
      await markDelivered(db, { leadId: row.lead_id, channel: row.channel, attempts });
      result.delivered += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof SendError && error.permanent;
      const permanentFailures = permanent ? row.permanent_failures + 1 : 0;
      const park =
        permanentFailures >= PARK_AFTER_PERMANENT_FAILURES || (error instanceof SendError && error.parkNow);
      const delay = retryDelayMs(attempts, schedule);
      await ours(row)
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
          `[leads] parked lead ${row.lead_id} (${row.channel}) of ${lead?.tenant ?? "?"} after ${permanentFailures} refusals (${message.slice(0, 200)}); fix the channel and requeue it`,
        );
      } else result.failed += 1;
    }
  };
  const lanes = Array.from(
    { length: Math.min(options.concurrency ?? OUTBOX_DEFAULTS.concurrency, queue.length) },
    async () => {
      for (let row = queue.shift(); row; row = queue.shift()) await sendOne(row);
    },
  );
  await Promise.all(lanes);
  return result;
}
