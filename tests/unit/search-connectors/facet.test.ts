/**
 * A facet list's connector
 * (src/features/search/ui/connectors/facet.ts), against instantsearch's search state.
 */
import { describe, expect, it } from "vitest";
import { connectFacet } from "~/features/search/ui/connectors/facet";
import { answer, makeHelper, mount, renderOptions, SearchParameters } from "./helpers";

describe("facet list", () => {
  const params = { attribute: "make", limit: 2, sortBy: ["count:desc", "name:asc"] };

  it("ORs the values in the address and asks for up to 200 values", () => {
    const widget = mount(connectFacet, params);
    const state = widget.getWidgetSearchParameters(new SearchParameters({}), {
      uiState: { refinementList: { make: ["Toyota", "Kia"] } },
    });
    expect(state.disjunctiveFacets).toEqual(["make"]);
    expect(state.getDisjunctiveRefinements("make")).toEqual(["Toyota", "Kia"]);
    expect(state.maxValuesPerFacet).toBe(200);
    expect(widget.getWidgetUiState({ query: "x" }, { searchParameters: state })).toEqual({
      query: "x",
      refinementList: { make: ["Toyota", "Kia"] },
    });
    const cleared = state.removeDisjunctiveFacetRefinement("make");
    expect(
      widget.getWidgetUiState({ refinementList: { make: ["Kia"] } }, { searchParameters: cleared }),
    ).toEqual({});
  });

  it("shows the first values, all of them after Show more, and ticking one goes back to the first page", () => {
    const drawn: { items: { label: string }[]; isShowingMore: boolean }[] = [];
    const widget = mount(connectFacet, params, (state) => drawn.push(state));
    const helper = makeHelper({ disjunctiveFacets: ["make"], maxValuesPerFacet: 200, page: 2 });
    const options = renderOptions(helper, answer(helper, { make: { Kia: 3, Mazda: 1, Toyota: 5 } }));
    widget.render(options);
    const first = drawn.at(-1) as never as {
      items: { label: string; count: number; isRefined: boolean; value: string }[];
      canToggleShowMore: boolean;
      toggleShowMore: () => void;
      refine: (value: string) => void;
    };
    expect(first.items).toEqual([
      { value: "Toyota", label: "Toyota", count: 5, isRefined: false },
      { value: "Kia", label: "Kia", count: 3, isRefined: false },
    ]);
    expect(first.canToggleShowMore).toBe(true);
    first.toggleShowMore();
    expect(drawn.at(-1)?.isShowingMore).toBe(true);
    expect(drawn.at(-1)?.items.map((item) => item.label)).toEqual(["Toyota", "Kia", "Mazda"]);
    first.refine("Mazda");
    expect(helper.state.getDisjunctiveRefinements("make")).toEqual(["Mazda"]);
    expect(helper.state.page).toBe(0);
  });
});
