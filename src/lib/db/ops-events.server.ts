/**
 * Failures the ops check counts (src/features/ops/): a stock webhook answered 401, the SMS gateway
 * refused a code, a Stripe webhook could not be handled. They leave no row of their own anywhere
 * else, so the code that answers them notes one here. Here rather than in the ops feature: the
 * features that note them are the ones the ops check reads, and features never import in a circle.
 */
import { sql } from "kysely";
import type { Db } from "./db.server";

export type OpsEventKind = "webhook_401" | "sms_failed" | "stripe_webhook_failed";

export interface OpsEventsTable {
  tenant: string;
  kind: string;
  /** The minute the failures fell in. */
  at: Date;
  count: number;
  /** The last failure's detail. */
  detail: string | null;
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
    const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
    const note = detail?.slice(0, 500) ?? null;
    await opsEventsDb(db)
      .insertInto("ops_events")
      .values({ tenant, kind, at: minute, count: 1, detail: note })
      .onConflict((oc) =>
        oc
          .columns(["tenant", "kind", "at"])
          .doUpdateSet({ count: sql<number>`ops_events.count + 1`, detail: note }),
      )
      .execute();
  } catch (error) {
    console.warn(`[ops] could not note ${kind} for ${tenant}: ${(error as Error).message}`);
  }
}
