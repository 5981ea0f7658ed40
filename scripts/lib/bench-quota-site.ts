/**
 * One dealer's site for the quota bench (scripts/lib/bench-quota.ts), in a process of its own as
 * each site's functions are on Netlify: the real /api/leads function over HTTP, connected to the
 * shared PostgreSQL server as the site's own role. Started with `fork`; told its tenant, database
 * URL and ceiling in a message, it answers with its port.
 */
import { serve } from "@hono/node-server";
import { createLeadsHandler } from "~/features/leads/submit.server";
import { openDb } from "~/lib/db/db.server";
import { siteSchema } from "~/tenant/schema";

export interface SiteOrder {
  tenant: string;
  url: string;
  /** Connections the site's functions hold (one per instance deployed). */
  poolSize: number;
  /** Leads per minute; null lifts the ceiling past what site.json allows (the bench's control). */
  leadsPerMinute: number | null;
}

process.once("message", async (order: SiteOrder) => {
  const db = await openDb({ kind: "postgres", url: order.url, poolSize: order.poolSize }, { migrate: false });
  const parsed = siteSchema.parse({
    name: order.tenant,
    slug: order.tenant,
    template: "independent",
    url: `https://www.${order.tenant}.example.com.au`,
    feed: "stock.json",
    tagline: "Bench",
    dealerships: [{ id: 1, slug: order.tenant, name: order.tenant }],
    logo: { url: "/logo.svg", alt: order.tenant, width: 160, height: 40 },
    ...(order.leadsPerMinute === null ? {} : { write_quotas: { leads: order.leadsPerMinute } }),
  });
  const site =
    order.leadsPerMinute === null
      ? { ...parsed, write_quotas: { ...parsed.write_quotas, leads: Number.MAX_SAFE_INTEGER } }
      : parsed;
  const snapshot = { site, locations: [], offers: [], pages: [], cars: [], now: new Date().toISOString() };
  const handler = createLeadsHandler({
    db: async () => db,
    tenantFor: () => order.tenant,
    snapshot: () => snapshot,
  });
  const server = serve({ fetch: handler, port: 0, hostname: "127.0.0.1" }, (info) =>
    process.send?.({ port: info.port }),
  );
  process.once("disconnect", () => {
    if ("closeAllConnections" in server) server.closeAllConnections();
    server.close();
    void db.destroy().finally(() => process.exit(0));
  });
});
