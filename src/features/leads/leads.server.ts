/**
 * Lead storage: a lead and its outbox row are written atomically, so a lead the shopper was told
 * about is always on its way to the dealer. The idempotency key makes a retried or double-clicked
 * submission a no-op that answers with the first lead_id.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { leadsDb } from "~/features/leads/tables";
import { batched } from "~/lib/db/batch";
import type { Db } from "~/lib/db/db.server";
import { clientRecord, ipHashSecret } from "~/server/client-record";
import { countHitsSql, type Hit, judgeHits, planHits } from "~/server/rate-limit.server";
import type { DeliveryCheckNotice } from "./outbox/delivery-check";
import type { Lead } from "./schemas";

/**
 * What else the dealer's CRM hears of through the same outbox: a shopper's request to stop offers
 * and updates (/pages/unsubscribe). Not a lead, but it must arrive just as surely.
 */
export interface UnsubscribeNotice {
  kind: "unsubscribe";
  email: string;
  phone?: string | undefined;
  reason?: string | undefined;
}

/** A card payment the provider confirmed (/online-payment), for the dealer to match and receipt. */
export interface PaymentNotice {
  kind: "online_payment";
  payment_id: string;
  name: string;
  last_name?: string | null | undefined;
  email: string;
  phone: string;
  purpose: string;
  reference: string;
  amount: string;
  amount_cents: number;
  dealership_slug?: string | null | undefined;
  provider: string;
  provider_ref: string | null;
}

/**
 * A reserve deposit's hold changed (paid, cancelled, expired, refunded): filed as the Reserve
 * Online enquiry about the car the checkout page sends, its subcategory naming the change, so
 * every channel (JSON and ADF) carries it as a vehicle lead.
 */
export interface ReservationNotice {
  kind: "enquiry";
  category: string;
  subcategory: string;
  name: string;
  last_name?: string | null | undefined;
  email: string;
  phone: string;
  message: string;
  payment_id: string;
  amount: string;
  provider: string;
  provider_ref: string | null;
  reservation_id?: string | undefined;
  reserved_until?: string | undefined;
  /** The car's lead fields (car_id, stock_number, make, model …). */
  [carField: string]: string | number | null | undefined;
}

export interface NewLead {
  tenant: string;
  lead: Lead | UnsubscribeNotice | PaymentNotice | ReservationNotice | DeliveryCheckNotice;
  /** The form's Idempotency-Key header, or null when it sent none. */
  idempotencyKey: string | null;
  /** Honeypot hit: kept for review, never delivered. */
  spam: boolean;
  /** The client's address; what is stored of it is its network and keyed hash (client-record.ts). */
  clientIp: string | null;
  userAgent: string | null;
}

export interface StoredLead {
  leadId: string;
  /** False when the idempotency key had already stored this lead. */
  created: boolean;
}

/** A lead the rate limit refused: nothing was stored. */
export interface LimitedLead {
  retryAfterSeconds: number;
}

interface Submission {
  input: NewLead;
  /** Counted in the same statement; over its limit, the lead is not stored. */
  hit?: Hit | undefined;
}

/**
 * Stores many leads in one statement: their rate-limit hits, the lead inserts and their outbox
 * inserts are data-modifying CTEs, which Postgres runs atomically (one implicit transaction), so
 * there is never a lead without its outbox row or the reverse, nor a stored lead whose hit was not
 * counted. Columns travel as one array each, so the statement reads the same for any batch.
 * Results come back in input order.
 */
async function writeLeads(db: Db, submissions: Submission[]): Promise<(StoredLead | LimitedLead)[]> {
  const hits = submissions.flatMap(({ hit }) => (hit ? [hit] : []));
  const plan = planHits(hits);
  const secret = ipHashSecret();
  let counted = 0;
  const rows = submissions.map(({ input, hit }) => {
    const { kind, ...fields } = input.lead;
    /** This lead's place in `hits`, when it is counted. */
    const n = hit ? counted++ : undefined;
    return {
      n,
      id: randomUUID(),
      tenant: input.tenant,
      kind,
      idempotency_key: input.idempotencyKey,
      fields: JSON.stringify(fields),
      spam: input.spam,
      ...clientRecord(input.tenant, input.clientIp, secret),
      user_agent: input.userAgent,
      bucket: hit?.bucket ?? null,
      window_start: n === undefined ? null : new Date(plan.windows[n] ?? 0),
      ceiling: n === undefined ? null : (plan.ceilings[n] ?? 0),
    };
  });
  type Row = (typeof rows)[number];
  // Same lock order in every statement, so concurrent batches (many instances) cannot deadlock.
  const lockKey = (row: Row) => `${row.tenant}\0${row.idempotency_key ?? ""}`;
  const ordered = [...rows].sort((a, b) => lockKey(a).localeCompare(lockKey(b)));
  const column = <K extends keyof Row>(key: K) => ordered.map((row) => row[key]);

  const { rows: answers } = await sql<{
    id: string | null;
    bucket: string | null;
    window_start: Date | null;
    hits: number | null;
  }>`
    with counted as (${countHitsSql(plan)}),
    submitted as (
      select * from unnest(
        ${column("id")}::uuid[], ${column("tenant")}::text[], ${column("kind")}::text[],
        ${column("idempotency_key")}::text[], ${column("fields")}::text[], ${column("spam")}::boolean[],
        ${column("client_network")}::text[], ${column("client_hash")}::text[], ${column("user_agent")}::text[],
        ${column("bucket")}::text[], ${column("window_start")}::timestamptz[], ${column("ceiling")}::int[]
      ) with ordinality as submitted(id, tenant, kind, idempotency_key, fields, spam, client_network,
        client_hash, user_agent, bucket, window_start, ceiling, position)
    ),
    inserted as (
      insert into ${sql.table("leads")} (id, tenant, kind, idempotency_key, fields, spam, client_network,
        client_hash, user_agent)
      select s.id, s.tenant, s.kind, s.idempotency_key, s.fields::jsonb, s.spam, s.client_network,
        s.client_hash, s.user_agent
      from submitted s
      left join counted c on c.bucket = s.bucket and c.window_start = s.window_start
      -- Not counted against a limit, or within it.
      where s.bucket is null or c.hits <= s.ceiling
      order by s.position
      -- A concurrent insert with the same key waits for the first to commit, then does nothing;
      -- so does a repeat of a key within this statement.
      on conflict (tenant, idempotency_key) do nothing
      returning id, tenant, spam
    ),
    queued as (
      -- Spam is kept for review but never queued for the CRM.
      insert into ${sql.table("lead_outbox")} (lead_id, tenant) select id, tenant from inserted where not spam
    )
    select id::text, null as bucket, null::timestamptz as window_start, null::int as hits from inserted
    union all
    select null, bucket, window_start, hits from counted`.execute(db);

  const created = new Set(answers.flatMap(({ id }) => (id ? [id] : [])));
  const verdicts = judgeHits(
    hits,
    plan,
    answers.flatMap(({ bucket, window_start, hits }) =>
      bucket !== null && window_start !== null && hits !== null ? [{ bucket, window_start, hits }] : [],
    ),
  );
  const limited = (row: Row) => {
    const verdict = row.n === undefined ? undefined : verdicts[row.n];
    return verdict?.allowed === false ? verdict : null;
  };

  // Not stored and not limited: its key had already stored a lead, whose id is the answer.
  const replayKeys = rows.flatMap((row) =>
    created.has(row.id) || limited(row) ? [] : [row.idempotency_key ?? ""],
  );
  const existing = new Map<string, string>();
  if (replayKeys.length > 0) {
    const found = await leadsDb(db)
      .selectFrom("leads")
      .select(["id", "tenant", "idempotency_key"])
      .where("idempotency_key", "in", replayKeys)
      .execute();
    for (const row of found) existing.set(`${row.tenant}\0${row.idempotency_key}`, row.id);
  }
  return rows.map((row) => {
    const verdict = limited(row);
    if (verdict) return { retryAfterSeconds: verdict.retryAfterSeconds };
    if (created.has(row.id)) return { leadId: row.id, created: true };
    const leadId = existing.get(lockKey(row));
    if (!leadId)
      throw new Error(`Lead with idempotency key "${row.idempotency_key}" was neither stored nor found`);
    return { leadId, created: false };
  });
}

/** Stores many leads (and notices) in one statement; results come back in input order. */
export async function storeLeads(db: Db, inputs: NewLead[]): Promise<StoredLead[]> {
  return (await writeLeads(
    db,
    inputs.map((input) => ({ input })),
  )) as StoredLead[];
}

class RecordExists extends Error {}

/**
 * Stores a lead (or notice) and the record it belongs to in one transaction, so neither exists
 * without the other (a Spin to Win spin, an unsubscribe). `record` writes that record with the
 * lead's id and answers false when it was already there (a twin request at the same moment): then
 * both roll back and this answers null. Otherwise it answers the lead's id.
 */
export async function storeLeadWithRecord(
  db: Db,
  input: NewLead,
  record: (trx: Db, leadId: string) => Promise<boolean>,
): Promise<string | null> {
  return db
    .transaction()
    .execute(async (trx) => {
      const [stored] = await storeLeads(trx, [input]);
      if (!stored) throw new Error(`the ${input.lead.kind} lead was not stored`);
      if (!(await record(trx, stored.leadId))) throw new RecordExists();
      return stored.leadId;
    })
    .catch((error: unknown) => {
      if (error instanceof RecordExists) return null;
      throw error;
    });
}

const writers = new WeakMap<Db, (submission: Submission) => Promise<StoredLead | LimitedLead>>();

/**
 * Stores one lead; leads submitted at the same moment share a statement (group commit). With a
 * `hit`, the same statement counts it against its rate limit, and a lead over the limit is not
 * stored: the answer says when to try again.
 */
export function storeLead(db: Db, input: NewLead, hit: Hit): Promise<StoredLead | LimitedLead>;
export function storeLead(db: Db, input: NewLead): Promise<StoredLead>;
export function storeLead(db: Db, input: NewLead, hit?: Hit): Promise<StoredLead | LimitedLead> {
  let write = writers.get(db);
  if (!write) {
    write = batched((submissions: Submission[]) => writeLeads(db, submissions));
    writers.set(db, write);
  }
  return write({ input, hit });
}
