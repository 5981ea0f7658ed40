/**
 * The one query layer (Kysely) over two dialects: a real Postgres server when DATABASE_URL is set,
 * otherwise PGlite (embedded Postgres) on disk under `.data/` (DATA_DIR overrides the folder;
 * `DATA_DIR=memory` keeps it in memory). Locally, migrations run on open; deployed, `npm run migrate`
 * runs them once per release (see `shouldMigrate`).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { isDeployed } from "~/lib/deployed";
import { migrateToLatest } from "./migrations";
import type { Database } from "./schema";
import { isTenantRole } from "./tenant-roles.server";

export type { Database } from "./schema";
export type Db = Kysely<Database>;

export type DbTarget =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string | null };

/** Where storage lives for this environment. */
export function dbTarget(env: NodeJS.ProcessEnv = process.env): DbTarget {
  if (env.DATABASE_URL) {
    // A function instance serves one request at a time, and hundreds of instances share the
    // server's connection limit: one connection each unless told otherwise.
    const poolSize = Number(env.DATABASE_POOL_SIZE) || (isDeployed(env) ? 1 : 5);
    return { kind: "postgres", url: env.DATABASE_URL, poolSize };
  }
  // A function instance's disk is read-only or thrown away: leads there would be lost, so refuse.
  if (env.AWS_LAMBDA_FUNCTION_NAME) {
    throw new Error(
      "DATABASE_URL is not set. Deployed functions keep leads in Postgres: set DATABASE_URL on the Netlify site.",
    );
  }
  const dataDir = env.DATA_DIR || ".data";
  if (dataDir === "memory") return { kind: "pglite", dataDir: null };
  // Not path.resolve(dataDir, "pglite"): Netlify's file tracer reads that as "a pglite folder
  // anywhere" and walks the whole project, built pages included, for every function it bundles.
  return { kind: "pglite", dataDir: path.join(path.resolve(dataDir), "pglite") };
}

export function describeTarget(target: DbTarget): string {
  if (target.kind === "pglite") return target.dataDir ? `PGlite at ${target.dataDir}` : "PGlite in memory";
  const url = new URL(target.url);
  return `Postgres at ${url.hostname}${url.port ? `:${url.port}` : ""}${url.pathname}`;
}

/**
 * Whether opening should apply pending migrations. Deployed functions never do: many tenants'
 * sites share one database and deploy at different times, so the release's `npm run migrate` step
 * changes the schema once, before the sites. A tenant's own role has no rights to change it either.
 * Locally (PGlite, or a server under the owner's role) opening migrates, for convenience.
 */
async function shouldMigrate(db: Db, target: DbTarget, env: NodeJS.ProcessEnv): Promise<boolean> {
  if (isDeployed(env)) return false;
  if (target.kind === "pglite") return true;
  const { rows } = await sql<{ role: string }>`select current_user::text as role`.execute(db);
  return !isTenantRole(rows[0]?.role ?? "");
}

/**
 * Opens the database and, where `shouldMigrate` says so (or `migrate` forces it), applies pending
 * migrations. The caller owns it: `await db.destroy()`.
 */
export async function openDb(
  target: DbTarget = dbTarget(),
  options: { migrate?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<Db> {
  let db: Db;
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 5 });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on("error", (error) => console.warn(`[db] idle Postgres client error: ${error.message}`));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    // Imported only here: deployed functions always use DATABASE_URL, and netlify.toml leaves
    // PGlite's 16 MB of WebAssembly out of their bundles, so a top-level import would fail there.
    const { PGlite } = await import("@electric-sql/pglite");
    const pglite = await PGlite.create(target.dataDir ?? "memory://");
    db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  }
  try {
    if (options.migrate ?? (await shouldMigrate(db, target, options.env ?? process.env)))
      await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
  return db;
}

let shared: Promise<Db> | undefined;

/**
 * The process-wide database for functions and the local server. PGlite allows one owner per data
 * folder, so everything in a process shares this instance.
 */
export function getDb(): Promise<Db> {
  shared ??= openDb().catch((error) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

/** Closes the shared database (server shutdown). */
export async function closeDb(): Promise<void> {
  const current = shared;
  shared = undefined;
  if (current) await (await current.catch(() => null))?.destroy();
}
