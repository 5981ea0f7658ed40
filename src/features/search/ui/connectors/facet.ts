import { ownConnector } from "./own-connector";

/** Values listed with "Show more" open. */
export const SHOW_MORE_LIMIT = 200;

export interface FacetItem {
  value: string;
  label: string;
  count: number;
  isRefined: boolean;
}

/**
 * A facet's values, as instantsearch's refinement-list widget keeps them (values ORed, in the
 * address by attribute, a change goes back to the first page): the first `limit` in the facet's
 * order, or with "Show more" up to 200, offered while the search returned more than are shown.
 */
export const connectFacet = ownConnector(
  "dealer.facet",
  ({
    attribute,
    limit,
    sortBy,
  }: {
    attribute: string;
    limit: number;
    /** instantsearch's `["count:desc"]` form, or a comparator (car types new, demo, used). */
    sortBy: string[] | ((a: { name: string; count: number }, b: { name: string; count: number }) => number);
  }) => {
    let showingMore = false;
    let shownBefore: FacetItem[] = [];
    let allShown = true;
    let toggleShowMore = () => {};
    return {
      renderState: ({ results, state, helper }, redraw) => {
        let items: FacetItem[] = [];
        if (results) {
          const values = results.getFacetValues(attribute, { sortBy, facetOrdering: false });
          const all = Array.isArray(values) ? values : [];
          const shown = showingMore ? SHOW_MORE_LIMIT : limit;
          items = all.slice(0, shown).map(({ name, escapedValue, count, isRefined }) => ({
            value: escapedValue,
            label: name,
            count,
            isRefined,
          }));
          allShown = (state.maxValuesPerFacet ?? 0) > shown ? all.length <= shown : all.length < shown;
          shownBefore = items;
          toggleShowMore = () => {
            showingMore = !showingMore;
            redraw();
          };
        }
        return {
          items,
          refine: (value: string) => helper.toggleFacetRefinement(attribute, value).search(),
          isShowingMore: showingMore,
          canToggleShowMore: (showingMore && shownBefore.length > limit) || !allShown,
          toggleShowMore: () => toggleShowMore(),
        };
      },
      dispose: (state) =>
        state.setQueryParameter("maxValuesPerFacet", undefined).removeDisjunctiveFacet(attribute),
      getWidgetUiState: (uiState, searchParameters) => {
        const refinementList = {
          ...uiState.refinementList,
          [attribute]: searchParameters.getDisjunctiveRefinements(attribute),
        };
        if (!refinementList[attribute]?.length) delete refinementList[attribute];
        const { refinementList: _, ...rest } = uiState;
        return Object.keys(refinementList).length ? { ...uiState, refinementList } : rest;
      },
      getWidgetSearchParameters: (parameters, uiState) => {
        if (parameters.isHierarchicalFacet(attribute) || parameters.isConjunctiveFacet(attribute))
          return parameters;
        const values = uiState.refinementList?.[attribute];
        const facet = parameters.addDisjunctiveFacet(attribute).removeDisjunctiveFacetRefinement(attribute);
        const withLimit = facet.setQueryParameter(
          "maxValuesPerFacet",
          Math.max(facet.maxValuesPerFacet || 0, SHOW_MORE_LIMIT),
        );
        if (!values)
          return withLimit.setQueryParameters({
            disjunctiveFacetsRefinements: { ...withLimit.disjunctiveFacetsRefinements, [attribute]: [] },
          });
        return values.reduce(
          (state, value) => state.addDisjunctiveFacetRefinement(attribute, value),
          withLimit,
        );
      },
    };
  },
);
