/**
 * Table types of leads and their CRM outbox (migrations in src/lib/db/migrations/), added to the
 * shared query layer with `db.$extendTables`, so the feature owns them.
 */
import type { ColumnType, Generated } from "kysely";
import type { Optional, Timestamp } from "~/lib/db/columns";
import type { Db } from "~/lib/db/db.server";

// Type aliases, not interfaces: `$extendTables` needs types with an implicit index signature.
export type LeadsTable = {
  /** The lead_id the shopper's form gets back and the CRM dedupes on. */
  id: string;
  tenant: string;
  kind: string;
  /** The form's `Idempotency-Key` header; unique per tenant. */
  idempotency_key: Optional<string>;
  /** The validated form submission, by the spec's field names. */
  fields: ColumnType<Record<string, unknown>, string, string>;
  /** Honeypot hits are kept (nothing genuine is lost) but never delivered. */
  spam: Generated<boolean>;
  /**
   * The client's address, as releases before client_network wrote it; nothing writes it now, and
   * migration 2026_11_29_060 turned the stored ones into their networks.
   */
  client_ip: Optional<string>;
  /** The client's network: IPv4 /24, IPv6 /64 (src/server/client-record.ts). */
  client_network: Optional<string>;
  /** Keyed hash of the client's address (IP_HASH_SECRET), when the deploy has one. */
  client_hash: Optional<string>;
  user_agent: Optional<string>;
  created_at: Timestamp;
};

export type LeadOutboxTable = {
  lead_id: string;
  tenant: string;
  /** The delivery channel (site.json `leads.delivery` key), or "*" until split into the tenant's channels. */
  channel: ColumnType<string, string | undefined, string>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  /** Lease: while in the future, one worker owns the row and others skip it. */
  locked_until: Optional<Date>;
  locked_by: Optional<string>;
  last_attempt_at: Optional<Date>;
  last_error: Optional<string>;
  delivered_at: Optional<Date>;
  /** Refusals in a row with a status no retry fixes (4xx other than 408/429). */
  permanent_failures: Generated<number>;
  /** Set aside after too many permanent refusals: not retried until an operator requeues it. */
  parked_at: Optional<Date>;
  created_at: Timestamp;
};

export type LeadTables = { leads: LeadsTable; lead_outbox: LeadOutboxTable };

export function leadsDb(db: Db) {
  return db.$extendTables<LeadTables>();
}
