import type { UiState } from "instantsearch.js";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Configure, InstantSearch, useConnector, useInstantSearch } from "react-instantsearch-core";
import type { CarType } from "~/tenant/schema";
import type { CardSite } from "../cards";
import type { CarSearchDocument } from "../documents";
import type { PromoNode } from "../promos";
import {
  hasSearchParams,
  parseQueryState,
  type SearchUiState,
  type SortKey,
  stateToQueryString,
} from "../routing";
import { createSearchClient } from "../transport/search-client.client";
import { connectFacet, connectRange } from "./connectors";
import { type FacetConfig, Filters } from "./Filters";
import { historyRouter } from "./history-router";
import { Results, ShowMeButton } from "./Results";
import { CurrentFilters, SearchBox, SortSelect } from "./Toolbar";
import type { InstantSearchKit, Start } from "./understood";

export interface SearchAppProps {
  indexUid: string;
  /** This page's path (`/search/toyota`); filters travel in its query string. */
  pathname: string;
  /** Filters the path implies (`make = "Toyota"`). */
  baseFilter: string[];
  hitsPerPage: number;
  /** Answers the search client keeps (`search.cache_size`). */
  cacheSize?: number | undefined;
  sortOptions: { key: SortKey; label: string }[];
  priceAscExcludesZero: boolean;
  facets: FacetConfig[];
  cardSite: CardSite;
  clearFiltersHref: string;
  stockCountOverride?: number | undefined;
  service?: { host: string; key: string } | undefined;
  indexUrl: string;
  /** The prerendered first page of this path with no filters. */
  initial: { hits: CarSearchDocument[]; count: number };
  /** Promo nodes not over at build time, in spec order (the grid picks by clock and filters). */
  promos: PromoNode[];
  promoShuffle: boolean;
  /** The car types this route lists (`/search/used-cars`), for the promos' display rules. */
  pathCarTypes: CarType[];
}

type IndexState = UiState[string];

/**
 * The page's prerendered results (#static-results, beside the island) stay on screen until the
 * app first renders, which is only once its search has started (InstantSearch renders nothing
 * before). Removed in a layout effect, before the browser paints: one frame shows the prerendered
 * results, the next the app in their place, and nothing moves in between.
 */
function TakeOverStaticResults() {
  useLayoutEffect(() => {
    document.getElementById("static-results")?.remove();
  }, []);
  return null;
}

/**
 * A range a link asked for that no control on the page sets (weekly repayments, listing date, km):
 * a widget that draws nothing, so the search applies it, the address keeps it and its chip removes it.
 */
function LinkRange({ attribute }: { attribute: string }) {
  useConnector(connectRange, { attribute });
  return null;
}

/** A refinement list a link asked for that no facet on the page shows (a badge, a city). */
function LinkFacet({ attribute }: { attribute: string }) {
  useConnector(connectFacet, { attribute, limit: 1, sortBy: ["count:desc"] });
  return null;
}

const loadWords = () => import("./understood");

/** What query understanding (./understood, loaded later) uses of instantsearch. */
const KIT: InstantSearchKit = { useInstantSearch, useConnector, connectFacet, connectRange };

/** Spec §3 search state from an old link that this site cannot honour, said rather than dropped. */
function IgnoredFilters({ filters }: { filters: readonly string[] }) {
  if (filters.length === 0) return null;
  return (
    <p className="search-notice" role="note">
      {filters.length === 1 ? "A filter in this link was" : `${filters.length} filters in this link were`}{" "}
      ignored, so these results are not filtered by {filters.length === 1 ? "it" : "them"}:{" "}
      {filters.map((filter, i) => (
        <span key={filter}>
          {i > 0 && ", "}
          <code>{filter}</code>
        </span>
      ))}
      .
    </p>
  );
}

const WIDE_LAYOUT = "(min-width: 960px)";

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

const SORT_VALUES: Record<SortKey, string> = {
  relevance: "",
  latest: ":created_at_timestamp:desc",
  price_desc: ":price:desc",
  price_asc: ":price:asc",
};

/** The search client reads sort from the index name: `cars-x:price:asc` (transport/instantsearch-meilisearch.ts). */
const sortValue = (indexUid: string, key: SortKey) => indexUid + SORT_VALUES[key];
const sortKeyOf = (indexUid: string, value: string | undefined): SortKey =>
  (Object.keys(SORT_VALUES) as SortKey[]).find((key) => sortValue(indexUid, key) === value) ?? "relevance";

/** Our URL state (the old sites' query string) ↔ instantsearch's index state. */
function toIndexState(state: SearchUiState, indexUid: string): IndexState {
  const range = Object.fromEntries(
    Object.entries(state.range ?? {}).map(([attribute, { min, max }]) => [
      attribute,
      `${min ?? ""}:${max ?? ""}`,
    ]),
  );
  return {
    ...(state.query ? { query: state.query } : {}),
    ...(state.page && state.page > 1 ? { page: state.page } : {}),
    ...(state.sortBy && state.sortBy !== "relevance" ? { sortBy: sortValue(indexUid, state.sortBy) } : {}),
    ...(state.refinementList ? { refinementList: state.refinementList } : {}),
    ...(Object.keys(range).length ? { range } : {}),
  };
}

function fromIndexState(index: IndexState, indexUid: string): SearchUiState {
  const sortBy = sortKeyOf(indexUid, index.sortBy);
  const range = Object.fromEntries(
    Object.entries(index.range ?? {}).map(([attribute, value]) => {
      const [min, max] = String(value).split(":");
      return [attribute, { ...(min ? { min: Number(min) } : {}), ...(max ? { max: Number(max) } : {}) }];
    }),
  );
  return {
    ...(index.query ? { query: index.query } : {}),
    ...(index.page ? { page: index.page } : {}),
    ...(sortBy !== "relevance" ? { sortBy } : {}),
    ...(index.refinementList ? { refinementList: index.refinementList } : {}),
    ...(Object.keys(range).length ? { range } : {}),
  };
}

export default function SearchApp(props: SearchAppProps) {
  const { indexUid, pathname } = props;
  const searchClient = useMemo(
    () =>
      createSearchClient({ service: props.service, indexUrl: props.indexUrl, cacheSize: props.cacheSize }),
    [props.service, props.indexUrl, props.cacheSize],
  );
  const routing = useMemo(
    () => ({
      router: historyRouter<SearchUiState>({
        createURL: (routeState) => `${pathname}${stateToQueryString(routeState)}`,
        parseURL: (location) => parseQueryState(location.search),
      }),
      stateMapping: {
        stateToRoute: (uiState: UiState) => fromIndexState(uiState[indexUid] ?? {}, indexUid),
        routeToState: (route: SearchUiState) => ({ [indexUid]: toIndexState(route, indexUid) }),
      },
    }),
    [indexUid, pathname],
  );
  const [linkState, setLinkState] = useState(() => parseQueryState(window.location.search));
  const [sortKey, setSortKey] = useState<SortKey>(() => linkState.sortBy ?? "relevance");
  const linkRanges = Object.keys(linkState.range ?? {}).filter((attribute) => attribute !== "price");
  const facetAttributes = props.facets.map((facet) => facet.attribute);
  const linkLists = Object.keys(linkState.refinementList ?? {}).filter((a) => !facetAttributes.includes(a));
  const filters = useMemo(
    () => [
      ...props.baseFilter,
      ...(sortKey === "price_asc" && props.priceAscExcludesZero ? ["price > 0"] : []),
    ],
    [props.baseFilter, sortKey, props.priceAscExcludesZero],
  );
  // Query understanding (./understood) loads with the first words to understand: the address's
  // `query` is understood before the search starts (undefined until then), typed words as searched.
  const [words, setWords] = useState<typeof import("./understood") | null>(null);
  const [start, setStart] = useState<Start | null | undefined>(linkState.query ? undefined : null);
  const [asked, setAsked] = useState<{ text: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the page opened with.
  useEffect(() => {
    if (!linkState.query) return;
    loadWords()
      .then((module) => {
        setWords(module);
        return module.understandAddress(searchClient, { indexUid, filters, pathname, link: linkState });
      })
      .catch(() => null)
      .then((understood) => {
        setLinkState(parseQueryState(window.location.search));
        setStart(understood);
      });
  }, []);
  const drawer = useRef<HTMLDialogElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // One filter panel at a time: a sidebar on wide screens, a modal drawer on phones.
  const wide = useMediaQuery(WIDE_LAYOUT);
  if (start === undefined) return null;
  const searchWords = (text: string) => {
    if (!words) loadWords().then(setWords);
    setAsked({ text });
  };

  return (
    <InstantSearch
      searchClient={searchClient}
      indexName={indexUid}
      routing={routing}
      future={{ preserveSharedStateOnUnmount: true }}
      onStateChange={({ uiState, setUiState }) => {
        setSortKey(sortKeyOf(indexUid, uiState[indexUid]?.sortBy));
        setUiState(uiState);
      }}
    >
      <TakeOverStaticResults />
      <Configure
        hitsPerPage={props.hitsPerPage}
        {...(filters.length ? { filters: filters.map((f) => `(${f})`).join(" AND ") } : {})}
      />
      <div className="search-layout">
        <div className="search-toolbar">
          <SearchBox search={searchWords} />
          {!wide && (
            <button
              type="button"
              className="btn btn-outline filters-toggle"
              onClick={() => {
                setDrawerOpen(true);
                drawer.current?.showModal();
              }}
            >
              Filters
            </button>
          )}
          <SortSelect
            items={props.sortOptions.map((option) => ({
              label: option.label,
              value: sortValue(indexUid, option.key),
            }))}
          />
        </div>
        <div className="search-current">
          <IgnoredFilters filters={linkState.ignored ?? []} />
          {words && (
            <words.Understanding
              asked={asked}
              start={start}
              client={searchClient}
              indexUid={indexUid}
              filters={filters}
              controlled={["price", ...facetAttributes, ...linkRanges, ...linkLists]}
              kit={KIT}
            />
          )}
          <CurrentFilters />
        </div>
        {wide ? (
          <aside className="filters-panel" aria-label="Filters">
            <Filters facets={props.facets} indexUid={indexUid} />
          </aside>
        ) : (
          <dialog
            ref={drawer}
            className="filters-drawer"
            aria-labelledby="filters-drawer-title"
            onClose={() => setDrawerOpen(false)}
          >
            <div className="drawer-head">
              <h2 id="filters-drawer-title">Filters</h2>
              <ShowMeButton
                stockCountOverride={props.stockCountOverride}
                onClick={() => drawer.current?.close()}
              />
            </div>
            <Filters facets={props.facets} indexUid={indexUid} shown={drawerOpen} />
          </dialog>
        )}
        <Results
          site={props.cardSite}
          initial={{ ...props.initial, updating: hasSearchParams(window.location.href) }}
          clearFiltersHref={props.clearFiltersHref}
          stockCountOverride={props.stockCountOverride}
          promos={{
            nodes: props.promos,
            shuffle: props.promoShuffle,
            path: pathname,
            pathCarTypes: props.pathCarTypes,
          }}
        />
      </div>
      {/* After the page's own widgets, so the chips list in one go rather than one widget at a time. */}
      {linkRanges.map((attribute) => (
        <LinkRange key={attribute} attribute={attribute} />
      ))}
      {linkLists.map((attribute) => (
        <LinkFacet key={attribute} attribute={attribute} />
      ))}
    </InstantSearch>
  );
}
