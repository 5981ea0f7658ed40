// Browser stand-in for instantsearch.js's metadata middleware (see ../slim-browser-deps.ts): it writes
// the widget list into the page for Algolia's crawler only, which never visits a dealer's site.
export const isMetadataEnabled = () => false;
export function createMetadataMiddleware() {
  throw new Error(
    "The Algolia crawler's metadata is not in the browser bundle (scripts/lib/slim-browser-deps.ts).",
  );
}
