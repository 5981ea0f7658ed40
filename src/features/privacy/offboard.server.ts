/**
 * A dealer leaving the platform: every row of every tenant table of theirs exported, then deleted,
 * with the row counts before and after. Only that tenant's rows: each statement names it, and under
 * the tenant's own role row security allows nothing else.
 *
 * The privacy log stays: it is the record that the tenant's data was handed over and destroyed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "~/lib/db/db.server";
import { TENANT_TABLES } from "~/lib/db/migrations";

/**
 * Every table holding a tenant's rows, in an order that deletes rows before the rows they point to
 * (a hold before its payment, a payment before its account and lead, a lead's outbox before it).
 */
export const OFFBOARD_ORDER = [
  "reservations",
  "payments",
  "spins",
  "unsubscribes",
  "lead_outbox",
  "leads",
  "sessions",
  "watchlist",
  "garage_vehicles",
  "users",
  "sign_in_codes",
  "phone_reveals",
  "car_views",
  "stock_feed_events",
  "stock_builds",
  "ops_events",
  "ops_alerts",
  "rate_limits",
] as const;

/** Tenant tables an offboarding keeps. */
export const OFFBOARD_KEEPS = ["privacy_requests"] as const;

/**
 * Tenant tables the order does not name: a table added later must be placed in it (or kept on
 * purpose), or an offboarding would leave its rows behind, so offboarding refuses to run until then.
 */
export function unplacedTables(tables: readonly string[] = TENANT_TABLES): string[] {
  const placed = new Set<string>([...OFFBOARD_ORDER, ...OFFBOARD_KEEPS]);
  return tables.filter((table) => !placed.has(table));
}

export type TableCounts = Record<(typeof OFFBOARD_ORDER)[number], number>;

/** Rate-limit buckets are named "<what>:<tenant>:<who>"; every other table has a tenant column. */
const ofTenant = (table: string, tenant: string): RawBuilder<unknown> =>
  table === "rate_limits" ? sql`split_part(bucket, ':', 2) = ${tenant}` : sql`tenant = ${tenant}`;

function assertPlaced(): void {
  const missing = unplacedTables();
  if (missing.length)
    throw new Error(
      `Offboarding does not know the tenant table(s) ${missing.join(", ")}: add them to OFFBOARD_ORDER.`,
    );
}

export async function countTenantRows(db: Db, tenant: string): Promise<TableCounts> {
  const counts = {} as TableCounts;
  for (const table of OFFBOARD_ORDER) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}
      where ${ofTenant(table, tenant)}`.execute(db);
    counts[table] = rows[0]?.n ?? 0;
  }
  return counts;
}

/**
 * Writes `<folder>/<table>.json` (an array of the tenant's rows, as stored) for every table, and
 * `<folder>/counts.json`; returns the counts.
 */
export async function exportTenant(db: Db, tenant: string, folder: string): Promise<TableCounts> {
  assertPlaced();
  mkdirSync(folder, { recursive: true });
  const counts = {} as TableCounts;
  for (const table of OFFBOARD_ORDER) {
    const { rows } = await sql`select * from ${sql.table(table)} where ${ofTenant(table, tenant)}`.execute(
      db,
    );
    counts[table] = rows.length;
    writeFileSync(path.join(folder, `${table}.json`), `${JSON.stringify(rows, null, 2)}\n`);
  }
  writeFileSync(path.join(folder, "counts.json"), `${JSON.stringify({ tenant, counts }, null, 2)}\n`);
  return counts;
}

/** Deletes every row of the tenant, in one transaction; returns the counts left (all zero). */
export async function deleteTenant(db: Db, tenant: string): Promise<TableCounts> {
  assertPlaced();
  return db.transaction().execute(async (trx) => {
    for (const table of OFFBOARD_ORDER)
      await sql`delete from ${sql.table(table)} where ${ofTenant(table, tenant)}`.execute(trx);
    return countTenantRows(trx, tenant);
  });
}
