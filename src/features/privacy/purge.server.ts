/**
 * The scheduled privacy purge of one tenant (APP 11.2): deletes every row kept longer than the
 * tenant's retention for its kind (retention.ts), in one transaction, and logs what went.
 *
 * Two things outlive their kind's retention, on purpose: the lead that carried an unsubscribe
 * stays as long as the unsubscribe (it is the proof the address asked to be left alone), and a lead
 * stays while a spin still points at it. A payment that goes takes its reservation with it; a lead
 * that goes is unlinked from the payment it started.
 */
import { sql } from "kysely";
import type { Db } from "~/lib/db/db.server";
import { logPrivacyRequest } from "./log.server";
import {
  RETENTION_CLOCK,
  RETENTION_KINDS,
  type RetentionKind,
  type RetentionPolicy,
  retentionCutoffs,
} from "./retention";

export type PurgeCounts = Record<RetentionKind, number> & { reservations: number };

export async function purgeTenant(
  db: Db,
  tenant: string,
  policy: Partial<RetentionPolicy> | undefined,
  now: Date,
): Promise<PurgeCounts> {
  const cutoffs = retentionCutoffs(policy, now);
  const past = (kind: RetentionKind) => sql`${sql.ref(RETENTION_CLOCK[kind])} < ${cutoffs[kind]}`;
  const counts = await db.transaction().execute(async (trx) => {
    const deleted = async (query: ReturnType<typeof sql>) =>
      Number((await query.execute(trx)).numAffectedRows ?? 0);
    const oldPayments = sql`select id from payments where tenant = ${tenant} and ${past("payments")}`;
    const reservations = await deleted(
      sql`delete from reservations where tenant = ${tenant} and payment_id in (${oldPayments})`,
    );
    const payments = await deleted(
      sql`delete from payments where tenant = ${tenant} and ${past("payments")}`,
    );
    const spins = await deleted(sql`delete from spins where tenant = ${tenant} and ${past("spins")}`);
    const oldLeads = sql`select id from leads l where l.tenant = ${tenant} and l.created_at < ${cutoffs.leads}
      and not exists (select 1 from unsubscribes u where u.lead_id = l.id)
      and not exists (select 1 from spins s where s.lead_id = l.id)`;
    await sql`update payments set lead_id = null where tenant = ${tenant} and lead_id in (${oldLeads})`.execute(
      trx,
    );
    // Their outbox rows go with them (on delete cascade).
    const leads = await deleted(sql`delete from leads where tenant = ${tenant} and id in (${oldLeads})`);
    const rest = {} as Record<"car_views" | "phone_reveals" | "sessions" | "sign_in_codes", number>;
    for (const kind of ["car_views", "phone_reveals", "sessions", "sign_in_codes"] as const)
      rest[kind] = await deleted(
        sql`delete from ${sql.table(kind)} where tenant = ${tenant} and ${past(kind)}`,
      );
    return { leads, payments, spins, reservations, ...rest };
  });
  const total = [...RETENTION_KINDS, "reservations" as const].reduce((sum, kind) => sum + counts[kind], 0);
  if (total > 0)
    await logPrivacyRequest(db, {
      tenant,
      action: "purge",
      applied: true,
      counts,
      operator: "scheduled privacy purge",
      reference: null,
      at: now,
    });
  return counts;
}
