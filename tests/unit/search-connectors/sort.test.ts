/**
 * The sort's connector
 * (src/features/search/ui/connectors/sort.ts), against instantsearch's search state.
 */
import { describe, expect, it } from "vitest";
import { connectSort } from "~/features/search/ui/connectors/sort";
import { makeHelper, mount, renderOptions, SearchParameters } from "./helpers";

describe("sort", () => {
  const items = [
    { label: "Latest", value: "cars" },
    { label: "Lowest Price", value: "cars:price:asc" },
  ];

  it("puts the index in the address only when it is not the page's own, and ignores unknown ones", () => {
    const widget = mount(connectSort, { items });
    const helper = makeHelper();
    const shown = widget.getWidgetRenderState(renderOptions(helper));
    expect(shown.currentRefinement).toBe("cars");
    expect(shown.options).toEqual(items);
    const base = new SearchParameters({ index: "cars" });
    expect(widget.getWidgetUiState({}, { searchParameters: base })).toEqual({ sortBy: undefined });
    const sorted = widget.getWidgetSearchParameters(base, { uiState: { sortBy: "cars:price:asc" } });
    expect(sorted.index).toBe("cars:price:asc");
    expect(widget.getWidgetUiState({}, { searchParameters: sorted })).toEqual({ sortBy: "cars:price:asc" });
    expect(widget.getWidgetSearchParameters(base, { uiState: { sortBy: "cars:km:asc" } }).index).toBe("cars");

    helper.setPage(3);
    shown.refine("cars:price:asc");
    expect(helper.state.index).toBe("cars:price:asc");
    expect(helper.state.page).toBe(0);
  });
});
