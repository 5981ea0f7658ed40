/**
 * The pagination's connector
 * (src/features/search/ui/connectors/page.ts), against instantsearch's search state.
 */
import { describe, expect, it } from "vitest";
import { connectPage } from "~/features/search/ui/connectors/page";
import { answer, makeHelper, mount, renderOptions, SearchParameters } from "./helpers";

describe("pagination", () => {
  it("is 1-based in the address from the second page, 0-based in the search", () => {
    const widget = mount(connectPage);
    const state = widget.getWidgetSearchParameters(new SearchParameters({}), { uiState: { page: 3 } });
    expect(state.page).toBe(2);
    expect(widget.getWidgetUiState({}, { searchParameters: state })).toEqual({ page: 3 });
    expect(widget.getWidgetUiState({}, { searchParameters: state.setPage(0) })).toEqual({});

    const helper = makeHelper({ page: 3 });
    const shown = widget.getWidgetRenderState(renderOptions(helper, answer(helper, {})));
    expect(shown).toMatchObject({
      currentRefinement: 3,
      nbPages: 4,
      pages: [0, 1, 2, 3],
      isFirstPage: false,
      isLastPage: true,
    });
    expect(shown.createURL(1)).toBe(JSON.stringify({ page: 2 }));
    shown.refine(1);
    expect(helper.state.page).toBe(1);
  });
});
