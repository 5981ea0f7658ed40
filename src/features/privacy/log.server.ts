/**
 * The privacy log (table `privacy_requests`): each export, erasure, offboarding and purge that ran,
 * with its counts per table, who ran it and the request's reference, never the person it was about.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/lib/db/db.server";

export interface PrivacyLogEntry {
  tenant: string;
  action: "export" | "delete" | "offboard" | "purge";
  applied: boolean;
  counts: Record<string, unknown>;
  operator: string | null;
  reference: string | null;
  at: Date;
}

export async function logPrivacyRequest(db: Db, entry: PrivacyLogEntry): Promise<void> {
  await sql`insert into privacy_requests (id, tenant, action, applied, counts, operator, reference, created_at)
    values (${randomUUID()}, ${entry.tenant}, ${entry.action}, ${entry.applied}, ${JSON.stringify(entry.counts)}::jsonb,
      ${entry.operator}, ${entry.reference}, ${entry.at})`.execute(db);
}
