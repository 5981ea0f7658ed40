// Browser stand-in for algoliasearch-helper's hierarchical facet tree (see ../slim-browser-deps.ts):
// the helper maps every hierarchical facet of an answer through it, and the search page has none.
module.exports = function generateHierarchicalTree() {
  return function hierarchicalFacet() {
    throw new Error("Hierarchical facets are not in the browser bundle (scripts/lib/slim-browser-deps.ts).");
  };
};
