/**
 * Migrations in code, applied in name order: once per release by `npm run migrate` (before the sites
 * deploy), and on open locally (openDb). Never edit a shipped migration: add a new one. Each runs in
 * its own transaction on both PGlite and Postgres.
 *
 * Expand, then contract. Every tenant's site shares one database and deploys on its own clock (a
 * stock change rebuilds it; a refused feed keeps the old build), so for a while the previous
 * release's code runs against this release's schema. A migration therefore only expands: new
 * tables, new nullable or defaulted columns, new indexes. Dropping or renaming what released code
 * reads (the contract step) ships in a later release, once no site still runs code that reads it.
 * In the same spirit, code tolerates a database newer than itself: migrations it does not know were
 * a later release's expansions, so `migrateToLatest` leaves them be instead of refusing to start.
 */
export { MIGRATION_NAMES, MIGRATIONS } from "./history";
export { migrateToLatest } from "./runner";
export { TENANT_TABLES } from "./tenant-tables";
