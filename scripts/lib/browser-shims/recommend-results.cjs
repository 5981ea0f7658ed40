// Browser stand-in for algoliasearch-helper's handling of Algolia Recommend answers (RecommendResults
// and sortAndMergeRecommendations; see ../slim-browser-deps.ts): the helper reaches them only with
// answers to recommendation widgets, and the search page has none.
module.exports = function recommendResults() {
  throw new Error(
    "Algolia Recommend answers are not in the browser bundle (scripts/lib/slim-browser-deps.ts).",
  );
};
