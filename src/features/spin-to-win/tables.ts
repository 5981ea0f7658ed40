/**
 * The spins table (migration "2026_11_26_005_spins"), added to the shared query layer with
 * `db.$extendTables`, so the feature owns it.
 */
import type { Timestamp } from "~/lib/db/columns";
import type { Db } from "~/lib/db/db.server";

/** One spin per mobile number (E.164) per campaign of a site, and the lead that carried its prize. */
export type SpinsTable = {
  tenant: string;
  campaign: string;
  phone: string;
  prize: string;
  lead_id: string;
  created_at: Timestamp;
};

export function spinDb(db: Db) {
  return db.$extendTables<{ spins: SpinsTable }>();
}
