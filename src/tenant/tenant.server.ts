/**
 * Everything one tenant's site is built from, loaded and validated once. The build writes it to a
 * snapshot file so every Astro page reads the same cars; `astro dev` loads it live.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type BlogPost,
  type ContentPage,
  loadBlogPosts,
  loadContentPages,
} from "~/features/content/content.server";
import type { Location } from "~/features/locations/location.schema";
import type { Offer } from "~/features/offers/offer.schema";
import type { ReviewsFile } from "~/features/reviews/review.schema";
import type { Car } from "~/features/stock/car.schema";
import { type FeedReport, publishFeed, readFeed } from "~/features/stock/feed.server";
import { clock } from "~/server/clock";
import { buildEnv } from "./build-env";
import { loadLocations, loadOffers, loadReviews, loadSite } from "./load";
import type { Site } from "./schema";

export interface TenantData {
  site: Site;
  locations: Location[];
  offers: Offer[];
  /** Content pages from `pages/*.md`. */
  pages: ContentPage[];
  /** Blog posts from `blog/*.md`; absent in snapshots from before the blog. */
  posts?: BlogPost[];
  /** Customer reviews (`reviews.json`); absent or null when the tenant has none. */
  reviews?: ReviewsFile | null;
  /** Published cars, in feed order. */
  cars: Car[];
  /** The build's clock (ISO); time rules on pages use it, never the render time. */
  now: string;
}

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

let current: Promise<TenantData> | undefined;

/**
 * How long pages wait for a snapshot still being written: longer than any feed takes to load and
 * check (a build that gives up stops the process sooner).
 */
export const SNAPSHOT_WAIT_MS = 10 * 60_000;

/** Resolves once `file` exists (it is renamed into place whole), or when `timeoutMs` has passed. */
async function fileAppears(file: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * The tenant being built: from the snapshot the build wrote (`TENANT_SNAPSHOT`) or, under
 * `astro dev`, loaded live from `TENANTS_DIR/TENANT` (build-env.ts).
 */
export function currentTenant(env: NodeJS.ProcessEnv = process.env): Promise<TenantData> {
  current ??= (async () => {
    const { snapshot, snapshotPending, tenant, tenantsDir } = buildEnv(env);
    if (snapshot && snapshotPending) await fileAppears(snapshot, SNAPSHOT_WAIT_MS);
    if (snapshot) return JSON.parse(readFileSync(snapshot, "utf8")) as TenantData;
    if (!tenant) throw new Error("Set TENANT=<slug> (see README: TENANT=<slug> npm run dev).");
    return (await loadTenant(path.resolve(tenantsDir), tenant, clock())).data;
  })();
  return current;
}
