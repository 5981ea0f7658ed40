import type { APIRoute } from "astro";
import { metaVehicleFeed } from "~/features/syndication/meta";
import { isPrimaryShard } from "~/tenant/shard";
import { currentTenant } from "~/tenant/tenant.server";

export const GET: APIRoute = async () => {
  // Other build shards render car pages only; their copy of this file is discarded.
  if (!isPrimaryShard()) return new Response("");
  const { csv } = metaVehicleFeed(await currentTenant());
  return new Response(csv, { headers: { "content-type": "text/csv; charset=utf-8" } });
};
