/**
 * Assembles one tenant out of its folder (`TENANTS_DIR/<slug>/`): site.json, locations, offers,
 * reviews, content pages, blog posts and the published cars of its feed, at one clock. The build and
 * `npm run dev` write the result as the tenant's snapshot (src/tenant/tenant.server.ts reads it), so
 * assembling sits above the features whose loaders it calls and every page only reads.
 */
import path from "node:path";
import { loadBlogPosts, loadContentPages } from "~/features/content/content.server";
import { type FeedReport, publishFeed, readFeed } from "~/features/stock/feed.server";
import { loadLocations, loadOffers, loadReviews, loadSite } from "~/tenant/load";
import type { TenantData } from "~/tenant/tenant.server";

export async function loadTenant(
  dir: string,
  slug: string,
  now: Date,
): Promise<{ data: TenantData; report: FeedReport }> {
  const site = loadSite(dir, slug);
  const locations = loadLocations(dir, site);
  const offers = loadOffers(dir, site);
  const reviews = loadReviews(dir, site);
  const tenantDir = path.join(dir, slug);
  const pages = loadContentPages(tenantDir);
  const posts = loadBlogPosts(tenantDir);
  const feedName = site.feed.startsWith("https://") ? site.feed : path.join(tenantDir, site.feed);
  const { cars, report } = publishFeed(await readFeed(site, tenantDir), site, now, feedName);
  return { data: { site, locations, offers, reviews, pages, posts, cars, now: now.toISOString() }, report };
}
