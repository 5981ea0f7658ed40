/**
 * The search page's side of query understanding, loaded on the first words a shopper searches (or
 * an address with a `query`), so the page's first JavaScript carries none of it. The words go to
 * the search worker; what it understood becomes the search state's own refinements (removable
 * chips, in the address), the words left over stay the query, and a line says what was understood
 * with a way back to all the words. When the understood filters find nothing where all the words
 * find something, the search stays on all the words and the line says so.
 */
import type { UiState } from "instantsearch.js";
import { useEffect, useRef, useState } from "react";
import type { useConnector, useInstantSearch } from "react-instantsearch-core";
import { type SearchUiState, stateToQueryString } from "../routing";
import type { UnderstoodSearch } from "../transport/worker-protocol";
import type { Understanding as Understood } from "../understand/parse";
import type { Filter } from "../understand/search";
import type { connectFacet, connectRange } from "./connectors";

/**
 * What this module uses of instantsearch, handed over by the page rather than imported: importing
 * it here would split the page's own instantsearch code into a shared chunk, which weighs more.
 */
export interface InstantSearchKit {
  useInstantSearch: typeof useInstantSearch;
  useConnector: typeof useConnector;
  connectFacet: typeof connectFacet;
  connectRange: typeof connectRange;
}

type IndexState = UiState[string];

export interface UnderstandClient {
  understand: (ask: { text: string; filter: Filter; indexUid: string }) => Promise<UnderstoodSearch>;
}

/** What the page starts from: the address's words, understood (and applied unless it fell back). */
export interface Start {
  result: UnderstoodSearch;
  applied: Understood | null;
}

type Bounds = { min?: number; max?: number };

const boundsOf = (value: string | undefined): Bounds => {
  const [min, max] = (value ?? ":").split(":");
  return { ...(min ? { min: Number(min) } : {}), ...(max ? { max: Number(max) } : {}) };
};

/** The refinements already in force, as the Meilisearch filter the counts are asked with. */
function filterOf(refinementList: Record<string, string[]> = {}, range: Record<string, Bounds> = {}): Filter {
  const filter: Filter = [];
  for (const [attribute, values] of Object.entries(refinementList))
    if (values.length) filter.push(values.map((value) => `"${attribute}" = ${JSON.stringify(value)}`));
  for (const [attribute, { min, max }] of Object.entries(range)) {
    if (min !== undefined) filter.push(`"${attribute}" >= ${min}`);
    if (max !== undefined) filter.push(`"${attribute}" <= ${max}`);
  }
  return filter;
}

const indexRanges = (state: IndexState) =>
  Object.fromEntries(
    Object.entries(state.range ?? {}).map(([attribute, value]) => [attribute, boundsOf(value)]),
  );

/** The state without what the last words made (the shopper's new words replace them). */
function withoutWords(state: IndexState, applied: Understood | null): IndexState {
  if (!applied) return state;
  const refinementList = { ...state.refinementList };
  for (const [attribute, values] of Object.entries(applied.refinementList)) {
    const left = (refinementList[attribute] ?? []).filter((value) => !values.includes(value));
    if (left.length) refinementList[attribute] = left;
    else delete refinementList[attribute];
  }
  const range = { ...state.range };
  for (const attribute of Object.keys(applied.range)) delete range[attribute];
  return { ...state, refinementList, range };
}

function withWords(state: IndexState, understood: Understood): IndexState {
  const refinementList = { ...state.refinementList };
  for (const [attribute, values] of Object.entries(understood.refinementList))
    refinementList[attribute] = [...new Set([...(refinementList[attribute] ?? []), ...values])];
  const range = { ...state.range };
  for (const [attribute, { min, max }] of Object.entries(understood.range))
    range[attribute] = `${min ?? ""}:${max ?? ""}`;
  return { ...state, refinementList, range, query: understood.query, page: undefined };
}

/** Whether the refinements the words made are all still in force (a chip removed ends the line). */
function stillApplied(state: IndexState, applied: Understood): boolean {
  return (
    Object.entries(applied.refinementList).every(([attribute, values]) =>
      values.every((value) => state.refinementList?.[attribute]?.includes(value)),
    ) && Object.keys(applied.range).every((attribute) => state.range?.[attribute] !== undefined)
  );
}

/**
 * An address with a `query`: understood before the search starts, and the address rewritten to the
 * understood refinements (so a shared link lands on the same chips), unless it falls back.
 */
export async function understandAddress(
  client: UnderstandClient,
  {
    indexUid,
    filters,
    pathname,
    link,
  }: { indexUid: string; filters: string[]; pathname: string; link: SearchUiState },
): Promise<Start | null> {
  const text = link.query?.trim();
  if (!text) return null;
  const filter = [...filters, ...filterOf(link.refinementList, link.range)];
  const result = await client.understand({ text, filter, indexUid });
  const understood = result.understanding;
  if (!understood) return null;
  if (result.fallback) return { result, applied: null };
  const refinementList = { ...link.refinementList };
  for (const [attribute, values] of Object.entries(understood.refinementList))
    refinementList[attribute] = [...new Set([...(refinementList[attribute] ?? []), ...values])];
  const { ignored: _, ...rest } = link;
  const next: SearchUiState = {
    ...rest,
    query: understood.query,
    refinementList,
    range: { ...link.range, ...understood.range },
  };
  history.replaceState(history.state, "", `${pathname}${stateToQueryString(next)}`);
  return { result, applied: understood };
}

/** A refinement no control on the page shows (a badge, a city, berths): kept in the search and the address. */
function WordsFacet({ kit, attribute }: { kit: InstantSearchKit; attribute: string }) {
  kit.useConnector(kit.connectFacet, { attribute, limit: 1, sortBy: ["count:desc"] });
  return null;
}

function WordsRange({ kit, attribute }: { kit: InstantSearchKit; attribute: string }) {
  kit.useConnector(kit.connectRange, { attribute });
  return null;
}

export interface UnderstandingProps {
  /** The words the shopper last searched (a new object for each search). */
  asked: { text: string } | null;
  start: Start | null;
  client: UnderstandClient;
  indexUid: string;
  /** The page's own filters (its path, the price-above-zero sort rule). */
  filters: string[];
  /** Attributes with a control on the page already (facets, the price slider, the address's ranges). */
  controlled: string[];
  kit: InstantSearchKit;
}

export function Understanding({
  asked,
  start,
  client,
  indexUid,
  filters,
  controlled,
  kit,
}: UnderstandingProps) {
  const { indexUiState, setIndexUiState } = kit.useInstantSearch();
  const [shown, setShown] = useState<UnderstoodSearch | null>(start?.result ?? null);
  const [applied, setApplied] = useState<Understood | null>(start?.applied ?? null);
  const [next, setNext] = useState<IndexState | null>(null);
  const current = useRef({ indexUiState, applied, filters });
  current.current = { indexUiState, applied, filters };
  // The line stays until one of the words' refinements is seen in force and then removed (its
  // widget may mount a frame after the line first shows: hiding it then would move the chips).
  const seen = useRef<Understood | null>(null);
  const inForce = applied !== null && stillApplied(indexUiState, applied);
  if (inForce) seen.current = applied;

  useEffect(() => {
    if (!asked) return;
    let live = true;
    const text = asked.text.trim();
    const base = withoutWords(current.current.indexUiState, current.current.applied);
    const filter = [...current.current.filters, ...filterOf(base.refinementList, indexRanges(base))];
    const answer = text
      ? client.understand({ text, filter, indexUid }).catch(() => null)
      : Promise.resolve(null);
    answer.then((result) => {
      if (!live) return;
      const use = result?.understanding && !result.fallback ? result.understanding : null;
      setApplied(use);
      setShown(result?.understanding ? result : null);
      setNext(use ? withWords(base, use) : { ...base, query: asked.text, page: undefined });
    });
    return () => {
      live = false;
    };
    // Only new words are understood again (not a change of sort, which changes the page's filters).
  }, [asked, client, indexUid]);

  // The widgets for the new refinements mount first (above), then the state that needs them applies.
  useEffect(() => {
    if (!next) return;
    setIndexUiState(next);
    setNext(null);
  }, [next, setIndexUiState]);

  const words = applied ? [...Object.keys(applied.refinementList), ...Object.keys(applied.range)] : [];
  const own = words.filter((attribute) => !controlled.includes(attribute));
  const allWords = () => {
    if (!shown) return;
    setNext({ ...withoutWords(indexUiState, applied), query: shown.text, page: undefined });
    setApplied(null);
    setShown(null);
  };
  const line =
    shown &&
    (shown.fallback ? (
      <p className="search-understood" role="status">
        No cars match {shown.line}, so these results match all your words.
      </p>
    ) : (
      applied &&
      (inForce || seen.current !== applied) && (
        <p className="search-understood" role="status">
          Showing <strong>{shown.line}</strong> ·{" "}
          <button type="button" className="link-button" onClick={allWords}>
            Search all words instead
          </button>
        </p>
      )
    ));
  return (
    <>
      {own.map((attribute) =>
        attribute in (applied?.range ?? {}) ? (
          <WordsRange key={attribute} kit={kit} attribute={attribute} />
        ) : (
          <WordsFacet key={attribute} kit={kit} attribute={attribute} />
        ),
      )}
      {line}
    </>
  );
}
