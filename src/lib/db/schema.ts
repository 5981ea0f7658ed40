/**
 * The query layer's base type. Every feature owns its tables' types and adds them with
 * `db.$extendTables` (features/leads/tables.ts, features/account/tables.ts, …; the server kit's
 * rate limits in src/server/rate-limit.server.ts); migrations (migrations/) are the source of truth
 * for the DDL. Column types they share are in columns.ts.
 */
// biome-ignore lint/complexity/noBannedTypes: no table belongs to the layer itself.
export type Database = {};
