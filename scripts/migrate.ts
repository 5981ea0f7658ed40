/**
 * `npm run migrate`: applies pending database migrations once per release, before the tenants'
 * sites deploy (deployed functions never migrate; see src/lib/db/db.server.ts). Uses DATABASE_URL
 * (the owner role), or the local PGlite folder when unset.
 */
import type { Kysely } from "kysely";
import { closeDb, dbTarget, describeTarget, openDb } from "~/lib/db/db.server";
import { migrateToLatest } from "~/lib/db/migrations";

const target = dbTarget({ ...process.env, NETLIFY: undefined, AWS_LAMBDA_FUNCTION_NAME: undefined });
console.log(`Migrating ${describeTarget(target)}…`);
const db = await openDb(target, { migrate: false });
try {
  const applied = await migrateToLatest(db as unknown as Kysely<unknown>);
  console.log(applied.length ? `Applied ${applied.join(", ")}` : "Already up to date.");
} finally {
  await db.destroy();
  await closeDb();
}
