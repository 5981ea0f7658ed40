/**
 * Many tenants' sites share one database and deploy at different times, so the code of one release
 * meets a database that a later release's `npm run migrate` has already moved on. That older code
 * must still open the database, migrate (nothing to do) and store leads. Run on PGlite and on a
 * throwaway PostgreSQL 15 (what deployed sites use).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeLead } from "~/features/leads/leads.server";
import { parseLead } from "~/features/leads/schemas";
import { type Db, type DbTarget, openDb } from "~/lib/db/db.server";
import { MIGRATION_NAMES, MIGRATIONS, migrateToLatest } from "~/lib/db/migrations";
import { type Postgres, startPostgres, validBody } from "./leads-helpers";

const NEWER = "2999_01_01_001_a_later_release";

/** The migrations of a release after this one: ours plus one that expands the schema. */
const newerRelease = {
  ...MIGRATIONS,
  [NEWER]: {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("leads").addColumn("source_campaign", "text").execute();
      await db.schema
        .createTable("later_feature")
        .addColumn("id", "serial", (col) => col.primaryKey())
        .execute();
    },
  },
};

async function executedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

async function storesALead(db: Db): Promise<void> {
  const parsed = parseLead(validBody("enquiry"));
  if (!parsed.success) throw new Error("fixture lead is invalid");
  const stored = await storeLead(db, {
    tenant: "test-motors",
    lead: parsed.lead,
    idempotencyKey: null,
    spam: false,
    clientIp: "203.0.113.9",
    userAgent: "test",
  });
  expect(stored.created).toBe(true);
}

/** A later release migrates `newerDb`; this release's code then opens `db` (the same database). */
async function olderCodeOnNewerDatabase(newerDb: Db, reopen: () => Promise<Db>): Promise<void> {
  try {
    await migrateToLatest(newerDb as unknown as Kysely<unknown>, newerRelease);
  } catch (error) {
    await newerDb.destroy();
    throw error;
  }
  const db = await reopen();
  try {
    expect(await migrateToLatest(db as unknown as Kysely<unknown>)).toEqual([]);
    expect(await executedMigrations(db)).toEqual([...MIGRATION_NAMES, NEWER]);
    await storesALead(db);
  } finally {
    await db.destroy();
  }
}

describe("code older than its database (expand-then-contract migrations)", () => {
  let postgres: Postgres;
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(() => {
    postgres?.stop();
  });
  const postgresTarget = (): Extract<DbTarget, { kind: "postgres" }> => ({
    kind: "postgres",
    url: postgres.url,
    poolSize: 2,
  });

  it("opens a PostgreSQL database a newer release migrated, migrates (nothing to do) and stores a lead", async () => {
    await olderCodeOnNewerDatabase(await openDb(postgresTarget(), { migrate: false }), () =>
      // This release's code opening as the owner migrates, as `npm run migrate` does once per release.
      openDb(postgresTarget(), { migrate: true }),
    );
  });

  it("does the same on PGlite", async () => {
    const db = await openDb({ kind: "pglite", dataDir: null }, { migrate: false });
    // One in-memory database: the later release's migration, then this release's code on it.
    await olderCodeOnNewerDatabase(db, async () => db);
  });

  it("`npm run migrate` of the older release leaves a newer database as it is and exits 0", async () => {
    const target = postgresTarget();
    const newer = await openDb(target, { migrate: false });
    try {
      await migrateToLatest(newer as unknown as Kysely<unknown>, newerRelease);
    } finally {
      await newer.destroy();
    }
    const run = await promisify(execFile)("npx", ["tsx", "scripts/migrate.ts"], {
      env: { ...process.env, DATABASE_URL: target.url, NETLIFY: undefined },
    });
    expect(run.stdout).toContain("Already up to date.");
    expect(run.stderr).toContain(NEWER);
  });
});
