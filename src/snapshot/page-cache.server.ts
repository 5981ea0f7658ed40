/**
 * Cache keys for Astro's incremental build (`experimental.incrementalBuild`, astro.config.mjs).
 * Ops rebuild a tenant whenever its stock feed changes, and most cars are the same as last time:
 * a page whose key matches the previous build's is copied from the build cache instead of being
 * rendered again. Astro itself re-renders every page when the page's code (its module graph), the
 * Astro config or the lockfile change; the key covers the data.
 *
 * A key must change whenever anything the page shows could change, so it hashes every input the
 * vehicle page reads from the tenant snapshot:
 * - the car itself (its similar cars are asked of the search service in the browser, so no other
 *   car's data is on the page);
 * - everything else in the snapshot but the car list and the clock (site, locations, offers,
 *   content pages), and the header and footer derived from the car list;
 * - the car's time rules evaluated at the build's clock (tag, rego expiry text, finance
 *   eligibility and estimate, which the sticky header's estimate derives from) and the footer's
 *   year. A rule on `now` added to the vehicle page is added to `vehicleTimeFacts`
 *   (features/vehicle/time-facts.ts), beside the page's other rules.
 * Search pages compute everything they show into their props, so their key is those props and
 * the shared inputs (`pageKey`); so do model pages (their view: cars shown, count, offers running
 * at the build's clock), content pages, location contact pages and offer pages.
 * Pages without a key (the home page, forms, the brand overviews …) are rendered on every build.
 * The clock itself is deliberately not part of the key: the view counter sends the time the page
 * was rendered as its `updated_at`, which a reused page keeps, as it should.
 */
import { createHash } from "node:crypto";
import { chromePages, siteChrome } from "~/features/navigation/navigation";
import { vehicleTimeFacts } from "~/features/vehicle/time-facts";
import type { Car } from "~/tenant/schemas/car";
import type { TenantData } from "~/tenant/tenant.server";

/** Bump when a key's recipe changes, so no page is reused under a key made another way. */
export const PAGE_KEY_VERSION = 4;

const hash = (value: unknown): string =>
  createHash("sha256").update(JSON.stringify(value)).digest("base64url");

const shared = new WeakMap<TenantData, string>();

/**
 * The inputs every cached page of the tenant shares: all of the snapshot but its cars, its clock and
 * its customer reviews (only the home page, which is never cached, shows those).
 */
export function sharedPageKey(tenant: TenantData): string {
  let key = shared.get(tenant);
  if (key === undefined) {
    const { cars, now, reviews: _homePageOnly, ...rest } = tenant;
    key = hash({
      version: PAGE_KEY_VERSION,
      rest,
      chrome: siteChrome(tenant.site, cars, chromePages(tenant)),
      year: new Date(now).getFullYear(),
    });
    shared.set(tenant, key);
  }
  return key;
}

/** The key of a page that shows the shared chrome and `props` (which must hold all else it shows). */
export function pageKey(tenant: TenantData, props: unknown): string {
  return hash({ shared: sharedPageKey(tenant), props });
}

/** The key of `/cars/{slug}`: equal only when the page would render the same. */
export function vehiclePageKey(car: Car, tenant: TenantData): string {
  return hash({
    shared: sharedPageKey(tenant),
    car,
    time: vehicleTimeFacts(car, tenant),
  });
}
