/** Which pictures a car shows, and the fallback when it has none (spec §8: missing image). */

// Origins whose photos the image CDN may fetch: the tenant's `image_hosts`, as its build hands them
// to every bundle, server and browser.
import { BUILD_IMAGE_HOSTS } from "~/tenant/public-env";
import type { Car } from "~/tenant/schemas/car";

export const IMAGE_NOT_FOUND = "/media/image-not-found.svg";
/** Gallery thumbnails only appear when a car has more than this many images (spec §9). */
export const THUMBNAILS_AFTER = 3;

export interface Picture {
  url: string;
  thumb: string;
  alt: string;
}

/** Still photos of a car in feed order (video entries excluded). */
export function carPictures(car: Car): Picture[] {
  const photos = car.images
    .filter((image) => !image.video)
    .map((image, index) => ({
      url: image.url,
      thumb: image.thumb?.url ?? image.url,
      alt: image.alt ?? `${car.name}, photo ${index + 1}`,
    }));
  if (photos.length > 0) return photos;
  if (car.primary_image_url)
    return [{ url: car.primary_image_url, thumb: car.primary_image_url, alt: car.name }];
  return [{ url: IMAGE_NOT_FOUND, thumb: IMAGE_NOT_FOUND, alt: `${car.name}: image coming soon` }];
}

/**
 * A car's real photos (never the image-not-found picture, never a video) as absolute addresses on
 * the tenant's site, for machines that fetch them: the image sitemap and the ad platforms' feeds.
 * Feed photos on another host keep their own address.
 */
export function absolutePhotoUrls(car: Car, siteUrl: string): string[] {
  return carPictures(car)
    .map((picture) => picture.url)
    .filter((url) => url !== IMAGE_NOT_FOUND)
    .map((url) => new URL(url, siteUrl).href);
}

export function showThumbnails(car: Car): boolean {
  return carPictures(car).length > THUMBNAILS_AFTER;
}

/** Image CDN defaults (spec §9: width 640, quality 75). */
export const CDN_DEFAULT_WIDTH = 640;
export const CDN_DEFAULT_QUALITY = 75;
export const CDN_MAX_WIDTH = 2400;
const CDN_PATH = "/.netlify/images";

/** The origin of an absolute http(s) URL, else null. */
function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Site paths and photos on the tenant's image hosts go through the CDN; SVGs never do. */
function throughCdn(url: string, hosts: readonly string[]): boolean {
  if (/\.svg(?:[?#]|$)/i.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  const origin = originOf(url);
  return origin !== null && hosts.includes(origin);
}

/** An image through the image CDN; SVGs and photos on hosts it may not fetch are left as they are. */
export function cdnImage(
  url: string,
  width = CDN_DEFAULT_WIDTH,
  quality = CDN_DEFAULT_QUALITY,
  hosts: readonly string[] = BUILD_IMAGE_HOSTS,
): string {
  if (!throughCdn(url, hosts)) return url;
  return `${CDN_PATH}?url=${encodeURIComponent(url)}&w=${width}&q=${quality}`;
}

/** `srcset` over the given widths, for `<img sizes=…>`. */
export function cdnSrcset(
  url: string,
  widths: readonly number[],
  hosts: readonly string[] = BUILD_IMAGE_HOSTS,
): string | undefined {
  if (!throughCdn(url, hosts)) return undefined;
  return widths.map((width) => `${cdnImage(url, width, CDN_DEFAULT_QUALITY, hosts)} ${width}w`).join(", ");
}

/**
 * An image's `sizes` (or a preload's `imagesizes`): only beside the `srcset` that cdnSrcset gives,
 * since photos the CDN does not resize come in one size and a lone `sizes` is invalid HTML.
 */
export function cdnSizes(
  url: string,
  sizes: string,
  hosts: readonly string[] = BUILD_IMAGE_HOSTS,
): string | undefined {
  return throughCdn(url, hosts) ? sizes : undefined;
}

/**
 * Photos the CDN will not resize, by origin: feed images on hosts missing from `image_hosts`.
 * The build reports them so ops can add the host (and allow it in netlify.toml). Video entries
 * (`video: true`, a YouTube embed among the photos) are played in a frame, never resized, so
 * their host is no image host and is not counted.
 */
export function unlistedImageOrigins(cars: readonly Car[], hosts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const car of cars) {
    const origins = new Set(
      [...car.images.filter((image) => !image.video).map((image) => image.url), car.primary_image_url ?? ""]
        .map(originOf)
        .filter((origin): origin is string => origin !== null && !hosts.includes(origin)),
    );
    for (const origin of origins) counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  return counts;
}

export type ImageRequest =
  | { ok: true; path: string; remote: boolean; width: number; quality: number }
  | { ok: false; error: string };

/**
 * Reads `url`, `w` and `q` of an image CDN request: a site-relative image path, or a photo on one
 * of the tenant's image hosts (`remote`).
 */
export function parseImageRequest(url: URL, hosts: readonly string[] = []): ImageRequest {
  const target = url.searchParams.get("url") ?? "";
  const remote = originOf(target) !== null;
  if (
    remote
      ? !throughCdn(target, hosts)
      : !target.startsWith("/") || target.startsWith("//") || target.includes("..")
  ) {
    return {
      ok: false,
      error: remote
        ? `url must be a site-relative image path or a photo on this site's image hosts (${hosts.join(", ") || "none"})`
        : "url must be a site-relative image path",
    };
  }
  const width = Number(url.searchParams.get("w") ?? CDN_DEFAULT_WIDTH);
  const quality = Number(url.searchParams.get("q") ?? CDN_DEFAULT_QUALITY);
  if (!Number.isInteger(width) || width < 1 || width > CDN_MAX_WIDTH) {
    return { ok: false, error: `w must be a whole number from 1 to ${CDN_MAX_WIDTH}` };
  }
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    return { ok: false, error: "q must be a whole number from 1 to 100" };
  }
  return { ok: true, path: remote ? target : (target.split("?")[0] as string), remote, width, quality };
}
