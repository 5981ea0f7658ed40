import { ownConnector } from "./own-connector";

export interface SortItem {
  label: string;
  /** The index name that sorts this way (the search client reads the sort from it). */
  value: string;
}

/**
 * The sort, as instantsearch's sort-by widget keeps it: the index searched, in the address unless it
 * is the one the page started with; an index the page does not offer reads as that one.
 */
export const connectSort = ownConnector("dealer.sort", ({ items }: { items: SortItem[] }) => {
  let initialIndex: string | undefined;
  return {
    renderState: ({ helper, state, parent }) => {
      initialIndex ??= parent.getIndexName();
      return {
        currentRefinement: state.index,
        options: items,
        refine: (value: string) => helper.setIndex(value).search(),
      };
    },
    dispose: (state) => (initialIndex && state.index !== initialIndex ? state.setIndex(initialIndex) : state),
    getWidgetUiState: (uiState, { index }) => ({
      ...uiState,
      sortBy: index !== initialIndex ? index : undefined,
    }),
    getWidgetSearchParameters: (state, { sortBy }) => {
      const offered = !sortBy || items.some((item) => item.value === sortBy);
      return state.setQueryParameter("index", (offered ? sortBy : undefined) || initialIndex || state.index);
    },
  };
});
