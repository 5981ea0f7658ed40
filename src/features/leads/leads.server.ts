/**
 * Lead storage: a lead and its outbox row are written atomically, so a lead the shopper was told
 * about is always on its way to the dealer. The idempotency key makes a retried or double-clicked
 * submission a no-op that answers with the first lead_id.
 */
import { randomUUID } from "node:crypto";
import { batched } from "~/lib/db/batch";
import type { Db } from "~/lib/db/db.server";
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

export interface NewLead {
  tenant: string;
  lead: Lead | UnsubscribeNotice | PaymentNotice;
  /** The form's Idempotency-Key header, or null when it sent none. */
  idempotencyKey: string | null;
  /** Honeypot hit: kept for review, never delivered. */
  spam: boolean;
  clientIp: string | null;
  userAgent: string | null;
}

export interface StoredLead {
  leadId: string;
  /** False when the idempotency key had already stored this lead. */
  created: boolean;
}

/**
 * Stores many leads in one statement: the lead inserts and their outbox inserts are
 * data-modifying CTEs, which Postgres runs atomically (one implicit transaction), so there is never
 * a lead without its outbox row or the reverse. Results come back in input order.
 */
export async function storeLeads(db: Db, inputs: NewLead[]): Promise<StoredLead[]> {
  const rows = inputs.map((input) => {
    const { kind, ...fields } = input.lead;
    return {
      id: randomUUID(),
      tenant: input.tenant,
      kind,
      idempotency_key: input.idempotencyKey,
      fields: JSON.stringify(fields),
      spam: input.spam,
      client_ip: input.clientIp,
      user_agent: input.userAgent,
    };
  });
  // Same lock order in every statement, so concurrent batches (many instances) cannot deadlock.
  const ordered = [...rows].sort((a, b) =>
    `${a.tenant}\0${a.idempotency_key ?? ""}`.localeCompare(`${b.tenant}\0${b.idempotency_key ?? ""}`),
  );
  const inserted = await db
    .with("inserted", (qb) =>
      qb
        .insertInto("leads")
        .values(ordered)
        // A concurrent insert with the same key waits for the first to commit, then does nothing;
        // so does a repeat of a key within this statement.
        .onConflict((conflict) => conflict.columns(["tenant", "idempotency_key"]).doNothing())
        .returning(["id", "tenant", "spam"]),
    )
    .with("queued", (qb) =>
      qb
        .insertInto("lead_outbox")
        .columns(["lead_id", "tenant"])
        // Spam is kept for review but never queued for delivery.
        .expression((eb) =>
          eb
            .selectFrom("inserted")
            .select(["inserted.id", "inserted.tenant"])
            .where("inserted.spam", "=", false),
        )
        .returning("lead_id"),
    )
    .selectFrom("inserted")
    .select("id")
    .execute();
  const created = new Set(inserted.map((row) => row.id));

  const replayKeys = rows.filter((row) => !created.has(row.id)).map((row) => row.idempotency_key ?? "");
  const existing = new Map<string, string>();
  if (replayKeys.length > 0) {
    const found = await db
      .selectFrom("leads")
      .select(["id", "tenant", "idempotency_key"])
      .where("idempotency_key", "in", replayKeys)
      .execute();
    for (const row of found) existing.set(`${row.tenant}\0${row.idempotency_key}`, row.id);
  }
  return rows.map((row) => {
    if (created.has(row.id)) return { leadId: row.id, created: true };
    const leadId = existing.get(`${row.tenant}\0${row.idempotency_key}`);
    if (!leadId)
      throw new Error(`Lead with idempotency key "${row.idempotency_key}" was neither stored nor found`);
    return { leadId, created: false };
  });
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

const writers = new WeakMap<Db, (input: NewLead) => Promise<StoredLead>>();

/** Stores one lead; leads submitted at the same moment share a statement (group commit). */
export function storeLead(db: Db, input: NewLead): Promise<StoredLead> {
  let write = writers.get(db);
  if (!write) {
    write = batched((inputs: NewLead[]) => storeLeads(db, inputs));
    writers.set(db, write);
  }
  return write(input);
}
