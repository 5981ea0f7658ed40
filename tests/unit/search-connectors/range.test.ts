/**
 * The price range's connector
 * (src/features/search/ui/connectors/range.ts), against instantsearch's search state.
 */
import { describe, expect, it } from "vitest";
import { connectRange } from "~/features/search/ui/connectors/range";
import { answer, makeHelper, mount, priceEnds, renderOptions, SearchParameters } from "./helpers";

describe("price range", () => {
  it("reads min:max from the address and writes it back", () => {
    const widget = mount(connectRange, { attribute: "price" });
    const state = widget.getWidgetSearchParameters(new SearchParameters({}), {
      uiState: { range: { price: "5000:40000" } },
    });
    expect(state.getNumericRefinements("price")).toEqual({ ">=": [5000], "<=": [40000] });
    expect(widget.getWidgetUiState({}, { searchParameters: state })).toEqual({
      range: { price: "5000:40000" },
    });
    const minOnly = widget.getWidgetSearchParameters(new SearchParameters({}), {
      uiState: { range: { price: "5000:" } },
    });
    expect(widget.getWidgetUiState({}, { searchParameters: minOnly })).toEqual({ range: { price: "5000:" } });
    const none = widget.getWidgetSearchParameters(new SearchParameters({}), { uiState: {} });
    expect(widget.getWidgetUiState({}, { searchParameters: none })).toEqual({});
  });

  it("takes its bounds from the facet stats; an end at a bound is no refinement, one outside is refused", () => {
    const widget = mount(connectRange, { attribute: "price" });
    const helper = makeHelper({ disjunctiveFacets: ["price"], page: 1 });
    const results = answer(helper, { price: { "5000": 1 } }, { price: { min: 4990.5, max: 78999.2 } });
    const shown = widget.getWidgetRenderState(renderOptions(helper, results));
    expect(shown.range).toEqual({ min: 4990, max: 79000 });
    expect(shown.start).toEqual([-Infinity, Infinity]);
    expect(shown.canRefine).toBe(true);

    shown.refine([4990, 30000]);
    expect(priceEnds(helper)).toEqual({ "<=": [30000] });
    expect(helper.state.page).toBe(0);
    shown.refine([1000, 30000]);
    expect(priceEnds(helper)).toEqual({ "<=": [30000] });
    shown.refine([10000, undefined]);
    expect(priceEnds(helper)).toEqual({ ">=": [10000] });
    expect(widget.getWidgetRenderState(renderOptions(helper, results)).start).toEqual([10000, Infinity]);
  });
});
