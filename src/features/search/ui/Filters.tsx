import { useCallback, useId, useState } from "react";
import { useRange, useRefinementList } from "react-instantsearch-core";
import { moveHandle } from "../results";

export interface FacetConfig {
  attribute: string;
  label: string;
  /** Values listed before "Show more" (popular makes first 20). */
  limit: number;
  sortBy: "count" | "name";
  /** Display names of raw values (car types show as "Pre-Owned" on some sites). */
  labels?: Record<string, string> | undefined;
}

function RefinementGroup({ attribute, label, limit, sortBy, labels }: FacetConfig) {
  // A new transformItems every render would rebuild the widget every render (React error 301).
  const transformItems = useCallback(
    <T extends { value: string; label: string }>(items: T[]): T[] =>
      labels ? items.map((item) => ({ ...item, label: labels[item.value] ?? item.label })) : items,
    [labels],
  );
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList({
    attribute,
    limit,
    showMore: true,
    showMoreLimit: 200,
    sortBy: sortBy === "count" ? ["count:desc", "name:asc"] : ["name:asc"],
    transformItems,
  });
  if (items.length === 0) return null;
  return (
    <fieldset className="facet">
      <legend>{label}</legend>
      <ul>
        {items.map((item) => (
          <li key={item.value}>
            <label>
              <input type="checkbox" checked={item.isRefined} onChange={() => refine(item.value)} />
              <span>{item.label}</span>
              <span className="facet-count">{item.count}</span>
            </label>
          </li>
        ))}
      </ul>
      {canToggleShowMore && (
        <button type="button" className="link-button" onClick={toggleShowMore}>
          {isShowingMore ? "Show less" : "Show more"}
        </button>
      )}
    </fieldset>
  );
}

export const PRICE_STEP = 500;

interface RangeHandleProps {
  id: string;
  label: string;
  bounds: [number, number];
  value: number;
  valueText: string;
  onMove: (value: number) => void;
  onCommit: () => void;
}

function RangeHandle({ id, label, bounds, value, valueText, onMove, onCommit }: RangeHandleProps) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={bounds[0]}
        max={bounds[1]}
        step={PRICE_STEP}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onMove(Number(event.target.value))}
        onPointerUp={onCommit}
        onKeyUp={onCommit}
        onBlur={onCommit}
      />
    </>
  );
}

/** Price slider (spec §5: step 500, the min handle cannot reach the max). */
function PriceRange() {
  const { start, range, refine, canRefine } = useRange({ attribute: "price" });
  const id = useId();
  const min = Math.floor((range.min ?? 0) / PRICE_STEP) * PRICE_STEP;
  const max = Math.ceil((range.max ?? 0) / PRICE_STEP) * PRICE_STEP;
  const low = Number.isFinite(start[0]) ? (start[0] as number) : min;
  const high = Number.isFinite(start[1]) ? (start[1] as number) : max;
  const [draft, setDraft] = useState<[number, number] | null>(null);
  if (!canRefine || max <= min) return null;
  const [from, to] = draft ?? [low, high];
  const commit = () => {
    if (draft) refine([draft[0] <= min ? undefined : draft[0], draft[1] >= max ? undefined : draft[1]]);
    setDraft(null);
  };
  const money = (n: number) => `$${n.toLocaleString("en-AU")}`;
  return (
    <fieldset className="facet price-range">
      <legend>Price</legend>
      <p className="range-values" aria-live="polite">
        {money(from)} – {money(to)}
      </p>
      {(["min", "max"] as const).map((handle) => (
        <RangeHandle
          key={handle}
          id={`${id}-${handle}`}
          label={handle === "min" ? "Minimum price" : "Maximum price"}
          bounds={[min, max]}
          value={handle === "min" ? from : to}
          valueText={money(handle === "min" ? from : to)}
          onMove={(value) => setDraft(moveHandle(handle, value, [from, to], PRICE_STEP))}
          onCommit={commit}
        />
      ))}
    </fieldset>
  );
}

export function Filters({ facets }: { facets: FacetConfig[] }) {
  return (
    <div className="filters">
      <PriceRange />
      {facets.map((facet) => (
        <RefinementGroup key={facet.attribute} {...facet} />
      ))}
    </div>
  );
}
