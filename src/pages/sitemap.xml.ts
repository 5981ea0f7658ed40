import type { APIRoute } from "astro";
import { tenantBrands } from "~/features/brands/brands.server";
import { BLOG_PATH, blogCategories, postPath } from "~/features/content/blog";
import { absolutePhotoUrls } from "~/features/media/media";
import { EOFY_PATH } from "~/features/offers/eofy";
import { SPIN_TO_WIN_PATH } from "~/features/spin-to-win/spin-to-win";
import { type SitemapEntry, sitemapXml } from "~/features/syndication/sitemap";
import { campaignState } from "~/lib/campaign";
import { isPrimaryShard } from "~/tenant/shard";
import { currentTenant } from "~/tenant/tenant.server";

export const GET: APIRoute = async () => {
  // Other build shards render car pages only; their copy of this file is discarded.
  if (!isPrimaryShard()) return new Response("");
  const tenant = await currentTenant();
  const { site, cars, pages, now, posts = [] } = tenant;
  const day = now.slice(0, 10);
  const { brands, models } = tenantBrands(tenant);
  const urls: SitemapEntry[] = [
    { loc: "/", lastmod: day },
    ...pages.map((page) => ({ loc: `/${page.slug}`, lastmod: day })),
    { loc: "/brands", lastmod: day },
    ...brands.flatMap((brand) => (brand.overviewPath ? [{ loc: brand.overviewPath, lastmod: day }] : [])),
    ...models.map((model) => ({ loc: `/${model.slug}`, lastmod: day })),
    ...(posts.length > 0 ? [{ loc: BLOG_PATH, lastmod: day }] : []),
    ...blogCategories(posts).map((category) => ({ loc: category.path, lastmod: category.latest.date })),
    ...posts.map((post) => ({ loc: postPath(post), lastmod: post.date })),
    // Campaign pages while they run (a sale that has ended drops out at the next build).
    ...(site.eofy_sale && campaignState(site.eofy_sale, new Date(now)) !== "ended"
      ? [{ loc: EOFY_PATH, lastmod: day }]
      : []),
    ...(site.spin_to_win && campaignState(site.spin_to_win, new Date(now)) !== "ended"
      ? [{ loc: SPIN_TO_WIN_PATH, lastmod: day }]
      : []),
    ...cars.map((car) => ({
      loc: `/cars/${car.slug}`,
      lastmod: (car.created_at ?? now).slice(0, 10),
      images: absolutePhotoUrls(car, site.url),
    })),
  ];
  const body = sitemapXml(urls, site.url);
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8" } });
};
