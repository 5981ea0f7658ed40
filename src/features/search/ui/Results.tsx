import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { useConnector, useInstantSearch } from "react-instantsearch-core";
import type { CarType } from "~/tenant/schema";
import type { CardSite } from "../cards";
import type { CarSearchDocument } from "../documents";
import { chosenCarTypes, orderPromos, type PromoNode, placePromos, promoActive, promoShown } from "../promos";
import { showMeLabel } from "../quick";
import { collapseSoldRuns, displayCount, EMPTY_TEXT, EMPTY_TITLE, resultCountText } from "../results";
import { connectPage } from "./connectors";
import { PromoTile } from "./PromoTile";
import { ResultCard } from "./ResultCard";

interface Props {
  site: CardSite;
  /**
   * The prerendered first page: shown until the first real results arrive, so nothing shifts (spec:
   * loading keeps the previous hits). With filters in the address it is marked as updating.
   */
  initial: { hits: CarSearchDocument[]; count: number; updating: boolean };
  clearFiltersHref: string;
  stockCountOverride?: number | undefined;
  promos: PromoSetup;
}

interface PromoSetup {
  nodes: PromoNode[];
  shuffle: boolean;
  path: string;
  pathCarTypes: readonly CarType[];
}

function Pagination() {
  const { pages, currentRefinement, nbPages, refine, createURL, isFirstPage, isLastPage } =
    useConnector(connectPage);
  if (nbPages <= 1) return null;
  const go = (page: number) => (event: React.MouseEvent) => {
    event.preventDefault();
    refine(page);
    document.getElementById("search-results")?.scrollIntoView({ block: "start" });
  };
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        <li>
          {isFirstPage ? (
            <span aria-disabled="true">Previous</span>
          ) : (
            <a href={createURL(currentRefinement - 1)} onClick={go(currentRefinement - 1)} rel="prev">
              Previous
            </a>
          )}
        </li>
        {pages.map((page) => (
          <li key={page}>
            <a
              href={createURL(page)}
              onClick={go(page)}
              aria-current={page === currentRefinement ? "page" : undefined}
              aria-label={`Page ${page + 1}`}
            >
              {page + 1}
            </a>
          </li>
        ))}
        <li>
          {isLastPage ? (
            <span aria-disabled="true">Next</span>
          ) : (
            <a href={createURL(currentRefinement + 1)} onClick={go(currentRefinement + 1)} rel="next">
              Next
            </a>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The cards' h3 titles sit under this heading, not straight under the page's h1 (heading order). */
function ResultsHeading() {
  return <h2 className="visually-hidden">Search results</h2>;
}

/**
 * The prerendered cards themselves (the page's #static-results grid, same markup as ResultCard),
 * moved into the island while they are what the search shows: loading the page needs no cards
 * rendered by React, which on a phone is the longest task of loading the search page. The grid is
 * picked up in the first render, before the prerendered results are taken off the page, and
 * moved in a layout effect, so no frame shows the results without their cards.
 */
function PrerenderedGrid({ fallback }: { fallback: React.ReactNode }) {
  const [grid] = useState(() => document.querySelector<HTMLElement>("#static-results .grid"));
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (grid) holder.current?.append(grid);
  }, [grid]);
  // display: contents, so the grid lays out as the section's own child, as ResultCard's grid does.
  return grid ? <div ref={holder} style={{ display: "contents" }} /> : fallback;
}

type Results = ReturnType<typeof useInstantSearch>["results"];

/** The count the shopper sees: the hits, or the spec's stand-in above the cap. */
function resultCount(results: Results | undefined, stockCountOverride: number | undefined): number {
  const carTypes = results?.getFacetValues("car_type", {});
  const partition = Array.isArray(carTypes)
    ? Object.fromEntries(carTypes.map((v) => [v.name, v.count]))
    : undefined;
  return displayCount(results?.nbHits ?? 0, stockCountOverride, partition);
}

/** The drawer's show-me-N-vehicles button: closes the filters onto the results. */
export function ShowMeButton({
  stockCountOverride,
  onClick,
}: {
  stockCountOverride?: number | undefined;
  onClick: () => void;
}) {
  const { results } = useInstantSearch();
  return (
    <button type="button" className="btn" onClick={onClick}>
      {showMeLabel(resultCount(results, stockCountOverride))}
    </button>
  );
}

/**
 * The promos this search shows (spec §5): on its first page only, inside their windows at the
 * shopper's clock (read once per page view), for the car types the filters choose. A shuffled
 * order is drawn once per page view, so it does not change with every filter.
 */
function useShownPromos(setup: PromoSetup): PromoNode[] {
  const { results, indexUiState } = useInstantSearch();
  const [now] = useState(() => new Date());
  const ordered = useMemo(
    () => orderPromos(setup.nodes, setup.shuffle ? Math.random : undefined),
    [setup.nodes, setup.shuffle],
  );
  if ((results?.page ?? 0) > 0) return [];
  const carTypes = chosenCarTypes(setup.pathCarTypes, indexUiState.refinementList?.car_type);
  return ordered.filter(
    (promo) => promoActive(promo, now) && promoShown(promo, { path: setup.path, carTypes }),
  );
}

function CardGrid({
  hits,
  site,
  prerendered,
  promos,
}: {
  hits: CarSearchDocument[];
  site: CardSite;
  prerendered: boolean;
  promos: PromoNode[];
}) {
  const grid = (
    <div className="grid">
      {placePromos(hits, promos).map((item, index) =>
        item.kind === "car" ? (
          <ResultCard key={item.car.id} car={item.car} site={site} eager={index < 3} />
        ) : (
          <PromoTile key={`promo-${item.promo.title}-${item.promo.href}`} promo={item.promo} />
        ),
      )}
    </div>
  );
  return prerendered ? <PrerenderedGrid fallback={grid} /> : grid;
}

export function Results({ site, initial, clearFiltersHref, stockCountOverride, promos }: Props) {
  // The hits straight from the results: the cards read the documents' own fields, none of what
  // useHits adds (click-event senders, highlight escaping), which would only weigh on the bundle.
  const { results, status, error } = useInstantSearch();
  // react-instantsearch marks its placeholder results before the first response arrives.
  const waiting = Boolean((results as { __isArtificial?: boolean } | undefined)?.__isArtificial);
  // Until then the prerendered page shows. The answer replaces it as a new section (its key), not as
  // an update: cards that stayed would otherwise count as moved when the order or the filters above
  // change (layout shift), where a new section is new content.
  const count = waiting ? initial.count : resultCount(results, stockCountOverride);
  const hits = waiting
    ? initial.hits
    : collapseSoldRuns((results?.hits ?? []) as unknown as CarSearchDocument[]);
  // Before the first answer there is nothing to count yet: busy, never "0 found" or the empty state.
  const busy = waiting || status === "loading" || status === "stalled";
  const shownPromos = useShownPromos(promos);
  const updating = waiting ? initial.updating : busy;
  // An answer with the prerendered cards, in their order (the page as built, before any filter),
  // keeps them: React renders no card until the shopper changes the search.
  const prerendered =
    waiting ||
    (!initial.updating &&
      hits.length === initial.hits.length &&
      hits.every((car, index) => car.id === initial.hits[index]?.id));
  return (
    <section
      key={prerendered ? "prerendered" : "answer"}
      id="search-results"
      className="results"
      aria-busy={busy}
      data-result-count={count}
    >
      <ResultsHeading />
      <p className="result-count" role="status">
        {resultCountText(count)}
        {updating && <span className="updating"> Updating…</span>}
      </p>
      {status === "error" && (
        <p className="search-error" role="alert">
          Search is unavailable right now{error?.message ? ` (${error.message})` : ""}. The results below may
          be out of date.
        </p>
      )}
      {(results?.nbHits ?? 0) === 0 && !busy ? (
        <div className="empty card">
          <h2>{EMPTY_TITLE}</h2>
          <p>{EMPTY_TEXT}</p>
          <a className="btn" href={clearFiltersHref}>
            Clear Filters
          </a>
        </div>
      ) : (
        <CardGrid hits={hits} site={site} prerendered={prerendered} promos={shownPromos} />
      )}
      <Pagination />
    </section>
  );
}
