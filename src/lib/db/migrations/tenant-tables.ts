/** The tables that hold a tenant's rows, and the row-level security that keeps them the tenant's. */
import { type Kysely, sql } from "kysely";

/**
 * The tenant tables that existed when row-level security arrived: migration
 * 2026_11_26_010_tenant_row_security secures exactly these. It cannot read TENANT_TABLES, which
 * grows: on a fresh database a later table does not exist yet when it runs.
 */
export const TENANT_TABLES_AT_ROW_SECURITY = [
  "leads",
  "lead_outbox",
  "phone_reveals",
  "car_views",
  "users",
  "sign_in_codes",
  "sessions",
  "watchlist",
  "garage_vehicles",
  "spins",
  "unsubscribes",
  "payments",
] as const;

/**
 * Every table with a `tenant` column. A migration that adds one also calls `tenantRowSecurity` and
 * `grantToTenantRoles` for it and adds it here, so a tenant's role can never read or write another
 * tenant's rows (a new role's grants come from this list, tenant-roles.server.ts).
 */
export const TENANT_TABLES = [
  ...TENANT_TABLES_AT_ROW_SECURITY,
  "stock_feed_events",
  "stock_builds",
  "reservations",
  "ops_events",
  "ops_alerts",
  "privacy_requests",
] as const;

/** Row-level security on `table`: a tenant's role sees and writes only `tenant = app_tenant()`. */
export async function tenantRowSecurity(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`alter table ${sql.table(table)} enable row level security`.execute(db);
  await sql`create policy tenant_rows on ${sql.table(table)}
    using (tenant = app_tenant()) with check (tenant = app_tenant())`.execute(db);
}

/**
 * The rights on a new tenant table for the tenant roles that already exist (`npm run db:tenant-role`
 * gives a new role every tenant table there is): without them, their sites fail on the table the
 * moment a release that reads it deploys.
 */
export async function grantToTenantRoles(db: Kysely<unknown>, table: string): Promise<void> {
  const roles = await sql<{ rolname: string }>`select rolname::text from pg_catalog.pg_roles
    where pg_catalog.starts_with(rolname::text, 'tenant_')`.execute(db);
  for (const { rolname } of roles.rows) {
    await sql`grant select, insert, update, delete on ${sql.table(table)} to ${sql.id(rolname)}`.execute(db);
  }
}
