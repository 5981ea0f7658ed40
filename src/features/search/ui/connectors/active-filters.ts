import type { InitOptions } from "instantsearch.js";
import { ownConnector } from "./own-connector";

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
  // `answered`: a search has answered, so every widget has put its refinements in the state (chips
  // drawn before then would rearrange as later widgets add theirs).
  renderState: ({ helper, results }) => ({ ...activeFilters(helper), answered: Boolean(results) }),
}));
