/**
 * `npm run ops:check`: the ops check (src/features/ops/) of every tenant under tenants/ against
 * DATABASE_URL (or the local PGlite folder), posting to OPS_ALERT_URL as each site's scheduled
 * ops-check does. Prints one line per tenant; exits 1 while any alert is open, so a cron job or CI
 * step can page on it too.
 */
import { checkTenants } from "~/features/ops/alerts.server";
import { closeDb, getDb } from "~/lib/db/db.server";
import { listTenantSlugs, tenantsDir } from "~/tenant/load";

const db = await getDb();
try {
  const results = await checkTenants(db, listTenantSlugs(tenantsDir()), new Date(), {
    env: process.env,
    // Against the shared database (DATABASE_URL), alerts go as a deployed site's do: https, signed.
    deployed: Boolean(process.env.DATABASE_URL),
  });
  for (const result of results) {
    console.log(`${result.tenant}: ${result.open.length ? `ALERT ${result.open.join(", ")}` : "ok"}`);
    for (const error of result.errors) console.error(`  alert not sent: ${error}`);
  }
  process.exitCode = results.some((result) => result.open.length > 0) ? 1 : 0;
} finally {
  await closeDb();
}
