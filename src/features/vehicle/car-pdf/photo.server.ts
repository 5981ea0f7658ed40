/**
 * The sheet's photo: through the site's image CDN as a JPEG sized for the sheet when deployed,
 * else the original when it is a JPEG or PNG (the two formats pdf-lib embeds). Fetched only from
 * the site itself and the tenant's image hosts, and never more than PHOTO_MAX_BYTES of it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { readStreamWithin } from "~/lib/read-within.server";

/** The most a photo may be; a response passing it is cut off there, not read to its end. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
const PHOTO_TIMEOUT_MS = 5000;
/** Redirects followed, each to an allowed host like the first address. */
const PHOTO_MAX_REDIRECTS = 3;
/** The photo's box on the sheet, at about 150 dpi: what the image CDN is asked for. */
const SHEET_PHOTO = { width: 1200, height: 800, quality: 80 } as const;

/** Where a sheet's photo may come from. */
export interface PhotoSources {
  /** Folders a site path is looked up in, in order. */
  roots: readonly string[];
  /**
   * The site's own https origin (deployed: Netlify's `URL`), for its image CDN and its own files;
   * null locally.
   */
  siteOrigin: string | null;
  /** The tenant's photo hosts (site.json `image_hosts`): the only other origins fetched from. */
  imageHosts: readonly string[];
  fetchImpl?: typeof fetch;
}

/**
 * Whether the function may fetch `url`: https, on the site itself or one of the tenant's image
 * hosts. A feed row's photo URL is whatever the feed says, so without this a car could make the
 * function fetch an address inside the host's network.
 */
function mayFetch(url: URL, sources: PhotoSources): boolean {
  if (url.protocol !== "https:") return false;
  return url.origin === sources.siteOrigin || sources.imageHosts.includes(url.origin);
}

/**
 * The body of `response`, or null once it passes `maxBytes` (a declared length over it is refused
 * before any byte is read; otherwise reading stops as the cap is passed and the transfer is
 * cancelled).
 */
async function readCapped(response: Response, maxBytes: number, abort: () => void): Promise<Buffer | null> {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (declared > maxBytes || !response.body) {
    abort();
    return null;
  }
  const bytes = await readStreamWithin(response.body, maxBytes);
  if (bytes === null) abort();
  return bytes;
}

/** The bytes at an allowed https URL, following redirects only to allowed hosts; else null. */
async function fetchPhoto(href: string, sources: PhotoSources): Promise<Buffer | null> {
  const fetchImpl = sources.fetchImpl ?? fetch;
  const controller = new AbortController();
  const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(PHOTO_TIMEOUT_MS)]);
  try {
    let url = new URL(href);
    for (let hop = 0; hop <= PHOTO_MAX_REDIRECTS; hop++) {
      if (!mayFetch(url, sources)) return null;
      const response = await fetchImpl(url.href, { signal, redirect: "manual" });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => {});
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        controller.abort();
        return null;
      }
      return await readCapped(response, PHOTO_MAX_BYTES, () => controller.abort());
    }
    return null;
  } catch {
    return null;
  } finally {
    controller.abort();
  }
}

/** The photo's bytes, or null when it cannot be had (the PDF is still made). */
export async function readPhoto(url: string, sources: PhotoSources): Promise<Buffer | null> {
  if (url.startsWith("https://")) return fetchPhoto(url, sources);
  if (!url.startsWith("/") || url.startsWith("//") || url.includes("..")) return null;
  const relative = decodeURIComponent(url.split(/[?#]/)[0] ?? "");
  for (const root of sources.roots) {
    const file = path.join(root, relative);
    if (file.startsWith(root + path.sep) && existsSync(file)) return readFileSync(file);
  }
  if (sources.siteOrigin?.startsWith("https://")) {
    return fetchPhoto(new URL(url, sources.siteOrigin).href, sources);
  }
  return null;
}

/**
 * The site's image CDN address of `photo` (a site path or a feed URL) as a JPEG cropped to the
 * sheet's photo box (Netlify Image CDN parameters; `fm=jpg` because pdf-lib embeds JPEG, not WebP).
 */
export function sheetPhotoUrl(photo: string, siteOrigin: string): string {
  const query = new URLSearchParams({
    url: photo,
    w: String(SHEET_PHOTO.width),
    h: String(SHEET_PHOTO.height),
    fit: "cover",
    fm: "jpg",
    q: String(SHEET_PHOTO.quality),
  });
  return `${new URL("/.netlify/images", siteOrigin).href}?${query}`;
}

type PhotoFormat = "jpg" | "png";

/** JPEG and PNG by their signatures: the two formats pdf-lib can embed. */
export function photoFormat(bytes: Uint8Array): PhotoFormat | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, index) => bytes[index] === byte)) return "png";
  return null;
}

/**
 * The photo for the sheet: through the image CDN when the site has an https origin (deployed),
 * else (or when the CDN refuses it, e.g. a feed host missing from netlify.toml's remote_images)
 * the original, from the site's files or its URL. Null when neither gives a JPEG or PNG.
 */
export async function sheetPhoto(photo: string, sources: PhotoSources): Promise<Buffer | null> {
  if (sources.siteOrigin?.startsWith("https://")) {
    const resized = await fetchPhoto(sheetPhotoUrl(photo, sources.siteOrigin), sources);
    if (resized && photoFormat(resized)) return resized;
  }
  const original = await readPhoto(photo, sources);
  return original && photoFormat(original) ? original : null;
}
