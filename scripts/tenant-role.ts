/**
 * `npm run db:tenant-role -- <slug>`: creates the tenant's own database role (or gives it a new
 * password) and prints the DATABASE_URL for that tenant's Netlify site. Run with DATABASE_URL set
 * to the owner's connection, after `npm run migrate`. With row-level security, a site holding this
 * URL can read and write only its own tenant's rows. With POOLER_URL set (PgBouncer's address, see
 * the README's "Connection pooling"), the printed URL reaches the database through the pooler: its
 * host, port, database and parameters, with the tenant's role and password.
 */
import { randomBytes } from "node:crypto";
import { dbTarget, openDb } from "~/lib/db/db.server";
import { provisionTenantRole, tenantDatabaseUrl, tenantRoleName } from "~/lib/db/tenant-roles.server";

const slug = process.argv[2];
if (!slug || !process.env.DATABASE_URL) {
  console.error("Usage: DATABASE_URL=<owner connection> npm run db:tenant-role -- <tenant slug>");
  process.exit(2);
}
const password = randomBytes(24).toString("hex");
const db = await openDb(dbTarget(), { migrate: false });
try {
  await provisionTenantRole(db, slug, password);
  console.log(`Role ${tenantRoleName(slug)} is ready. Set this as DATABASE_URL on ${slug}'s Netlify site:`);
  console.log(tenantDatabaseUrl(process.env.POOLER_URL || process.env.DATABASE_URL, slug, password));
} finally {
  await db.destroy();
}
