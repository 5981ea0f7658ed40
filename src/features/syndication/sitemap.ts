/**
 * The tenant's sitemap (sitemaps.org 0.9) with Google's image extension: each car page lists its
 * photos, so image search finds the stock. Pure: the page hands in the entries.
 */
import { escapeMarkup } from "~/lib/escape";

export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const IMAGE_SITEMAP_NAMESPACE = "http://www.google.com/schemas/sitemap-image/1.1";

export interface SitemapEntry {
  /** A site path (`/cars/…`) or an absolute address. */
  loc: string;
  /** YYYY-MM-DD. */
  lastmod: string;
  /** Absolute photo addresses shown on that page. */
  images?: readonly string[];
}

export function sitemapXml(entries: readonly SitemapEntry[], siteUrl: string): string {
  const url = (entry: SitemapEntry) => {
    const images = (entry.images ?? [])
      .map((image) => `<image:image><image:loc>${escapeMarkup(image)}</image:loc></image:image>`)
      .join("");
    return `<url><loc>${escapeMarkup(new URL(entry.loc, siteUrl).href)}</loc><lastmod>${entry.lastmod}</lastmod>${images}</url>`;
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:image="${IMAGE_SITEMAP_NAMESPACE}">`,
    ...entries.map(url),
    "</urlset>",
  ].join("\n");
}
