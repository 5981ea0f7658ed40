/**
 * The search page's widgets, for `useConnector` (react-instantsearch): the toolbar, facets, price
 * range, active filters and pagination. Each keeps its part of the search state the way
 * instantsearch's own widget of that kind does (what it shows, what goes in the address, what a
 * change does) for the options this page uses; instantsearch's general widgets (every option,
 * several indices, click events) would weigh about 4 KB gzip more on the search page.
 *
 * A widget is what it shows, worked out from the index's helper (the search state) and its latest
 * results; and, for the state it owns, how that state reads from and writes to the address's
 * `uiState` (instantsearch drops any `uiState` key that no mounted widget owns).
 */
import type { Connector, IndexUiState, InitOptions, RenderOptions, Widget } from "instantsearch.js";
import { pageWindow } from "../results";

type SearchParameters = InitOptions["state"];
type Options = InitOptions | RenderOptions;

export interface OwnWidget<TRenderState> {
  /** `redraw` draws the widget again from the same options (for a change of its own, like "Show more"). */
  renderState: (options: Options, redraw: () => void) => TRenderState;
  /** The index's state with this widget's part taken out, when it unmounts. */
  dispose?: (state: SearchParameters) => SearchParameters;
  getWidgetUiState?: (uiState: IndexUiState, searchParameters: SearchParameters) => IndexUiState;
  getWidgetSearchParameters?: (state: SearchParameters, uiState: IndexUiState) => SearchParameters;
}

/**
 * A connector for `useConnector(connector, params)`: `create` runs once per mounted widget with its
 * params (so it may keep state of its own, e.g. the index the page started with).
 */
export function ownConnector<
  TRenderState extends Record<string, unknown>,
  TParams extends Record<string, unknown>,
>(
  $$type: string,
  create: (params: TParams) => OwnWidget<TRenderState>,
): Connector<{ $$type: string; renderState: TRenderState }, TParams> {
  type Render = (state: TRenderState & { widgetParams: TParams } & Partial<Options>, first: boolean) => void;
  const connector =
    (render: Render, unmount = () => {}) =>
    (widgetParams: TParams) => {
      const widget = create(widgetParams);
      const draw = (options: Options, first: boolean): void =>
        render(
          {
            ...widget.renderState(options, () => draw(options, false)),
            widgetParams,
            instantSearchInstance: options.instantSearchInstance,
          },
          first,
        );
      const { getWidgetUiState, getWidgetSearchParameters } = widget;
      return {
        $$type,
        init: (options: InitOptions) => draw(options, true),
        render: (options: RenderOptions) => draw(options, false),
        dispose: ({ state }: { state: SearchParameters }) => {
          unmount();
          return widget.dispose?.(state);
        },
        getWidgetRenderState: (options: Options) => ({
          ...widget.renderState(options, () => draw(options, false)),
          widgetParams,
        }),
        ...(getWidgetUiState && {
          getWidgetUiState: (
            uiState: IndexUiState,
            { searchParameters }: { searchParameters: SearchParameters },
          ) => getWidgetUiState(uiState, searchParameters),
        }),
        ...(getWidgetSearchParameters && {
          getWidgetSearchParameters: (parameters: SearchParameters, { uiState }: { uiState: IndexUiState }) =>
            getWidgetSearchParameters(parameters, uiState),
        }),
      } satisfies Partial<Widget>;
    };
  // instantsearch types a connector for its own widget descriptions; ours keeps to the same calls.
  return connector as unknown as Connector<{ $$type: string; renderState: TRenderState }, TParams>;
}

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

export interface SortItem {
  label: string;
  /** The index name that sorts this way (instant-meilisearch reads the sort from it). */
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

/** One active filter: a ticked facet value, or one end of a range ("≥ 10000", "≤ 50000"). */
export interface ActiveFilter {
  attribute: string;
  label: string;
  value: string;
  operator?: string;
}

type ActiveFiltersState = {
  items: ActiveFilter[];
  remove: (filter: ActiveFilter) => void;
  clearAll: () => void;
};

const OPERATOR_SYMBOLS: Record<string, string> = { ">=": "≥", "<=": "≤" };

function activeFilters(helper: InitOptions["helper"]): ActiveFiltersState {
  const { disjunctiveFacetsRefinements, numericRefinements } = helper.state;
  const items: ActiveFilter[] = [];
  for (const [attribute, values] of Object.entries(disjunctiveFacetsRefinements)) {
    // A ticked value starting with "-" is kept escaped ("\\-5", so it is no exclusion); the chip reads "-5".
    for (const value of values) items.push({ attribute, value, label: value.replace(/^\\-/, "-") });
  }
  for (const [attribute, operators] of Object.entries(numericRefinements)) {
    const ends = Object.entries(operators).flatMap(([operator, values]) =>
      (values ?? []).flat().map((value) => ({ operator, value })),
    );
    for (const { operator, value } of ends.sort((a, b) => a.value - b.value))
      items.push({
        attribute,
        operator,
        value: String(value),
        label: `${OPERATOR_SYMBOLS[operator] ?? operator} ${value}`,
      });
  }
  return {
    items,
    remove: ({ attribute, value, operator }) => {
      const state = helper.state.resetPage();
      helper
        .setState(
          operator
            ? state.removeNumericRefinement(attribute, operator, value)
            : state.removeDisjunctiveFacetRefinement(attribute, value),
        )
        .search();
    },
    clearAll: () => {
      let state = helper.state.setPage(0);
      for (const { attribute, operator } of items)
        state = operator
          ? state.removeNumericRefinement(attribute)
          : state.removeDisjunctiveFacetRefinement(attribute);
      helper.setState(state).search();
    },
  };
}

/**
 * The refinements of the search's current state, as instantsearch's current-refinements and
 * clear-refinements widgets list and clear them for the widgets this page has (refinement lists
 * and ranges; the query is not a filter): a facet's ticked values in the order they were ticked,
 * a range's ends in numeric order, and removing any of them goes back to the first page.
 */
export const connectActiveFilters = ownConnector("dealer.activeFilters", () => ({
  renderState: ({ helper }) => activeFilters(helper),
}));

/** Values listed with "Show more" open. */
export const SHOW_MORE_LIMIT = 200;

export interface FacetItem {
  value: string;
  label: string;
  count: number;
  isRefined: boolean;
}

/**
 * A facet's values, as instantsearch's refinement-list widget keeps them (values ORed, in the
 * address by attribute, a change goes back to the first page): the first `limit` in the facet's
 * order, or with "Show more" up to 200, offered while the search returned more than are shown.
 */
export const connectFacet = ownConnector(
  "dealer.facet",
  ({
    attribute,
    limit,
    sortBy,
  }: {
    attribute: string;
    limit: number;
    /** instantsearch's `["count:desc"]` form, or a comparator (car types new, demo, used). */
    sortBy: string[] | ((a: { name: string; count: number }, b: { name: string; count: number }) => number);
  }) => {
    let showingMore = false;
    let shownBefore: FacetItem[] = [];
    let allShown = true;
    let toggleShowMore = () => {};
    return {
      renderState: ({ results, state, helper }, redraw) => {
        let items: FacetItem[] = [];
        if (results) {
          const values = results.getFacetValues(attribute, { sortBy, facetOrdering: false });
          const all = Array.isArray(values) ? values : [];
          const shown = showingMore ? SHOW_MORE_LIMIT : limit;
          items = all.slice(0, shown).map(({ name, escapedValue, count, isRefined }) => ({
            value: escapedValue,
            label: name,
            count,
            isRefined,
          }));
          allShown = (state.maxValuesPerFacet ?? 0) > shown ? all.length <= shown : all.length < shown;
          shownBefore = items;
          toggleShowMore = () => {
            showingMore = !showingMore;
            redraw();
          };
        }
        return {
          items,
          refine: (value: string) => helper.toggleFacetRefinement(attribute, value).search(),
          isShowingMore: showingMore,
          canToggleShowMore: (showingMore && shownBefore.length > limit) || !allShown,
          toggleShowMore: () => toggleShowMore(),
        };
      },
      dispose: (state) =>
        state.setQueryParameter("maxValuesPerFacet", undefined).removeDisjunctiveFacet(attribute),
      getWidgetUiState: (uiState, searchParameters) => {
        const refinementList = {
          ...uiState.refinementList,
          [attribute]: searchParameters.getDisjunctiveRefinements(attribute),
        };
        if (!refinementList[attribute]?.length) delete refinementList[attribute];
        const { refinementList: _, ...rest } = uiState;
        return Object.keys(refinementList).length ? { ...uiState, refinementList } : rest;
      },
      getWidgetSearchParameters: (parameters, uiState) => {
        if (parameters.isHierarchicalFacet(attribute) || parameters.isConjunctiveFacet(attribute))
          return parameters;
        const values = uiState.refinementList?.[attribute];
        const facet = parameters.addDisjunctiveFacet(attribute).removeDisjunctiveFacetRefinement(attribute);
        const withLimit = facet.setQueryParameter(
          "maxValuesPerFacet",
          Math.max(facet.maxValuesPerFacet || 0, SHOW_MORE_LIMIT),
        );
        if (!values)
          return withLimit.setQueryParameters({
            disjunctiveFacetsRefinements: { ...withLimit.disjunctiveFacetsRefinements, [attribute]: [] },
          });
        return values.reduce(
          (state, value) => state.addDisjunctiveFacetRefinement(attribute, value),
          withLimit,
        );
      },
    };
  },
);

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * A numeric range, as instantsearch's range widget keeps it (without fixed bounds, whole numbers):
 * `≥`/`≤` refinements, `range[attribute]=min:max` in the address, the bounds from the facet's
 * stats; an end set to a bound is no refinement, an end outside the bounds is refused, and a
 * change goes back to the first page.
 */
export const connectRange = ownConnector("dealer.range", ({ attribute }: { attribute: string }) => ({
  renderState: ({ results, helper }) => {
    const stats = results?.disjunctiveFacets.find((facet) => facet.name === attribute)?.stats;
    const min = isNumber(stats?.min) ? Math.floor(stats.min) : 0;
    const max = isNumber(stats?.max) ? Math.ceil(stats.max) : 0;
    const bounds = results ? { min, max } : { min: undefined, max: undefined };
    const [low] = helper.state.getNumericRefinement(attribute, ">=") ?? [];
    const [high] = helper.state.getNumericRefinement(attribute, "<=") ?? [];
    return {
      range: { min, max },
      start: [isNumber(low) ? low : -Infinity, isNumber(high) ? high : Infinity],
      canRefine: min !== max,
      refine: ([from, to]: [number | undefined, number | undefined]) => {
        const state = helper.state;
        const [current] = state.getNumericRefinement(attribute, ">=") ?? [];
        const [currentMax] = state.getNumericRefinement(attribute, "<=") ?? [];
        const next = from === undefined ? undefined : from ? Math.floor(from) : from;
        const nextMax = to === undefined ? undefined : to ? Math.ceil(to) : to;
        const newMin = bounds.min === next ? undefined : next;
        const newMax = bounds.max === nextMax ? undefined : nextMax;
        const minValid =
          newMin === undefined || (isNumber(newMin) && (!isNumber(bounds.min) || bounds.min <= newMin));
        const maxValid =
          newMax === undefined || (isNumber(newMax) && (!isNumber(bounds.max) || bounds.max >= newMax));
        if ((current === newMin && currentMax === newMax) || !minValid || !maxValid) return;
        let refined = state.removeNumericRefinement(attribute);
        if (isNumber(newMin)) refined = refined.addNumericRefinement(attribute, ">=", newMin);
        if (isNumber(newMax)) refined = refined.addNumericRefinement(attribute, "<=", newMax);
        helper.setState(refined.resetPage()).search();
      },
    };
  },
  dispose: (state) => state.removeDisjunctiveFacet(attribute).removeNumericRefinement(attribute),
  getWidgetUiState: (uiState, searchParameters) => {
    const { ">=": low = [], "<=": high = [] } = searchParameters.getNumericRefinements(attribute);
    if (low.length === 0 && high.length === 0) return uiState;
    return { ...uiState, range: { ...uiState.range, [attribute]: `${low}:${high}` } };
  },
  getWidgetSearchParameters: (parameters, uiState) => {
    let state = parameters.addDisjunctiveFacet(attribute).setQueryParameters({
      numericRefinements: { ...parameters.numericRefinements, [attribute]: {} },
    });
    const value = uiState.range?.[attribute];
    if (!value?.includes(":")) return state;
    const [low, high] = value.split(":").map(Number.parseFloat);
    if (isNumber(low))
      state = state.removeNumericRefinement(attribute, ">=").addNumericRefinement(attribute, ">=", low);
    if (isNumber(high))
      state = state.removeNumericRefinement(attribute, "<=").addNumericRefinement(attribute, "<=", high);
    return state;
  },
}));

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
