/** The account functions' real context: the request's tenant, its snapshot, the database, SMS. */

import { getDb } from "~/lib/db/db.server";
import { tenantForRequest } from "~/server/deploy";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import type { AccountOptions } from "./account.server";
import { smsAdapterFromEnv } from "./sms.server";

export function accountOptions(): AccountOptions {
  return {
    db: getDb,
    tenantFor: (req) => tenantForRequest(req),
    snapshot: (slug) => tenantSnapshot(slug),
    sms: smsAdapterFromEnv(),
  };
}
