import { useId } from "react";
import {
  useClearRefinements,
  useCurrentRefinements,
  useSearchBox,
  useSortBy,
} from "react-instantsearch-core";

export function SearchBox() {
  const { query, refine } = useSearchBox();
  const id = useId();
  return (
    <search className="search-box">
      <label htmlFor={id} className="visually-hidden">
        Search vehicles
      </label>
      <input
        id={id}
        type="search"
        placeholder="Search make, model or keyword"
        value={query}
        onChange={(event) => refine(event.currentTarget.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </search>
  );
}

export function SortSelect({ items }: { items: { label: string; value: string }[] }) {
  const { currentRefinement, refine, options } = useSortBy({ items });
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

export function CurrentFilters() {
  const { items, refine } = useCurrentRefinements();
  const { refine: clearAll, canRefine } = useClearRefinements();
  if (!canRefine) return null;
  return (
    <div className="current-filters">
      <ul aria-label="Active filters">
        {items.flatMap((item) =>
          item.refinements.map((refinement) => (
            <li key={`${item.attribute}:${refinement.label}`}>
              <button
                type="button"
                onClick={() => refine(refinement)}
                aria-label={`Remove filter ${refinement.label}`}
              >
                {refinement.label} <span aria-hidden="true">×</span>
              </button>
            </li>
          )),
        )}
      </ul>
      <button type="button" className="link-button" onClick={() => clearAll()}>
        Clear all
      </button>
    </div>
  );
}
