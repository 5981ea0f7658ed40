import type { APIRoute } from "astro";
import { packIndex } from "~/features/search/pack";
import { tenantSearch } from "~/features/search/search.server";
import { isPrimaryShard } from "~/tenant/shard";
import { currentTenant } from "~/tenant/tenant.server";

/** The embedded engine's documents, fetched lazily by the search island. */
export const GET: APIRoute = async () => {
  // Other build shards render car pages only; their copy of this file is discarded.
  if (!isPrimaryShard()) return new Response("");
  const { documents } = tenantSearch(await currentTenant());
  return new Response(JSON.stringify(packIndex(documents)), {
    headers: { "content-type": "application/json" },
  });
};
