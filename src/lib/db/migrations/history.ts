/**
 * Every migration, keyed by name and applied in name order (see ./index.ts for the rules they
 * follow). Shipped migrations are history: never edit one, add a new one at the end.
 */
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";
import { clientNetworkNotAddress } from "./client-network";
import { opsAlerts } from "./ops-alerts";
import { privacyRequests } from "./privacy";
import { reservations } from "./reservations";
import { TENANT_TABLES_AT_ROW_SECURITY, tenantRowSecurity } from "./tenant-tables";

export const MIGRATIONS: Record<string, Migration> = {
  "2026_11_22_001_leads_and_outbox": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("leads")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("kind", "text", (col) => col.notNull())
        .addColumn("idempotency_key", "text")
        .addColumn("fields", "jsonb", (col) => col.notNull())
        .addColumn("spam", "boolean", (col) => col.notNull().defaultTo(false))
        .addColumn("client_ip", "text")
        .addColumn("user_agent", "text")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        // Retries and double clicks carry the same key: the constraint makes the second insert a no-op.
        .addUniqueConstraint("leads_tenant_idempotency_key", ["tenant", "idempotency_key"])
        .execute();
      await db.schema
        .createIndex("leads_tenant_created_at")
        .on("leads")
        .columns(["tenant", "created_at"])
        .execute();

      await db.schema
        .createTable("lead_outbox")
        .addColumn("lead_id", "uuid", (col) => col.primaryKey().references("leads.id").onDelete("cascade"))
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addColumn("locked_until", "timestamptz")
        .addColumn("locked_by", "text")
        .addColumn("last_attempt_at", "timestamptz")
        .addColumn("last_error", "text")
        .addColumn("delivered_at", "timestamptz")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      // The worker only ever scans undelivered rows by due time.
      await sql`create index lead_outbox_due on lead_outbox (next_attempt_at) where delivered_at is null`.execute(
        db,
      );

      await db.schema
        .createTable("rate_limits")
        .addColumn("bucket", "text", (col) => col.notNull())
        .addColumn("window_start", "timestamptz", (col) => col.notNull())
        .addColumn("hits", "integer", (col) => col.notNull())
        .addPrimaryKeyConstraint("rate_limits_pkey", ["bucket", "window_start"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("rate_limits").execute();
      await db.schema.dropTable("lead_outbox").execute();
      await db.schema.dropTable("leads").execute();
    },
  },
  "2026_11_23_002_vehicle_calls": {
    async up(db: Kysely<unknown>) {
      // Spec §7 phone reveal record: one row per reveal, so dealers can count calls per car.
      await db.schema
        .createTable("phone_reveals")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("car_id", "integer", (col) => col.notNull())
        .addColumn("dealership_id", "integer", (col) => col.notNull())
        .addColumn("website_id", "text", (col) => col.notNull())
        .addColumn("client_ip", "text")
        .addColumn("user_agent", "text")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex("phone_reveals_tenant_car")
        .on("phone_reveals")
        .columns(["tenant", "car_id", "created_at"])
        .execute();
      // One counter per car: a view is one atomic increment, never a row per page view.
      await db.schema
        .createTable("car_views")
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("car_id", "integer", (col) => col.notNull())
        .addColumn("views", "integer", (col) => col.notNull())
        .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint("car_views_pkey", ["tenant", "car_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("car_views").execute();
      await db.schema.dropTable("phone_reveals").execute();
    },
  },
  "2026_11_25_003_accounts_and_watchlist": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("phone", "text", (col) => col.notNull())
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint("users_tenant_phone", ["tenant", "phone"])
        .execute();
      await db.schema
        .createTable("sign_in_codes")
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("phone", "text", (col) => col.notNull())
        .addColumn("code_hash", "text", (col) => col.notNull())
        .addColumn("expires_at", "timestamptz", (col) => col.notNull())
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint("sign_in_codes_pkey", ["tenant", "phone"])
        .execute();
      await db.schema
        .createTable("sessions")
        .addColumn("token_hash", "text", (col) => col.primaryKey())
        .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("expires_at", "timestamptz", (col) => col.notNull())
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable("watchlist")
        .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("car_id", "integer", (col) => col.notNull())
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint("watchlist_pkey", ["user_id", "car_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("watchlist").execute();
      await db.schema.dropTable("sessions").execute();
      await db.schema.dropTable("sign_in_codes").execute();
      await db.schema.dropTable("users").execute();
    },
  },
  /** My Garage (spec §2 /my-garage): a signed-in shopper's own vehicles. */
  "2026_11_25_004_garage": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("garage_vehicles")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id").onDelete("cascade"))
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("rego", "text", (col) => col.notNull())
        .addColumn("rego_state", "text", (col) => col.notNull())
        .addColumn("make", "text", (col) => col.notNull())
        .addColumn("model", "text", (col) => col.notNull())
        .addColumn("year", "integer")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint("garage_vehicles_user_rego", ["user_id", "rego", "rego_state"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("garage_vehicles").execute();
    },
  },
  /** Spin to Win (spec §2 /spin-to-win): one spin per mobile number per campaign, with its lead. */
  "2026_11_26_005_spins": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("spins")
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("campaign", "text", (col) => col.notNull())
        .addColumn("phone", "text", (col) => col.notNull())
        .addColumn("prize", "text", (col) => col.notNull())
        .addColumn("lead_id", "uuid", (col) => col.notNull().references("leads.id"))
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint("spins_pkey", ["tenant", "campaign", "phone"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("spins").execute();
    },
  },
  /** Unsubscribe (spec §2 /pages/unsubscribe): who asked to stop offers, and the CRM notice sent. */
  "2026_11_26_006_unsubscribes": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("unsubscribes")
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("phone", "text")
        .addColumn("reason", "text")
        .addColumn("lead_id", "uuid", (col) => col.notNull().references("leads.id"))
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint("unsubscribes_pkey", ["tenant", "email"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("unsubscribes").execute();
    },
  },
  /** Online payment (spec §2 /online-payment): each payment a signed-in shopper starts, and its fate. */
  "2026_11_26_007_payments": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("payments")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("user_id", "uuid", (col) => col.notNull().references("users.id"))
        .addColumn("phone", "text", (col) => col.notNull())
        .addColumn("purpose", "text", (col) => col.notNull())
        .addColumn("reference", "text", (col) => col.notNull())
        .addColumn("amount_cents", "integer", (col) => col.notNull())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("last_name", "text")
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("dealership_slug", "text")
        .addColumn("status", "text", (col) => col.notNull())
        .addColumn("provider", "text", (col) => col.notNull())
        .addColumn("provider_ref", "text")
        .addColumn("return_url", "text", (col) => col.notNull())
        .addColumn("lead_id", "uuid", (col) => col.references("leads.id"))
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema.createIndex("payments_provider_ref").on("payments").column("provider_ref").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("payments").execute();
    },
  },
  /** Lead delivery per tenant, and leads a CRM keeps refusing set aside for an operator. */
  "2026_11_26_008_outbox_parking": {
    // Expand only: older code never reads these columns, so it keeps working beside newer code.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("lead_outbox")
        .addColumn("permanent_failures", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("parked_at", "timestamptz")
        .execute();
      // A tenant's worker claims only its own due rows.
      await sql`create index lead_outbox_tenant_due on lead_outbox (tenant, next_attempt_at) where delivered_at is null and parked_at is null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index if exists lead_outbox_tenant_due`.execute(db);
      await db.schema
        .alterTable("lead_outbox")
        .dropColumn("parked_at")
        .dropColumn("permanent_failures")
        .execute();
    },
  },
  /**
   * The second wall between dealers: each tenant's site may connect as its own role
   * (`tenant_<slug>`, see tenant-roles.server.ts), and row-level security lets that role see and
   * write only rows of its tenant, whatever the code asks. The owner role (migrations, the local
   * all-tenant server) owns the tables and so is not subject to the policies.
   */
  "2026_11_26_010_tenant_row_security": {
    async up(db: Kysely<unknown>) {
      await sql`create or replace function app_tenant() returns text language sql stable as $$
        select case when starts_with(current_user::text, 'tenant_')
          then replace(substr(current_user::text, 8), '_', '-') end
      $$`.execute(db);
      for (const table of TENANT_TABLES_AT_ROW_SECURITY) await tenantRowSecurity(db, table);
      // Rate-limit buckets are named "<what>:<tenant>:<who>" and may hold a phone or an address.
      await sql`alter table rate_limits enable row level security`.execute(db);
      await sql`create policy tenant_rows on rate_limits
        using (split_part(bucket, ':', 2) = app_tenant())
        with check (split_part(bucket, ':', 2) = app_tenant())`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const table of [...TENANT_TABLES_AT_ROW_SECURITY, "rate_limits"]) {
        await sql`drop policy if exists tenant_rows on ${sql.table(table)}`.execute(db);
        await sql`alter table ${sql.table(table)} disable row level security`.execute(db);
      }
      await sql`drop function if exists app_tenant()`.execute(db);
    },
  },
  /**
   * Unsubscribe (no signature, so any link a dealer's CRM sends works): from where each one came,
   * as a hash of the address (unsubscribe.server.ts `addressHash`), never the address itself.
   */
  "2026_11_26_011_unsubscribe_address_hash": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("unsubscribes").addColumn("ip_hash", "text").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("unsubscribes").dropColumn("ip_hash").execute();
    },
  },
  /**
   * The stock-feed webhook (src/features/rebuilds/webhook.server.ts): every event id a tenant's feed
   * provider sent (a replay is answered "duplicate"), and per tenant the coalesced build state shared
   * by every function instance, plus the truncated-feed guard's baseline (what the last published
   * build published), so a cleared build cache never turns the guard off.
   */
  "2026_11_26_020_stock_feed_events": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("stock_feed_events")
        .addColumn("tenant", "text", (col) => col.notNull())
        .addColumn("event_id", "text", (col) => col.notNull())
        .addColumn("type", "text", (col) => col.notNull())
        .addColumn("build", "text", (col) => col.notNull())
        .addColumn("received_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint("stock_feed_events_pkey", ["tenant", "event_id"])
        .execute();
      await db.schema
        .createIndex("stock_feed_events_tenant_received")
        .on("stock_feed_events")
        .columns(["tenant", "received_at"])
        .execute();
      await db.schema
        .createTable("stock_builds")
        .addColumn("tenant", "text", (col) => col.primaryKey())
        .addColumn("requested_at", "timestamptz")
        .addColumn("running_since", "timestamptz")
        .addColumn("last_finished_at", "timestamptz")
        .addColumn("last_result", "text")
        .addColumn("last_error", "text")
        .addColumn("baseline_published", "integer")
        .addColumn("baseline_at", "timestamptz")
        .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      for (const table of ["stock_feed_events", "stock_builds"]) await tenantRowSecurity(db, table);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("stock_builds").execute();
      await db.schema.dropTable("stock_feed_events").execute();
    },
  },
  /**
   * One outbox row per lead and delivery channel (JSON webhook, ADF by email, ADF by HTTP), so a
   * failing channel never blocks or repeats another. A lead is queued as channel "*" and split into
   * its tenant's channels when first delivered; rows queued before this (and by older code during a
   * rolling deploy) take that default, so they reach every channel the tenant has then.
   */
  "2026_11_26_030_outbox_channels": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("lead_outbox")
        .addColumn("channel", "text", (col) => col.notNull().defaultTo("*"))
        .execute();
      await sql`alter table lead_outbox drop constraint lead_outbox_pkey`.execute(db);
      await sql`alter table lead_outbox add primary key (lead_id, channel)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      // One row per lead again: keep each lead's first channel row.
      await sql`delete from lead_outbox a using lead_outbox b where a.lead_id = b.lead_id and a.channel > b.channel`.execute(
        db,
      );
      await sql`alter table lead_outbox drop constraint lead_outbox_pkey`.execute(db);
      await sql`alter table lead_outbox add primary key (lead_id)`.execute(db);
      await db.schema.alterTable("lead_outbox").dropColumn("channel").execute();
    },
  },
  /**
   * `app_tenant()` as row security needs it on any cluster. Its body is parsed when it runs, under
   * the caller's search path, which a tenant's role sets for its own session: where that role may
   * create functions in `public` (every role may on PostgreSQL 14 and older, on clusters upgraded
   * from them and on several managed services), a `public.replace()` put first in its path made the
   * helper name another dealer and every policy opened. The helper now calls pg_catalog by name
   * and carries its own search path, and no role but the owner may create in `public`. (Revoking
   * warns instead of failing where the migrating role does not own `public`; the helper holds
   * there all the same.)
   */
  "2026_11_29_040_app_tenant_pinned_search_path": {
    async up(db: Kysely<unknown>) {
      await sql`create or replace function app_tenant() returns text language sql stable
        set search_path = pg_catalog, pg_temp as $$
        select case when pg_catalog.starts_with(current_user::text, 'tenant_')
          then pg_catalog.replace(pg_catalog.substr(current_user::text, 8), '_', '-') end
      $$`.execute(db);
      await sql`revoke create on schema public from public`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      // CREATE on public stays revoked: no release wants every role to have it.
      await sql`create or replace function app_tenant() returns text language sql stable as $$
        select case when starts_with(current_user::text, 'tenant_')
          then replace(substr(current_user::text, 8), '_', '-') end
      $$`.execute(db);
    },
  },
  "2026_11_29_060_client_network_not_address": clientNetworkNotAddress,
  "2026_11_29_090_reservations": reservations,
  "2026_11_29_100_ops_alerts": opsAlerts,
  "2026_11_29_110_privacy_requests": privacyRequests,
};

export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();
