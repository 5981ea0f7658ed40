/** Applying the migrations to a database (npm run migrate, and openDb locally). */
import { type Kysely, sql } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import { MIGRATIONS } from "./history";

/** Names in Kysely's record of applied migrations; none on a database never migrated. */
async function executedMigrationNames(db: Kysely<unknown>): Promise<string[]> {
  const { rows: table } = await sql<{ exists: boolean }>`
    select to_regclass('kysely_migration') is not null as exists`.execute(db);
  if (!table[0]?.exists) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Applies every pending migration `migrations` holds (by default this release's); throws with the
 * failing migration's name and cause. Kysely's Migrator refuses a database holding a migration it
 * was not given ("previously executed migration … is missing"); a later release's migrations are
 * expansions this code can ignore (see ./index.ts), so they are handed to it as already
 * applied no-ops and left as they are.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  migrations: Record<string, Migration> = MIGRATIONS,
): Promise<string[]> {
  const newer = (await executedMigrationNames(db)).filter((name) => !Object.hasOwn(migrations, name));
  if (newer.length > 0) {
    console.warn(
      `[db] the database holds migrations newer than this code, left as they are: ${newer.sort().join(", ")}`,
    );
  }
  const known: Record<string, Migration> = {
    ...Object.fromEntries(newer.map((name): [string, Migration] => [name, { up: async () => {} }])),
    ...migrations,
  };
  const provider: MigrationProvider = { getMigrations: async () => known };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    throw new Error(
      `Database migration ${failed ? `"${failed.migrationName}" ` : ""}failed: ${
        error instanceof Error ? error.message : String(error)
      }`,
      { cause: error },
    );
  }
  return (results ?? [])
    .filter((result) => result.status === "Success")
    .map((result) => result.migrationName);
}
