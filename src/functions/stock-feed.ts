/**
 * POST /api/stock-feed: the tenant's feed provider says its stock changed (signed with
 * STOCK_WEBHOOK_SECRET[_<SLUG>]); the site rebuilds, bursts coalesced into one build now and at
 * most one after it.
 */
import { createStockWebhookHandler } from "~/features/rebuilds/webhook.server";
import { getDb } from "~/lib/db/db.server";

export default createStockWebhookHandler({ db: getDb });

export const config = { path: "/api/stock-feed" };
