/**
 * The vehicle page's cache facts: every rule on `/cars/{slug}` that reads the build's clock. The
 * page's rebuild key (src/snapshot/page-cache.server.ts) hashes them, so a page is rendered again
 * when one of them changes although the car did not. A rule on `now` added to the page is added here.
 */
import { financeEstimate } from "~/features/finance/finance";
import { carTag, regoExpiryText } from "~/features/stock/stock";
import type { Car } from "~/tenant/schemas/car";
import type { TenantData } from "~/tenant/tenant.server";

/**
 * Every rule on the vehicle page that reads the build's clock, evaluated for this car. (The
 * sticky header's estimate reads the clock only through `financeEstimate`.)
 */
export function vehicleTimeFacts(car: Car, tenant: TenantData): unknown {
  const now = new Date(tenant.now);
  return {
    tag: carTag(car, tenant.site, now),
    rego: regoExpiryText(car, tenant.site, now),
    finance: financeEstimate(car, tenant.site, now),
  };
}
