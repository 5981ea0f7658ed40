/**
 * What the finance functions share: JSON answers (errors as `{ error }`, never an HTML page) and the
 * tenant a request is for.
 */

import { REQUEST_ERRORS } from "~/server/errors";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";

export { json, methodNotAllowed } from "~/lib/http.server";

export const FINANCE_ERRORS = {
  unknownSite: REQUEST_ERRORS.unknownSite,
  unknownCar: "We couldn't find that car. It may have been sold.",
} as const;

/** How a finance function finds its tenant and that tenant's published data (injectable in tests). */
export interface TenantLookup {
  /** The tenant slug a request is for, or null. */
  tenantFor: (req: Request) => string | null;
  /** The tenant's site config as its pages were built (its published snapshot), or null. */
  site: (slug: string) => Site | null;
  /** A published car of the tenant by slug or id, or null. */
  car: (slug: string, key: { slug?: string; id?: string }) => Car | null;
}
