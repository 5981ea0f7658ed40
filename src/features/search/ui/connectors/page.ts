import { pageWindow } from "../../results";
import { ownConnector } from "./own-connector";

/**
 * The page, as instantsearch's pagination widget keeps it: `page` in the address from the second
 * page on (1-based there, 0-based in the search), links to two pages either side of this one.
 */
export const connectPage = ownConnector("dealer.page", () => ({
  renderState: ({ helper, state, results, createURL }) => {
    const current = state.page || 0;
    const nbPages = results?.nbPages ?? 0;
    return {
      currentRefinement: current,
      nbPages,
      pages: results ? pageWindow(current, nbPages, 2) : [],
      isFirstPage: current <= 0,
      isLastPage: current >= nbPages - 1,
      refine: (page: number) => helper.setPage(page).search(),
      createURL: (page: number) => createURL((uiState) => ({ ...uiState, page: page + 1 })),
    };
  },
  dispose: (state) => state.setQueryParameter("page", undefined),
  getWidgetUiState: (uiState, { page }) => (page ? { ...uiState, page: page + 1 } : uiState),
  getWidgetSearchParameters: (state, { page }) => state.setQueryParameter("page", page ? page - 1 : 0),
}));
