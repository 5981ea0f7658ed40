/**
 * The active filters' connector
 * (src/features/search/ui/connectors/active-filters.ts), against instantsearch's search state.
 */
import { describe, expect, it } from "vitest";
import { connectActiveFilters } from "~/features/search/ui/connectors/active-filters";
import { answer, makeHelper, mount, priceEnds, renderOptions } from "./helpers";

describe("active filters", () => {
  it("lists ticked values, then range ends in numeric order, and removes one or all", () => {
    const helper = makeHelper({
      disjunctiveFacets: ["make", "body", "price"],
      disjunctiveFacetsRefinements: { make: ["Toyota", "\\-5"], body: ["SUV"] },
      numericRefinements: { price: { "<=": [40000], ">=": [5000] } },
      page: 2,
    });
    const widget = mount(connectActiveFilters);
    const shown = widget.getWidgetRenderState(renderOptions(helper));
    expect(shown.items.map((item: { label: string }) => item.label)).toEqual([
      "Toyota",
      "-5",
      "SUV",
      "≥ 5000",
      "≤ 40000",
    ]);
    shown.remove(shown.items[4]);
    expect(priceEnds(helper)).toEqual({ ">=": [5000] });
    expect(helper.state.page).toBe(0);
    shown.remove(shown.items[0]);
    expect(helper.state.getDisjunctiveRefinements("make")).toEqual(["\\-5"]);

    helper.setQuery("hilux").setPage(2);
    widget.getWidgetRenderState(renderOptions(helper)).clearAll();
    expect(widget.getWidgetRenderState(renderOptions(helper)).items).toEqual([]);
    expect(helper.state.query).toBe("hilux");
    expect(helper.state.page).toBe(0);
  });
});

describe("active filters before the first answer", () => {
  it("says whether a search has answered, so chips are drawn once every widget's refinements are in", () => {
    const helper = makeHelper({
      disjunctiveFacets: ["make"],
      disjunctiveFacetsRefinements: { make: ["Kia"] },
    });
    const widget = mount(connectActiveFilters);
    expect(widget.getWidgetRenderState(renderOptions(helper)).answered).toBe(false);
    expect(widget.getWidgetRenderState(renderOptions(helper, answer(helper, {}))).answered).toBe(true);
  });
});
