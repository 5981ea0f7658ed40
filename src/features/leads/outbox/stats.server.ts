/** The outbox as ops see it: counts per state, and putting parked leads back in line. */
import { sql } from "kysely";
import { leadsDb } from "~/features/leads/tables";
import type { Db } from "~/lib/db/db.server";

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
  let query = leadsDb(db)
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
  const result = await leadsDb(db)
    .updateTable("lead_outbox")
    .set({ parked_at: null, permanent_failures: 0, next_attempt_at: sql<Date>`now()` })
    .where("tenant", "=", tenant)
    .where("parked_at", "is not", null)
    .where("delivered_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
