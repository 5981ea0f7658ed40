/**
 * The one rule for addresses a tenant's files or its stock feed put into a page (href, src,
 * poster): `https:` or a path on the site. Anything else could run script (`javascript:`,
 * `vbscript:`, `data:` pages) or leave the site unnoticed (`//host`, `/\host`). Plain `http:` is
 * refused as well: on an https page a browser blocks it as mixed content or downgrades the shopper.
 * Links may also call or email the dealer (`tel:`, `mailto:`); media never.
 */
import { z } from "zod";

const PROBE_ORIGIN = "https://site.invalid";

/**
 * Characters a browser silently drops from a URL (tab, newline) or that have no place in one; they
 * can hide a scheme (`java\nscript:`) or turn a path into another host (`/\t/host`).
 */
function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** `/media/…`, `/finance?x=1`: resolves to this site, whatever the browser makes of slashes. */
export function isSitePath(value: string): boolean {
  if (!value.startsWith("/") || hasControl(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value) || hasControl(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** An address for media and plain links: https or a site path. */
export function isSafeUrl(value: string): boolean {
  return isSitePath(value) || isHttpsUrl(value);
}

/** An address for a link a dealer writes (menus, buttons): also a phone call or an email. */
export function isSafeHref(value: string): boolean {
  if (isSafeUrl(value)) return true;
  if (hasControl(value)) return false;
  return /^tel:\+?[\d\s()-]{3,}$/i.test(value) || /^mailto:[^\s:/@]+@[^\s:/@?]+(\?[^\s]*)?$/i.test(value);
}

/**
 * The address as a page must write it: characters a URL may not hold literally (the `[` and `]`
 * of a `range[price]=…` query, spaces, `|`, a `%` that starts no escape) percent-encoded, and the
 * rest untouched: escapes already made, an https host like `[::1]`, and `{slug}`-style
 * placeholders, which are filled per car before a page writes the link. Browsers forgive the raw
 * form; HTML validators, crawlers and some assistive technology do not. Readers of our own queries
 * (the search routing) decode both forms alike.
 */
export function encodeHref(value: string): string {
  const host = /^https:\/\/[^/?#]*/i.exec(value)?.[0] ?? "";
  const rest = value
    .slice(host.length)
    .replace(/%(?![0-9a-f]{2})/gi, "%25")
    .replace(/[^\w\-.~:/?#@!$&'()*+,;=%{}]/g, (char) => encodeURIComponent(char));
  return host + rest;
}

export const SAFE_URL_MESSAGE = "must be a path on this site (like /media/photo.jpg) or an https:// address";
export const SAFE_HREF_MESSAGE =
  "must be a path on this site (like /finance), an https:// address, or a mailto: or tel: link";
export const HTTPS_URL_MESSAGE = "must be an https:// address";
export const SITE_PATH_MESSAGE = "must be a path on this site (like /search/new-cars)";

/** Photos, videos, documents and plain links: `https://…` or `/…`. */
export const safeUrl = z.string().refine(isSafeUrl, SAFE_URL_MESSAGE).transform(encodeHref);
/** Links a dealer configures (menus, promo and card buttons): safeUrl, `tel:` or `mailto:`. */
export const safeHref = z.string().refine(isSafeHref, SAFE_HREF_MESSAGE).transform(encodeHref);
/** Addresses on another site only (social profiles, web chat). */
export const httpsUrl = z.string().refine(isHttpsUrl, HTTPS_URL_MESSAGE);
/** Links that must stay on the site. */
export const sitePath = z.string().refine(isSitePath, SITE_PATH_MESSAGE).transform(encodeHref);
/**
 * A feed's optional address: a blank means "none" (real feeds send `""`), so it never costs the
 * car its page; anything else must be a safeUrl.
 */
export const feedUrl = z
  .string()
  .refine((value) => value.trim() === "" || isSafeUrl(value), SAFE_URL_MESSAGE);
