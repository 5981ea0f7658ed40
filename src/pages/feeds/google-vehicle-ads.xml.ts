import type { APIRoute } from "astro";
import { googleVehicleFeed } from "~/features/syndication/google";
import { isPrimaryShard } from "~/tenant/shard";
import { currentTenant } from "~/tenant/tenant.server";

export const GET: APIRoute = async () => {
  // Other build shards render car pages only; their copy of this file is discarded.
  if (!isPrimaryShard()) return new Response("");
  const { xml } = googleVehicleFeed(await currentTenant());
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
};
