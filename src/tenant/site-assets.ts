/**
 * The images site.json puts on pages (the logo, which is also the favicon, and the promo popup's
 * image) must be there when the site goes live: a missing one shows a broken image on every page,
 * which nothing else would notice. A site path must name a file the build publishes from public/;
 * an https address must be on one of the site's `image_hosts`, the hosts its images come from (the
 * build cannot look a remote file up, and an address on any other host is most often mistyped or
 * borrowed from someone else's site).
 */
import type { Site } from "./schema";

export interface SiteImage {
  /** Where in site.json, as the friendly errors name fields: `logo.url`. */
  field: string;
  url: string;
}

/** Every image address site.json sets. */
export function siteImages(site: Site): SiteImage[] {
  const images: SiteImage[] = [{ field: "logo.url", url: site.logo.url }];
  const popup = site.vdp_config.promo_popup?.image;
  if (popup) images.push({ field: "vdp_config.promo_popup.image", url: popup });
  site.home_promotions.forEach((promotion, i) => {
    images.push({ field: `home_promotions.${i}.image`, url: promotion.image });
  });
  return images;
}

const PROBE_ORIGIN = "https://site.invalid";

/**
 * One line per image that would not show (`field: what is wrong; the fix`). `isPublicFile` answers
 * for a path relative to public/ (`media/logos/x.svg`), already decoded.
 */
export function siteImageProblems(site: Site, isPublicFile: (relative: string) => boolean): string[] {
  return siteImages(site).flatMap(({ field, url }) => {
    const address = new URL(url, PROBE_ORIGIN);
    if (address.origin === PROBE_ORIGIN) {
      let relative: string;
      try {
        relative = decodeURIComponent(address.pathname).replace(/^\/+/, "");
      } catch {
        relative = address.pathname.replace(/^\/+/, "");
      }
      if (relative !== "" && isPublicFile(relative)) return [];
      return [
        `${field}: "${url}" is not a file under public/ (looked for public/${relative}); ` +
          `add the file there, or set ${field} to a file that is`,
      ];
    }
    if (site.image_hosts.includes(address.origin)) return [];
    return [
      `${field}: "${url}" is on ${address.origin}, which is not in image_hosts; add "${address.origin}" ` +
        "to image_hosts (and to netlify.toml's [images] remote_images), or put the file under public/ " +
        `and set ${field} to its path`,
    ];
  });
}
