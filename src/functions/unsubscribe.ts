/**
 * POST /api/unsubscribe: stop a shopper's offers and updates (spec §2 /pages/unsubscribe).
 * IP_HASH_SECRET (optional, one per deploy) goes into the hash of the address each one is kept with.
 */
import { siteFor } from "~/features/leads/site.server";
import { createUnsubscribeHandler } from "~/features/leads/unsubscribe.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";

export default createUnsubscribeHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  known: (slug) => siteFor(slug) !== null,
  ipHashSecret: process.env.IP_HASH_SECRET || null,
});

export const config = { path: "/api/unsubscribe" };
