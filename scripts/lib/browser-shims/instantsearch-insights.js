// Browser stand-in for instantsearch.js's Insights middleware (see ../slim-browser-deps.ts). InstantSearch
// adds it only when told to (`insights`) or when an answer carries Algolia's `_automaticInsights`;
// the search page does neither, and Meilisearch answers never carry it.
export function createInsightsMiddleware() {
  throw new Error(
    "Algolia Insights is not in the browser bundle: the search page sends no click events (scripts/lib/slim-browser-deps.ts).",
  );
}
