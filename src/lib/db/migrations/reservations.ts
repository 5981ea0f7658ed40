/**
 * Migration 2026_11_29_090_reservations, in its own file to keep history.ts short; history all the
 * same: never edit it once shipped.
 */
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { grantToTenantRoles, tenantRowSecurity } from "./tenant-tables";

/**
 * A paid reserve deposit holds a car (src/features/payments/reservations.server.ts). A payment
 * learns which car it reserves (null for every other payment, so older code that never writes
 * them keeps working) and the provider's id of the money taken, which a refund names. Each hold
 * is a row of `reservations`; the partial unique index allows one `held` row per tenant and car,
 * so two payments confirmed at the same moment cannot both hold it, whatever the code does.
 */
export const reservations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("payments")
      .addColumn("car_id", "integer")
      .addColumn("car_slug", "text")
      .addColumn("car_fields", "jsonb")
      .addColumn("provider_payment_ref", "text")
      .addColumn("refund_ref", "text")
      .execute();
    // charge.refunded names the payment intent, not our payment.
    await db.schema
      .createIndex("payments_provider_payment_ref")
      .on("payments")
      .columns(["tenant", "provider_payment_ref"])
      .execute();
    await db.schema
      .createTable("reservations")
      .addColumn("id", "uuid", (col) => col.primaryKey())
      .addColumn("tenant", "text", (col) => col.notNull())
      .addColumn("car_id", "integer", (col) => col.notNull())
      .addColumn("payment_id", "uuid", (col) => col.notNull().unique().references("payments.id"))
      .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id"))
      .addColumn("amount_cents", "integer", (col) => col.notNull())
      .addColumn("state", "text", (col) =>
        col.notNull().check(sql`state in ('held', 'cancelled', 'expired', 'refunded')`),
      )
      .addColumn("paid_at", "timestamptz", (col) => col.notNull())
      .addColumn("reserved_until", "timestamptz", (col) => col.notNull())
      .addColumn("ended_at", "timestamptz")
      .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create unique index reservations_one_hold on reservations (tenant, car_id) where state = 'held'`.execute(
      db,
    );
    await db.schema
      .createIndex("reservations_tenant_user")
      .on("reservations")
      .columns(["tenant", "user_id"])
      .execute();
    await tenantRowSecurity(db, "reservations");
    await grantToTenantRoles(db, "reservations");
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("reservations").execute();
    await sql`drop index if exists payments_provider_payment_ref`.execute(db);
    await db.schema
      .alterTable("payments")
      .dropColumn("refund_ref")
      .dropColumn("provider_payment_ref")
      .dropColumn("car_fields")
      .dropColumn("car_slug")
      .dropColumn("car_id")
      .execute();
  },
};
