/**
 * Table types of accounts and the watchlist (migration "2026_11_25_003_accounts_and_watchlist"),
 * added to the shared query layer with `db.$extendTables`, so the feature owns them.
 */
import type { Timestamp } from "~/lib/db/columns";
import type { Db } from "~/lib/db/db.server";

/** One user per site and mobile number (spec §6: identified by a user id, with a phone). */
export type UsersTable = {
  id: string;
  tenant: string;
  /** E.164, e.g. +61412345678. */
  phone: string;
  created_at: Timestamp;
};

/** The latest one-time code sent to a number; only its hash is kept. */
export type SignInCodesTable = {
  tenant: string;
  phone: string;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  created_at: Timestamp;
};

/** A signed-in browser: the cookie holds a random token, the table only its hash. */
export type SessionsTable = {
  token_hash: string;
  user_id: string;
  tenant: string;
  expires_at: Date;
  created_at: Timestamp;
};

export type WatchlistTable = {
  user_id: string;
  tenant: string;
  car_id: number;
  created_at: Timestamp;
};

/** My Garage (migration "2026_11_25_004_garage"): one row per vehicle a shopper keeps there. */
export type GarageVehiclesTable = {
  id: string;
  user_id: string;
  tenant: string;
  rego: string;
  rego_state: string;
  make: string;
  model: string;
  year: number | null;
  created_at: Timestamp;
};

// Type aliases, not interfaces: `$extendTables` needs types with an implicit index signature.
export type AccountTables = {
  users: UsersTable;
  sign_in_codes: SignInCodesTable;
  sessions: SessionsTable;
  watchlist: WatchlistTable;
  garage_vehicles: GarageVehiclesTable;
};

export function accountDb(db: Db) {
  return db.$extendTables<AccountTables>();
}
