/**
 * The head tags every page shares for search engines and link previews (Open Graph, X cards):
 * the document title and the picture a shared link shows.
 */

/** `Page | Site`, or the site's name alone on the page that is the site itself. */
export function documentTitle(title: string, siteName: string): string {
  return title === siteName ? title : `${title} | ${siteName}`;
}

/**
 * The absolute address of the picture a shared link shows: the page's own image, else the
 * tenant's logo, so no page is shared without a picture. `twitter:card` is the large card only
 * when the picture is the page's own (a logo blown up to a banner looks broken).
 */
export function shareImage(
  pageImage: string | null | undefined,
  logoUrl: string,
  siteUrl: string,
): { url: string; card: "summary_large_image" | "summary" } {
  return pageImage
    ? { url: new URL(pageImage, siteUrl).href, card: "summary_large_image" }
    : { url: new URL(logoUrl, siteUrl).href, card: "summary" };
}
