import type { APIRoute } from "astro";
import { packIndex } from "~/features/search/pack";
import { tenantSearch } from "~/features/search/search.server";
import { currentTenant } from "~/tenant/tenant.server";

/** The embedded engine's documents, fetched lazily by the search island. */
export const GET: APIRoute = async () => {
  const { documents } = tenantSearch(await currentTenant());
  return new Response(JSON.stringify(packIndex(documents)), {
    headers: { "content-type": "application/json" },
  });
};
