/** POST /api/youx/quote: a YouX weekly quote for a car (spec §7); YOUX_API_URL picks the real service. */
import { publishedTenant } from "~/features/finance/tenant-lookup.server";
import { createQuoteHandler, quoteAdapterFromEnv } from "~/features/finance/youx.server";
import { getDb } from "~/lib/db/db.server";

export default createQuoteHandler({ ...publishedTenant, adapter: quoteAdapterFromEnv(), db: getDb });

export const config = { path: "/api/youx/quote" };
