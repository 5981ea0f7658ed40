/**
 * `npm run ops:requeue -- <tenant>`: puts a tenant's parked leads back in line against DATABASE_URL
 * (or the local PGlite folder), where no ops view is at hand (a deployed site's shared database).
 * The next outbox pass sends them (deployed: within the minute). Exits 2 for an unknown tenant.
 */
import { closeDb, getDb } from "~/lib/db/db.server";
import { listTenantSlugs, tenantsDir } from "~/tenant/load";
import { requeueCommand } from "./lib/ops-requeue";

const db = await getDb();
try {
  console.log(await requeueCommand(db, process.argv[2] ?? "", listTenantSlugs(tenantsDir())));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
} finally {
  await closeDb();
}
