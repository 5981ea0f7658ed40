/**
 * One database role per tenant: `tenant_<slug>` (hyphens as underscores; slugs have no
 * underscores, so the mapping is reversible). Row-level security (migration
 * 2026_11_26_010_tenant_row_security) lets such a role see and write only its tenant's rows, so a
 * tenant's site that holds only its own credentials cannot reach another dealer's leads, even
 * through a bug in our code. The owner role migrates and provisions; it is never given to a site.
 */
import { sql } from "kysely";
import { SLUG_PATTERN } from "~/lib/slug";
import type { Db } from "./db.server";
import { TENANT_TABLES } from "./migrations";

export const TENANT_ROLE_PREFIX = "tenant_";

export function tenantRoleName(slug: string): string {
  if (!SLUG_PATTERN.test(slug) || slug.length > 56) throw new Error(`"${slug}" is not a tenant slug.`);
  return `${TENANT_ROLE_PREFIX}${slug.replaceAll("-", "_")}`;
}

/** Whether a connection's role is a tenant's (it may not migrate and sees only its own rows). */
export const isTenantRole = (role: string) => role.startsWith(TENANT_ROLE_PREFIX);

/**
 * Creates the tenant's role (or sets a new password on it) with exactly the rights a site needs:
 * rows of the tenant tables and rate limits, nothing else (no schema changes, no other roles), and
 * a search path pinned to pg_catalog and public.
 */
export async function provisionTenantRole(db: Db, slug: string, password: string): Promise<void> {
  const role = tenantRoleName(slug);
  if (!/^[A-Za-z0-9_-]{24,}$/.test(password))
    throw new Error("Use a random password of 24+ letters and digits.");
  await db.transaction().execute(async (trx) => {
    const exists = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_roles where rolname = ${role}`.execute(trx);
    const verb = exists.rows[0]?.n ? sql`alter` : sql`create`;
    await sql`${verb} role ${sql.id(role)} with login password ${sql.lit(password)} nosuperuser nocreatedb nocreaterole noinherit nobypassrls`.execute(
      trx,
    );
    // pg_catalog first, and no "$user" schema: whatever a session of this role names unqualified
    // resolves to the system's own functions and our tables. (A session may still set its own path;
    // app_tenant() carries its own, so row security does not rest on this.)
    await sql`alter role ${sql.id(role)} set search_path = pg_catalog, public`.execute(trx);
    await sql`grant usage on schema public to ${sql.id(role)}`.execute(trx);
    // Only the tables this database has yet: a migration that adds a tenant table grants it to
    // the tenant roles that exist by then.
    for (const table of [...TENANT_TABLES, "rate_limits"]) {
      const exists = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(
        trx,
      );
      if (!exists.rows[0]?.found) continue;
      await sql`grant select, insert, update, delete on ${sql.table(table)} to ${sql.id(role)}`.execute(trx);
    }
  });
}

/** The owner's connection URL with the tenant's role and password instead (for its site's DATABASE_URL). */
export function tenantDatabaseUrl(ownerUrl: string, slug: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = tenantRoleName(slug);
  url.password = password;
  return url.toString();
}
