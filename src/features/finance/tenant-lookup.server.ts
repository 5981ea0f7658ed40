/** The finance functions read the tenant the way the pages were built: its published snapshot. */
import { tenantForRequest } from "~/server/deploy";
import { findCar, tenantSnapshot } from "~/tenant/snapshot.server";
import type { TenantLookup } from "./http.server";

export const publishedTenant: TenantLookup = {
  tenantFor: (req) => tenantForRequest(req),
  site: (slug) => tenantSnapshot(slug)?.site ?? null,
  car: (slug, key) => findCar(slug, key),
};
