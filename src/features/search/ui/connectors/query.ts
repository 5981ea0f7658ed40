import { ownConnector } from "./own-connector";

/**
 * The query, as instantsearch's search-box widget keeps it: in the address unless empty, and a new
 * query goes back to the first page.
 */
export const connectQuery = ownConnector("dealer.query", () => ({
  renderState: ({ helper, state }) => ({
    query: state.query || "",
    refine: (query: string) => helper.setQuery(query).search(),
  }),
  dispose: (state) => state.setQueryParameter("query", undefined),
  getWidgetUiState: (uiState, { query }) =>
    !query || uiState.query === query ? uiState : { ...uiState, query },
  getWidgetSearchParameters: (state, uiState) => state.setQueryParameter("query", uiState.query || ""),
}));
