/** Queuing the daily delivery check (delivery-check.ts) and reading how it went, for the ops view. */
import { sql } from "kysely";
import { leadsDb } from "~/features/leads/tables";
import type { Db } from "~/lib/db/db.server";
import { storeLeads } from "../leads.server";
import { DELIVERY_CHECK_KIND, deliveryCheckKey, deliveryCheckNotice } from "./delivery-check";

/** Queues today's check for `tenant` (once a day); the outbox delivers it like any lead. */
export async function queueDeliveryCheck(
  db: Db,
  tenant: string,
  now: Date,
): Promise<{ leadId: string; created: boolean }> {
  const [stored] = await storeLeads(db, [
    {
      tenant,
      lead: deliveryCheckNotice(),
      idempotencyKey: deliveryCheckKey(now),
      spam: false,
      clientIp: null,
      userAgent: null,
    },
  ]);
  if (!stored) throw new Error("The delivery check was not stored");
  return stored;
}

export interface DeliveryCheckChannel {
  channel: string;
  deliveredAt: Date | null;
  attempts: number;
  lastError: string | null;
  parked: boolean;
}

export interface DeliveryCheckStatus {
  tenant: string;
  leadId: string;
  queuedAt: Date;
  /** One per channel once the outbox split it; a lone "*" row until its first delivery pass. */
  channels: DeliveryCheckChannel[];
}

/** The latest check of each of `tenants` and how each channel took it (none for a tenant never checked). */
export async function deliveryCheckStatuses(
  db: Db,
  tenants: readonly string[],
): Promise<DeliveryCheckStatus[]> {
  if (tenants.length === 0) return [];
  const latest = await leadsDb(db)
    .selectFrom("leads")
    .select(["id", "tenant", "created_at"])
    .distinctOn("tenant")
    .where("kind", "=", DELIVERY_CHECK_KIND)
    .where("tenant", "in", tenants)
    .orderBy("tenant")
    .orderBy("created_at", "desc")
    .execute();
  if (latest.length === 0) return [];
  const rows = await leadsDb(db)
    .selectFrom("lead_outbox")
    .select([
      "lead_id",
      "channel",
      "delivered_at",
      "attempts",
      "last_error",
      sql<boolean>`parked_at is not null`.as("parked"),
    ])
    .where(
      "lead_id",
      "in",
      latest.map((lead) => lead.id),
    )
    .orderBy("channel")
    .execute();
  return latest.map((lead) => ({
    tenant: lead.tenant,
    leadId: lead.id,
    queuedAt: lead.created_at,
    channels: rows
      .filter((row) => row.lead_id === lead.id)
      .map((row) => ({
        channel: row.channel,
        deliveredAt: row.delivered_at,
        attempts: row.attempts,
        lastError: row.last_error,
        parked: row.parked,
      })),
  }));
}
