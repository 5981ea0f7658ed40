/** The finance functions read the tenant the way the pages were built: its published snapshot. */
import { tenantSlugFor } from "~/features/leads/site.server";
import { findCar, tenantSnapshot } from "~/tenant/snapshot.server";
import type { TenantLookup } from "./http.server";

export const publishedTenant: TenantLookup = {
  tenantFor: (req) => tenantSlugFor(req),
  site: (slug) => tenantSnapshot(slug)?.site ?? null,
  car: (slug, key) => findCar(slug, key),
};
