import { useEffect, useId, useRef, useState } from "react";
import { useConnector } from "react-instantsearch-core";
import { connectActiveFilters, connectQuery, connectSort, type SortItem } from "./connectors";

/** How long typing pauses before the query is searched: letters paint at once, results follow the pause. */
const TYPING_PAUSE_MS = 200;

/** `search`, when given, takes the words instead of the query (query understanding, in SearchApp). */
export function SearchBox({ search: searchWords }: { search?: (text: string) => void }) {
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
    (searchWords ?? refine)(value);
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

export function CurrentFilters() {
  const { items, remove, clearAll, answered } = useConnector(connectActiveFilters);
  if (!items?.length || !answered) return null;
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
