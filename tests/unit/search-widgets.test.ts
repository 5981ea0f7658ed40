/**
 * The search page's own widgets (src/features/search/ui/widgets.ts) against instantsearch's search
 * state (algoliasearch-helper, as the page runs it): what each puts in the address and reads back
 * from it, what it shows from results, and what a shopper's change does to the state.
 */
import algoliasearchHelper from "algoliasearch-helper";
import { describe, expect, it } from "vitest";
import {
  connectActiveFilters,
  connectFacet,
  connectPage,
  connectQuery,
  connectRange,
  connectSort,
} from "~/features/search/ui/widgets";

const { SearchParameters, SearchResults } = algoliasearchHelper;

/** A helper whose searches answer nothing (a widget's change searches; the state is what we check). */
function makeHelper(state: Record<string, unknown> = {}) {
  const client = { search: async () => ({ results: [] }) };
  const helper = algoliasearchHelper(client as never, "cars", state);
  helper.on("error", () => {});
  return helper;
}

type Helper = ReturnType<typeof makeHelper>;

/** The price refinements in force (the helper may keep an emptied operator as `[]`). */
const priceEnds = (helper: Helper) =>
  Object.fromEntries(
    Object.entries(helper.state.getNumericRefinements("price")).filter(([, values]) => values.length > 0),
  );

/** What instantsearch passes a widget to draw it (the parts our widgets read). */
function renderOptions(helper: Helper, results: unknown = null) {
  return {
    helper,
    state: helper.state,
    results,
    parent: { getIndexName: () => "cars" },
    createURL: (next: unknown) => (typeof next === "function" ? JSON.stringify(next({})) : ""),
    instantSearchInstance: {},
  } as never;
}

/** One search's answer for the helper's current state, with facet counts and stats. */
function answer(helper: Helper, facets: Record<string, Record<string, number>>, stats = {}) {
  return new SearchResults(helper.state, [
    {
      hits: [],
      nbHits: 9,
      page: 0,
      nbPages: 4,
      hitsPerPage: 21,
      processingTimeMS: 1,
      query: "",
      params: "",
      exhaustiveNbHits: true,
      facets,
      facets_stats: stats,
    },
  ] as never);
}

// A widget as useConnector makes it: the connector with a draw function, then the widget's params.
// biome-ignore lint/suspicious/noExplicitAny: the widgets' lifecycle methods are called as instantsearch does.
const mount = (connector: any, params: Record<string, unknown> = {}, draw = (_state: any) => {}) =>
  connector(draw)(params);

describe("search box", () => {
  it("keeps the query in the address, and a new query goes back to the first page", () => {
    const widget = mount(connectQuery);
    const state = widget.getWidgetSearchParameters(new SearchParameters({}), { uiState: { query: "hilux" } });
    expect(state.query).toBe("hilux");
    expect(widget.getWidgetUiState({}, { searchParameters: state })).toEqual({ query: "hilux" });
    expect(widget.getWidgetUiState({}, { searchParameters: state.setQuery("") })).toEqual({});

    const helper = makeHelper({ page: 2 });
    widget.getWidgetRenderState(renderOptions(helper)).refine("kia");
    expect(helper.state.query).toBe("kia");
    expect(helper.state.page).toBe(0);
  });
});

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
