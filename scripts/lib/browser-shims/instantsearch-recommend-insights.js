// Browser stand-in for instantsearch.js's addInsightsToRecommendParameters (see ../slim-browser-deps.ts):
// it copies Insights' user token and click analytics into Recommend queries, and returns them as they
// are when neither is set, as on the search page, which has no Insights (and no Recommend widgets).
export const addInsightsToRecommendParameters = (recommendParameters) => recommendParameters;
