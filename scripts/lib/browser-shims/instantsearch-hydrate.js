// Browser stand-in for instantsearch.js's server-rendering hydration (see ../slim-browser-deps.ts):
// InstantSearch calls these only with results rendered on a server (react-instantsearch's SSR
// provider); the search island renders in the browser only and takes over prerendered HTML itself.
function notBundled() {
  throw new Error(
    "instantsearch's server-rendered results are not in the browser bundle (scripts/lib/slim-browser-deps.ts).",
  );
}
export const hydrateSearchClient = notBundled;
export const hydrateRecommendCache = notBundled;
