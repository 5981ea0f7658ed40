/**
 * POST /api/unsubscribe: stop a shopper's offers and updates (spec §2 /pages/unsubscribe).
 * IP_HASH_SECRET (optional, one per deploy) goes into the hash of the address each one is kept with.
 */
import { createUnsubscribeHandler } from "~/features/leads/unsubscribe/unsubscribe.server";
import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";

export default createUnsubscribeHandler({
  db: getDb,
  tenantFor: (req) => tenantForRequest(req),
  // A tenant is known once its snapshot is published (the one run-time source of its config).
  known: (slug) => tenantSnapshot(slug) !== null,
  ipHashSecret: process.env.IP_HASH_SECRET || null,
});

export const config = { path: "/api/unsubscribe" };
