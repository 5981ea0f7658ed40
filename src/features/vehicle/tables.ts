/**
 * Table types of the vehicle-page calls (migration "2026_11_23_002_vehicle_calls"). Kept beside
 * the feature and added to the shared query layer with `db.$extendTables`, so the feature owns them.
 */
import type { Optional, Timestamp } from "~/lib/db/columns";
import type { Db } from "~/lib/db/db.server";

export type PhoneRevealsTable = {
  id: string;
  tenant: string;
  car_id: number;
  dealership_id: number;
  /** The site the shopper revealed the number on (the tenant's slug unless the page says otherwise). */
  website_id: string;
  /** Written by releases before client_network: never now (see src/server/client-record.ts). */
  client_ip: Optional<string>;
  client_network: Optional<string>;
  /** Keyed hash of the address (IP_HASH_SECRET), when the deploy has one. */
  client_hash: Optional<string>;
  user_agent: Optional<string>;
  created_at: Timestamp;
};

export type CarViewsTable = {
  tenant: string;
  car_id: number;
  views: number;
  updated_at: Timestamp;
};

// Type aliases, not interfaces: `$extendTables` needs types with an implicit index signature.
export type VehicleTables = {
  phone_reveals: PhoneRevealsTable;
  car_views: CarViewsTable;
};

export function vehicleDb(db: Db) {
  return db.$extendTables<VehicleTables>();
}
