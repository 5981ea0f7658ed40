/**
 * What the search page's connector tests share (one test file per connector in this folder, as
 * instantsearch keeps them): instantsearch's search state (algoliasearch-helper, as the page runs
 * it), what instantsearch passes a widget to draw it, and one search's answer.
 */
import algoliasearchHelper from "algoliasearch-helper";

export const { SearchParameters, SearchResults } = algoliasearchHelper;

/** A helper whose searches answer nothing (a widget's change searches; the state is what we check). */
export function makeHelper(state: Record<string, unknown> = {}) {
  const client = { search: async () => ({ results: [] }) };
  const helper = algoliasearchHelper(client as never, "cars", state);
  helper.on("error", () => {});
  return helper;
}

export type Helper = ReturnType<typeof makeHelper>;

/** The price refinements in force (the helper may keep an emptied operator as `[]`). */
export const priceEnds = (helper: Helper) =>
  Object.fromEntries(
    Object.entries(helper.state.getNumericRefinements("price")).filter(([, values]) => values.length > 0),
  );

/** What instantsearch passes a widget to draw it (the parts our widgets read). */
export function renderOptions(helper: Helper, results: unknown = null) {
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
export function answer(helper: Helper, facets: Record<string, Record<string, number>>, stats = {}) {
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
export const mount = (connector: any, params: Record<string, unknown> = {}, draw = (_state: any) => {}) =>
  connector(draw)(params);
