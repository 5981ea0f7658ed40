/**
 * Astro writes the style its islands need (`astro-island{display:contents}`) just before the first
 * island, in the body, where HTML allows no style element. At the end of the head it applies the
 * same way before anything paints. The page middleware (src/middleware.ts) moves it there; the HTML
 * validator in the browser tests fails any page where it is left in the body, so a change in
 * Astro's markup cannot slip by.
 */
const ISLAND_STYLE = "<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>";

/** The page with Astro's island style moved from the body into the head (unchanged without one). */
export function islandStyleInHead(html: string): string {
  const headEnd = html.indexOf("</head>");
  const at = html.indexOf(ISLAND_STYLE, headEnd);
  if (headEnd < 0 || at < 0) return html;
  return (
    html.slice(0, headEnd) +
    ISLAND_STYLE +
    html.slice(headEnd, at) +
    html.slice(at + ISLAND_STYLE.length).replaceAll(ISLAND_STYLE, "")
  );
}
