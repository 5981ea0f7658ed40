import { useEffect, useId, useRef, useState } from "react";
import {
  useClearRefinements,
  useCurrentRefinements,
  useSearchBox,
  useSortBy,
} from "react-instantsearch-core";

/** How long typing pauses before the query is searched: letters paint at once, results follow the pause. */
const TYPING_PAUSE_MS = 200;

export function SearchBox() {
  const { query, refine } = useSearchBox();
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
