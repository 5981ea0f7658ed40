/**
 * POST /api/unsubscribe: stop a shopper's offers and updates (spec §2 /pages/unsubscribe).
 * IP_HASH_SECRET (optional, one per deploy) goes into the hash of the address each one is kept with.
 */
import { createUnsubscribeHandler } from "~/features/leads/unsubscribe/unsubscribe.server";
import { ipHashSecret } from "~/server/client-record";
import { callContext } from "~/server/context";

export default createUnsubscribeHandler({ ...callContext(), ipHashSecret: ipHashSecret() });

export const config = { path: "/api/unsubscribe" };
