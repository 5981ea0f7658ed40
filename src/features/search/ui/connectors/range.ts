import { ownConnector } from "./own-connector";

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
