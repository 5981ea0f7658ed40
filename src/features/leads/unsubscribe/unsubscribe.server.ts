/**
 * POST /api/unsubscribe `{ email, phone?, reason? }`: records that this address wants no more
 * offers from the site and tells the dealer's CRM through the lead outbox (kind "unsubscribe"), in
 * one transaction, so a shopper told "You're unsubscribed" is always on their way off the list.
 * Asking again answers the same (200 either way, so the answer says nothing about who was on the
 * list) and sends nothing new.
 *
 * No signature is asked for: the Spam Act needs an unsubscribe that works from any link a dealer's
 * CRM sends, whatever made it. So it is rate-limited per address, and each record keeps when and
 * from where it came (a hash of the address per site, never the address), for a dealer asking
 * whether a string of unsubscribes was one person's doing.
 */

import type { ColumnType } from "kysely";
import type { Db } from "~/lib/db/db.server";
import { addressHash } from "~/server/client-record";
import { clock } from "~/server/clock";
import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { acceptJsonPost } from "~/server/json-post";
import type { RateLimit } from "~/server/rate-limit.server";
import { storeLeadWithRecord } from "../leads.server";
import { fieldErrors, LEAD_TEXTS } from "../schemas";
import { UNSUBSCRIBE_TEXTS } from "./unsubscribe";
import { unsubscribeSchema } from "./unsubscribe.schema";

/** The unsubscribes table (migrations "2026_11_26_006_unsubscribes", "…_011_unsubscribe_address_hash"). */
type UnsubscribesTable = {
  tenant: string;
  email: string;
  phone: string | null;
  reason: string | null;
  lead_id: string;
  /** addressHash of the client's address; null when the request had none. */
  ip_hash: string | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
};
const unsubscribeDb = (db: Db) => db.$extendTables<{ unsubscribes: UnsubscribesTable }>();

export interface UnsubscribeOptions extends CallContext {
  now?: () => Date;
  rateLimit?: RateLimit;
  /** A per-deploy secret mixed into addressHash (IP_HASH_SECRET); without one, site and address only. */
  ipHashSecret?: string | null;
}

export const UNSUBSCRIBE_RATE_LIMIT: RateLimit = { hits: 10, windowMs: 10 * 60_000 };

export function createUnsubscribeHandler(options: UnsubscribeOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const spec = {
    name: "unsubscribe",
    allow: "POST",
    unavailable: UNSUBSCRIBE_TEXTS.unavailable,
    writes: "leads",
  } as const;
  return handleCall(spec, options, async ({ req, tenant }) => {
    const db = await options.db();
    const at = now();
    const accepted = await acceptJsonPost(req, {
      db,
      bucket: `unsubscribe:${tenant}`,
      rateLimited: ERRORS.leads.tooManyTries,
      rateLimit: options.rateLimit ?? UNSUBSCRIBE_RATE_LIMIT,
      now: at,
    });
    if (!accepted.ok) return accepted.response;
    const parsed = unsubscribeSchema.safeParse(accepted.body);
    if (!parsed.success) return json({ error: LEAD_TEXTS.fixErrors, fields: fieldErrors(parsed.error) }, 400);
    const { email, phone, reason } = parsed.data;
    const earlier = await unsubscribeDb(db)
      .selectFrom("unsubscribes")
      .select("lead_id")
      .where("tenant", "=", tenant)
      .where("email", "=", email)
      .executeTakeFirst();
    // One answer whether the address was on the list or not, so the endpoint tells nobody which
    // addresses a dealer has (or had) on its list.
    const done = () => json({ success: true, email }, 200);
    if (earlier) return done();
    const notice = {
      tenant,
      lead: { kind: "unsubscribe" as const, email, phone, reason },
      idempotencyKey: null,
      spam: false,
      // The record keeps the address's hash; the notice need not keep the address itself.
      clientIp: null,
      userAgent: req.headers.get("user-agent"),
    };
    const ipHash = accepted.ip ? addressHash(tenant, accepted.ip, options.ipHashSecret ?? null) : null;
    // The same address at the same moment: the second inserts nothing and rolls back.
    await storeLeadWithRecord(db, notice, async (trx, leadId) =>
      Boolean(
        await unsubscribeDb(trx)
          .insertInto("unsubscribes")
          .values({
            tenant,
            email,
            phone: phone ?? null,
            reason: reason ?? null,
            lead_id: leadId,
            ip_hash: ipHash,
            created_at: at,
          })
          .onConflict((conflict) => conflict.columns(["tenant", "email"]).doNothing())
          .returning("lead_id")
          .executeTakeFirst(),
      ),
    );
    return done();
  });
}
