/**
 * Migration 2026_11_29_100_ops_alerts, in its own file to keep history.ts short; history all the
 * same: never edit it once shipped.
 */
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { grantToTenantRoles, tenantRowSecurity } from "./tenant-tables";

/**
 * What the scheduled ops check (src/features/ops/) reads and keeps. `ops_events`: failures that
 * leave no row of their own elsewhere (a stock webhook answered 401, the SMS gateway refused a
 * code, a Stripe webhook could not be handled), counted per minute. `ops_alerts`: one row per
 * incident, open while `resolved_at` is null, so an alert is sent once when it opens and once when
 * it clears, whichever function instance or `npm run ops:check` sees it. Both are tenant tables
 * under row security: a dealer's role sees only its own incidents.
 */
export const opsAlerts: Migration = {
  async up(db: Kysely<unknown>) {
    // One counter per tenant, kind and minute, never a row per failure: a flood of forged webhook
    // calls adds to a count instead of growing the table.
    await db.schema
      .createTable("ops_events")
      .addColumn("tenant", "text", (col) => col.notNull())
      .addColumn("kind", "text", (col) => col.notNull())
      .addColumn("at", "timestamptz", (col) => col.notNull())
      .addColumn("count", "integer", (col) => col.notNull())
      .addColumn("detail", "text")
      .addPrimaryKeyConstraint("ops_events_pkey", ["tenant", "kind", "at"])
      .execute();
    await db.schema
      .createTable("ops_alerts")
      .addColumn("tenant", "text", (col) => col.notNull())
      .addColumn("alert", "text", (col) => col.notNull())
      .addColumn("opened_at", "timestamptz", (col) => col.notNull())
      .addColumn("detail", "text", (col) => col.notNull())
      .addColumn("resolved_at", "timestamptz")
      // When the ops webhook took the raised and the resolved message; null until it did (retried).
      .addColumn("raised_sent_at", "timestamptz")
      .addColumn("resolved_sent_at", "timestamptz")
      .addPrimaryKeyConstraint("ops_alerts_pkey", ["tenant", "alert", "opened_at"])
      .execute();
    // At most one open incident per tenant and alert: two checks at once open it once.
    await sql`create unique index ops_alerts_open on ops_alerts (tenant, alert) where resolved_at is null`.execute(
      db,
    );
    for (const table of ["ops_events", "ops_alerts"]) {
      await tenantRowSecurity(db, table);
      await grantToTenantRoles(db, table);
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("ops_alerts").execute();
    await db.schema.dropTable("ops_events").execute();
  },
};
