/**
 * Migration 2026_11_29_110_privacy_requests, in its own file to keep history.ts short; history all
 * the same: never edit it once shipped.
 */
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { grantToTenantRoles, tenantRowSecurity } from "./tenant-tables";

/**
 * The log of privacy work done on a tenant's data (src/features/privacy/): one row per access,
 * erasure, offboarding and scheduled purge, with what it found or removed per table, who ran it and
 * the request's reference. It never names the person: a log of erasures that kept each erased
 * address would undo them. A tenant table under row security, like every other.
 */
export const privacyRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("privacy_requests")
      .addColumn("id", "uuid", (col) => col.primaryKey())
      .addColumn("tenant", "text", (col) => col.notNull())
      .addColumn("action", "text", (col) =>
        col.notNull().check(sql`action in ('export', 'delete', 'offboard', 'purge')`),
      )
      .addColumn("applied", "boolean", (col) => col.notNull())
      .addColumn("counts", "jsonb", (col) => col.notNull())
      .addColumn("operator", "text")
      .addColumn("reference", "text")
      .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex("privacy_requests_tenant_created")
      .on("privacy_requests")
      .columns(["tenant", "created_at"])
      .execute();
    await tenantRowSecurity(db, "privacy_requests");
    await grantToTenantRoles(db, "privacy_requests");
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("privacy_requests").execute();
  },
};
