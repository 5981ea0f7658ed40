/** The account functions' real context: the request's tenant, its snapshot, the database, SMS. */
import { tenantSlugFor } from "~/features/leads/site.server";
import { getDb } from "~/lib/db/db.server";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import type { AccountOptions } from "./account.server";
import { smsAdapterFromEnv } from "./sms.server";

export function accountOptions(): AccountOptions {
  return {
    db: getDb,
    tenantFor: (req) => tenantSlugFor(req),
    snapshot: (slug) => tenantSnapshot(slug),
    sms: smsAdapterFromEnv(),
  };
}
