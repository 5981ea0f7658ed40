/**
 * The sheet's photo: through the site's image CDN as a JPEG sized for the sheet when deployed,
 * else the original when it is a JPEG or PNG (the two formats pdf-lib embeds).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
const PHOTO_TIMEOUT_MS = 5000;
/** The photo's box on the sheet, at about 150 dpi: what the image CDN is asked for. */
const SHEET_PHOTO = { width: 1200, height: 800, quality: 80 } as const;

/** The photo's bytes, or null when it cannot be had (the PDF is still made). */
export async function readPhoto(
  url: string,
  roots: readonly string[],
  fetchImpl: typeof fetch = fetch,
  siteOrigin: string | null = null,
): Promise<Buffer | null> {
  if (url.startsWith("https://")) {
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(PHOTO_TIMEOUT_MS) });
      if (!response.ok) return null;
      const bytes = Buffer.from(await response.arrayBuffer());
      return bytes.byteLength <= PHOTO_MAX_BYTES ? bytes : null;
    } catch {
      return null;
    }
  }
  if (!url.startsWith("/") || url.startsWith("//") || url.includes("..")) return null;
  const relative = decodeURIComponent(url.split(/[?#]/)[0] ?? "");
  for (const root of roots) {
    const file = path.join(root, relative);
    if (file.startsWith(root + path.sep) && existsSync(file)) return readFileSync(file);
  }
  if (siteOrigin?.startsWith("https://")) return readPhoto(new URL(url, siteOrigin).href, [], fetchImpl);
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
export async function sheetPhoto(
  photo: string,
  roots: readonly string[],
  fetchImpl: typeof fetch = fetch,
  siteOrigin: string | null = null,
): Promise<Buffer | null> {
  if (siteOrigin?.startsWith("https://")) {
    const resized = await readPhoto(sheetPhotoUrl(photo, siteOrigin), [], fetchImpl);
    if (resized && photoFormat(resized)) return resized;
  }
  const original = await readPhoto(photo, roots, fetchImpl, siteOrigin);
  return original && photoFormat(original) ? original : null;
}
