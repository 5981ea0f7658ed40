/**
 * Failures the ops check counts (src/features/ops/): a stock webhook answered 401, the SMS gateway
 * refused a code, a Stripe webhook could not be handled. They leave no row of their own anywhere
 * else, so the code that answers them notes one here. Here rather than in the ops feature: the
 * features that note them are the ones the ops check reads, and features never import in a circle.
 */
import type { Db } from "./db.server";

export type OpsEventKind = "webhook_401" | "sms_failed" | "stripe_webhook_failed";

export interface OpsEventsTable {
  tenant: string;
  kind: string;
  detail: string | null;
  at: Date;
}

export const opsEventsDb = (db: Db) => db.$extendTables<{ ops_events: OpsEventsTable }>();

/**
 * Notes one failure. Never throws: the request it belongs to has its own answer to give (a database
 * that is down is then what the shopper or provider hears about, not this note).
 */
export async function recordOpsEvent(
  db: Db,
  tenant: string,
  kind: OpsEventKind,
  detail: string | null,
  at: Date,
): Promise<void> {
  try {
    await opsEventsDb(db)
      .insertInto("ops_events")
      .values({ tenant, kind, detail: detail?.slice(0, 500) ?? null, at })
      .execute();
  } catch (error) {
    console.warn(`[ops] could not note ${kind} for ${tenant}: ${(error as Error).message}`);
  }
}
