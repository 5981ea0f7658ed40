import { type CSSProperties, useId, useState } from "react";
import { Configure, Index, useConnector, useInstantSearch } from "react-instantsearch-core";
import { formatNumber } from "~/lib/format";
import { type FacetOrder, facetComparator } from "../facet-order";
import { moveHandle, priceHistogram } from "../results";
import { connectFacet, connectRange } from "./connectors";

export interface FacetConfig {
  attribute: string;
  label: string;
  /** Values listed before "Show more" (popular makes first 20). */
  limit: number;
  sortBy: FacetOrder;
  /** Display names of raw values (car types show as "Pre-Owned" on some sites). */
  labels?: Record<string, string> | undefined;
}

function RefinementGroup({
  attribute,
  label,
  limit,
  sortBy,
  labels,
  shown,
}: FacetConfig & { shown: boolean }) {
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useConnector(connectFacet, {
    attribute,
    limit,
    sortBy: facetComparator(sortBy),
  });
  if (!shown || items.length === 0) return null;
  return (
    <fieldset className="facet">
      <legend>{label}</legend>
      <ul>
        {items.map((item) => (
          <li key={item.value}>
            <label>
              <input type="checkbox" checked={item.isRefined} onChange={() => refine(item.value)} />
              <span>{labels?.[item.value] ?? item.label}</span>
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
  /** The handle drawn over the other, so it can still be grabbed where the two meet. */
  onTop: boolean;
  onMove: (value: number) => void;
  onCommit: () => void;
}

/**
 * One handle of the price slider: a native range input (keyboard, touch and screen readers work as
 * they do everywhere), drawn as a thumb on the shared track; only its thumb takes the pointer.
 */
function RangeHandle({ id, label, bounds, value, valueText, onTop, onMove, onCommit }: RangeHandleProps) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="range"
        className={onTop ? "on-top" : undefined}
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

const NO_PRICE_RANGE = { price: {} };
const BAND_FACETS = ["price_band"];

/** Counts per price band for the current query and filters other than price itself. */
function BandCounts({ bounds, from, to }: { bounds: [number, number]; from: number; to: number }) {
  const { results } = useInstantSearch();
  const bands = (results?.facets?.find((facet) => facet.name === "price_band")?.data ?? {}) as Record<
    string,
    number
  >;
  const bars = priceHistogram(bands, bounds);
  // The box keeps its height before the counts arrive (and when there are none), so the slider and
  // the facets below it never move.
  return (
    <div className="price-histogram" aria-hidden="true">
      {bars.some((bar) => bar.count > 0) &&
        bars.map((bar) => (
          <span
            key={bar.from}
            className={bar.to > from && bar.from < to ? "in-range" : undefined}
            style={{ blockSize: `${Math.max(bar.share * 100, bar.count > 0 ? 6 : 0)}%` }}
            title={`$${formatNumber(bar.from)}–$${formatNumber(bar.to)}: ${bar.count}`}
          />
        ))}
    </div>
  );
}

/** Where a price sits along the slider's track, in percent. */
const along = (value: number, [min, max]: readonly [number, number]) =>
  `${((value - min) / (max - min)) * 100}%`;

/**
 * Price slider (spec §2, §5: facet counts, step 500, the min handle cannot reach the max): one track
 * with two handles and the chosen span filled, under a histogram whose bars line up with it.
 */
function PriceRange({ indexUid, shown }: { indexUid: string; shown: boolean }) {
  const { start, range, refine, canRefine } = useConnector(connectRange, { attribute: "price" });
  const id = useId();
  const min = Math.floor((range.min ?? 0) / PRICE_STEP) * PRICE_STEP;
  const max = Math.ceil((range.max ?? 0) / PRICE_STEP) * PRICE_STEP;
  const low = Number.isFinite(start[0]) ? (start[0] as number) : min;
  const high = Number.isFinite(start[1]) ? (start[1] as number) : max;
  const [draft, setDraft] = useState<[number, number] | null>(null);
  if (!shown || !canRefine || max <= min) return null;
  const [from, to] = draft ?? [low, high];
  const commit = () => {
    if (draft) refine([draft[0] <= min ? undefined : draft[0], draft[1] >= max ? undefined : draft[1]]);
    setDraft(null);
  };
  const money = (n: number) => `$${formatNumber(n)}`;
  const span = { "--from": along(from, [min, max]), "--to": along(to, [min, max]) } as CSSProperties;
  // Pushed to the top end, the minimum's thumb would lie under the maximum's, out of reach.
  const minOnTop = from > (min + max) / 2;
  return (
    <fieldset className="facet price-range">
      <legend>Price</legend>
      {/* A child index asks for the band counts without the price refinement, like a facet. */}
      <Index indexName={indexUid} indexId="price-bands">
        <Configure facets={BAND_FACETS} hitsPerPage={0} numericRefinements={NO_PRICE_RANGE} />
        <BandCounts bounds={[min, max]} from={from} to={to} />
      </Index>
      <div className="dual-range" style={span}>
        <span className="dual-range-track" aria-hidden="true" />
        {(["min", "max"] as const).map((handle) => (
          <RangeHandle
            key={handle}
            id={`${id}-${handle}`}
            label={handle === "min" ? "Minimum price" : "Maximum price"}
            bounds={[min, max]}
            value={handle === "min" ? from : to}
            valueText={money(handle === "min" ? from : to)}
            onTop={(handle === "min") === minOnTop}
            onMove={(value) => setDraft(moveHandle(handle, value, [from, to], PRICE_STEP))}
            onCommit={commit}
          />
        ))}
      </div>
      <p className="range-values" aria-live="polite">
        <span>{money(from)}</span>
        <span className="visually-hidden"> to </span>
        <span>{money(to)}</span>
      </p>
    </fieldset>
  );
}

/**
 * The facets. Each widget stays mounted (its refinements, e.g. from the address, keep applying),
 * but draws nothing while `shown` is false: the phone's closed filter drawer costs the page no
 * rendering at load, when the main thread is busiest.
 */
export function Filters({
  facets,
  indexUid,
  shown = true,
}: {
  facets: FacetConfig[];
  indexUid: string;
  shown?: boolean;
}) {
  return (
    <div className="filters">
      <PriceRange indexUid={indexUid} shown={shown} />
      {facets.map((facet) => (
        <RefinementGroup key={facet.attribute} {...facet} shown={shown} />
      ))}
    </div>
  );
}
