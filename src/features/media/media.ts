/** Which pictures a car shows, and the fallback when it has none (spec §8: missing image). */
import type { Car } from "~/features/stock/car.schema";

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

export function showThumbnails(car: Car): boolean {
  return carPictures(car).length > THUMBNAILS_AFTER;
}

/** Image CDN defaults (spec §9: width 640, quality 75). */
export const CDN_DEFAULT_WIDTH = 640;
export const CDN_DEFAULT_QUALITY = 75;
export const CDN_MAX_WIDTH = 2400;
const CDN_PATH = "/.netlify/images";

/** A site image through the image CDN; SVGs and off-site URLs are left as they are. */
export function cdnImage(url: string, width = CDN_DEFAULT_WIDTH, quality = CDN_DEFAULT_QUALITY): string {
  if (!url.startsWith("/") || url.startsWith("//") || url.endsWith(".svg")) return url;
  return `${CDN_PATH}?url=${encodeURIComponent(url)}&w=${width}&q=${quality}`;
}

/** `srcset` over the given widths, for `<img sizes=…>`. */
export function cdnSrcset(url: string, widths: readonly number[]): string | undefined {
  if (cdnImage(url) === url) return undefined;
  return widths.map((width) => `${cdnImage(url, width)} ${width}w`).join(", ");
}

export type ImageRequest =
  | { ok: true; path: string; width: number; quality: number }
  | { ok: false; error: string };

/** Reads `url`, `w` and `q` of an image CDN request; only site-relative image paths are allowed. */
export function parseImageRequest(url: URL): ImageRequest {
  const target = url.searchParams.get("url");
  if (!target?.startsWith("/") || target.startsWith("//") || target.includes("..")) {
    return { ok: false, error: "url must be a site-relative image path" };
  }
  const width = Number(url.searchParams.get("w") ?? CDN_DEFAULT_WIDTH);
  const quality = Number(url.searchParams.get("q") ?? CDN_DEFAULT_QUALITY);
  if (!Number.isInteger(width) || width < 1 || width > CDN_MAX_WIDTH) {
    return { ok: false, error: `w must be a whole number from 1 to ${CDN_MAX_WIDTH}` };
  }
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    return { ok: false, error: "q must be a whole number from 1 to 100" };
  }
  return { ok: true, path: target.split("?")[0] as string, width, quality };
}
