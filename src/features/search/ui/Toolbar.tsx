import type { InitOptions } from "instantsearch.js";
import { useEffect, useId, useRef, useState } from "react";
import { useConnector } from "react-instantsearch-core";
import { ownConnector } from "./widget";

/** How long typing pauses before the query is searched: letters paint at once, results follow the pause. */
const TYPING_PAUSE_MS = 200;

/**
 * The query, as instantsearch's search-box widget keeps it: in the address unless empty, and a new
 * query goes back to the first page.
 */
const connectQuery = ownConnector("dealer.query", () => ({
  renderState: ({ helper, state }) => ({
    query: state.query || "",
    refine: (query: string) => helper.setQuery(query).search(),
  }),
  dispose: (state) => state.setQueryParameter("query", undefined),
  getWidgetUiState: (uiState, { query }) =>
    !query || uiState.query === query ? uiState : { ...uiState, query },
  getWidgetSearchParameters: (state, uiState) => state.setQueryParameter("query", uiState.query || ""),
}));

export function SearchBox() {
  const { query, refine } = useConnector(connectQuery);
  const id = useId();
  const [text, setText] = useState(query);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A query set elsewhere (Clear Filters, the address) shows in the box unless the shopper is typing.
  useEffect(() => {
    if (pending.current === undefined) setText(query);
  }, [query]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const search = (value: string) => {
    clearTimeout(pending.current);
    pending.current = undefined;
    refine(value);
  };
  return (
    <search className="search-box">
      <label htmlFor={id} className="visually-hidden">
        Search vehicles
      </label>
      <input
        id={id}
        type="search"
        placeholder="Search make, model or keyword"
        value={text}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setText(value);
          clearTimeout(pending.current);
          pending.current = setTimeout(() => search(value), TYPING_PAUSE_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") search(event.currentTarget.value);
        }}
        autoComplete="off"
        enterKeyHint="search"
      />
    </search>
  );
}

interface SortItem {
  label: string;
  /** The index name that sorts this way (instant-meilisearch reads the sort from it). */
  value: string;
}

/**
 * The sort, as instantsearch's sort-by widget keeps it: the index searched, in the address unless it
 * is the one the page started with; an index the page does not offer reads as that one.
 */
const connectSort = ownConnector("dealer.sort", ({ items }: { items: SortItem[] }) => {
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

export function SortSelect({ items }: { items: SortItem[] }) {
  const { currentRefinement, refine, options } = useConnector(connectSort, { items });
  const id = useId();
  return (
    <div className="sort">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={currentRefinement} onChange={(event) => refine(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One active filter: a ticked facet value, or one end of a range ("≥ 10000", "≤ 50000"). */
interface ActiveFilter {
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
    // The helper stores a value starting with "-" escaped ("\\-5", not an exclusion); the chip reads "-5".
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
const connectActiveFilters = ownConnector("dealer.activeFilters", () => ({
  renderState: ({ helper }) => activeFilters(helper),
}));

export function CurrentFilters() {
  const { items, remove, clearAll } = useConnector(connectActiveFilters);
  if (!items?.length) return null;
  return (
    <div className="current-filters">
      <ul aria-label="Active filters">
        {items.map((filter) => (
          <li key={`${filter.attribute}:${filter.label}`}>
            <button type="button" onClick={() => remove(filter)} aria-label={`Remove filter ${filter.label}`}>
              {filter.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={() => clearAll()}>
        Clear all
      </button>
    </div>
  );
}
