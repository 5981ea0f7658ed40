/**
 * The row-security helper `app_tenant()` cannot be hijacked by a tenant's own role, even on a
 * cluster where every role may still create objects in schema `public` (PostgreSQL 14 and older,
 * clusters upgraded from them, several managed services). Run on a throwaway PostgreSQL 15 with
 * that right granted back to PUBLIC first, as such a cluster has it.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadsDb } from "~/features/leads/tables";
import { type Db, openDb } from "~/lib/db/db.server";
import { MIGRATIONS, migrateToLatest } from "~/lib/db/migrations";
import { provisionTenantRole, tenantDatabaseUrl } from "~/lib/db/tenant-roles.server";
import { type Postgres, startPostgres } from "./leads-helpers";

/** The migration that pins the helper's search path; everything before it is the old helper. */
const PINNED = "2026_11_29_040_app_tenant_pinned_search_path";
const PASSWORD = "w".repeat(24);

/**
 * What a stolen `tenant_westside_auto` password can run: versions of the calls `app_tenant()`
 * makes, in `public`, that name another dealer, put ahead of `pg_catalog` in its own session.
 */
const PLANT = [
  `create function public.starts_with(text, text) returns boolean language sql as $$ select true $$`,
  `create function public.substr(text, integer) returns text language sql as $$ select 'bayside_nissan' $$`,
  `create function public.replace(text, text, text) returns text language sql as $$ select 'bayside-nissan' $$`,
  "set search_path = public, pg_catalog",
];

let pg: Postgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(() => {
  pg?.stop();
});

const urlOf = (database: string) => {
  const url = new URL(pg.url);
  url.pathname = `/${database}`;
  return url.toString();
};

/**
 * A new database on the cluster as an old one has it (CREATE on `public` for every role), migrated
 * by the owner with `migrations`, with one lead of each of two dealers and westside's own role.
 */
async function databaseWith(name: string, migrations: typeof MIGRATIONS): Promise<Db> {
  const admin = await openDb({ kind: "postgres", url: urlOf("postgres"), poolSize: 1 }, { migrate: false });
  try {
    await sql`create database ${sql.id(name)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const owner = await openDb({ kind: "postgres", url: urlOf(name), poolSize: 1 }, { migrate: false });
  await sql`grant create on schema public to public`.execute(owner);
  await migrateToLatest(owner as unknown as Kysely<unknown>, migrations);
  await provisionTenantRole(owner, "westside-auto", PASSWORD);
  for (const tenant of ["westside-auto", "bayside-nissan"])
    await sql`insert into leads (id, tenant, kind, fields) values (gen_random_uuid(), ${tenant}, 'contact', '{}')`.execute(
      owner,
    );
  return owner;
}

/** Westside's role on `name`, on one connection so a `set` holds for every later query. */
const asWestside = (name: string) =>
  openDb({ kind: "postgres", url: tenantDatabaseUrl(urlOf(name), "westside-auto", PASSWORD), poolSize: 1 });

const tenantsSeen = async (db: Db) =>
  (await leadsDb(db).selectFrom("leads").select("tenant").distinct().orderBy("tenant").execute()).map(
    (r) => r.tenant,
  );

describe("High: the row-security helper cannot be hijacked by a tenant's role", () => {
  it("the plant is real: it opens another dealer's rows through the helper as it was", async () => {
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < PINNED));
    const owner = await databaseWith("before_pinning", before);
    const westside = await asWestside("before_pinning");
    try {
      expect(await tenantsSeen(westside)).toEqual(["westside-auto"]);
      for (const statement of PLANT) await sql.raw(statement).execute(westside);
      expect(await tenantsSeen(westside)).toEqual(["bayside-nissan"]);
    } finally {
      await westside.destroy();
      await owner.destroy();
    }
  });

  it("after the migrations a tenant's role can plant nothing in public, and a plant changes nothing", async () => {
    const owner = await databaseWith("pinned", MIGRATIONS);
    let westside = await asWestside("pinned");
    try {
      // The role's own search path is pinned, pg_catalog first.
      expect((await sql<{ search_path: string }>`show search_path`.execute(westside)).rows).toEqual([
        { search_path: "pg_catalog, public" },
      ]);
      // The migration took back CREATE on public from every role.
      await expect(sql.raw(PLANT[2] as string).execute(westside)).rejects.toThrow(
        "permission denied for schema public",
      );
      // Where the migrating role could not take it back (it does not own public on some managed
      // services), the helper itself still resolves only pg_catalog's functions.
      await sql`grant create on schema public to public`.execute(owner);
      await westside.destroy();
      westside = await asWestside("pinned");
      for (const statement of PLANT) await sql.raw(statement).execute(westside);
      expect(await tenantsSeen(westside)).toEqual(["westside-auto"]);
      await expect(
        sql`insert into leads (id, tenant, kind, fields) values (gen_random_uuid(), 'bayside-nissan', 'contact', '{}')`.execute(
          westside,
        ),
      ).rejects.toThrow("row-level security");
      // The owner still sees both dealers' rows.
      expect(await tenantsSeen(owner)).toEqual(["bayside-nissan", "westside-auto"]);
    } finally {
      await westside.destroy();
      await owner.destroy();
    }
  });
});

describe("the ops tables are tenant tables", () => {
  it("a role provisioned before them is granted them by their migration, and sees only its own", async () => {
    const OPS = "2026_11_29_100_ops_alerts";
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < OPS));
    // Provisioned while the database had no ops tables: nothing to grant yet, and no error.
    const owner = await databaseWith("ops_rows", before);
    await migrateToLatest(owner as unknown as Kysely<unknown>, MIGRATIONS);
    for (const tenant of ["westside-auto", "bayside-nissan"]) {
      await sql`insert into ops_alerts (tenant, alert, opened_at, detail) values (${tenant}, 'lead_parked', now(), 'x')`.execute(
        owner,
      );
    }
    const westside = await asWestside("ops_rows");
    try {
      const seen = await sql<{ tenant: string }>`select tenant from ops_alerts`.execute(westside);
      expect(seen.rows).toEqual([{ tenant: "westside-auto" }]);
      await sql`insert into ops_events (tenant, kind, at, count) values ('westside-auto', 'webhook_401', now(), 1)`.execute(
        westside,
      );
      await expect(
        sql`insert into ops_events (tenant, kind, at, count) values ('bayside-nissan', 'webhook_401', now(), 1)`.execute(
          westside,
        ),
      ).rejects.toThrow("row-level security");
    } finally {
      await westside.destroy();
      await owner.destroy();
    }
  });
});
