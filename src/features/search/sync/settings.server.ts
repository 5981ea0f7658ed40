/** The Meilisearch index settings, the same rules the embedded engine ranks and facets by. */
import type { Settings } from "meilisearch";
import { createEngine } from "../engine";
import { CAR_INDEX_SETTINGS } from "../settings";

/** Meilisearch's own default `pagination.maxTotalHits`; counts above it would be capped. */
const MEILI_DEFAULT_MAX_TOTAL_HITS = 1000;

/**
 * The index settings for Meilisearch, taken from the embedded engine's resolved settings so both
 * rank, facet and tolerate typos alike. `maxTotalHits` must exceed the stock size or Meilisearch
 * caps `totalHits` (and the result count the page shows); twice the stock leaves room to grow
 * between syncs.
 */
export function meiliIndexSettings(stockSize: number): Settings {
  const resolved = createEngine([], CAR_INDEX_SETTINGS).settings;
  const typo = resolved.typoTolerance;
  return {
    searchableAttributes: [...resolved.searchableAttributes],
    displayedAttributes: [...resolved.displayedAttributes],
    filterableAttributes: [...resolved.filterableAttributes],
    sortableAttributes: [...resolved.sortableAttributes],
    rankingRules: [...resolved.rankingRules],
    faceting: {
      maxValuesPerFacet: resolved.maxValuesPerFacet,
      sortFacetValuesBy: { ...resolved.sortFacetValuesBy },
    },
    pagination: { maxTotalHits: Math.max(10_000, MEILI_DEFAULT_MAX_TOTAL_HITS, stockSize * 2) },
    typoTolerance: {
      enabled: typo.enabled,
      minWordSizeForTypos: { ...typo.minWordSizeForTypos },
      disableOnWords: [...typo.disableOnWords],
      disableOnAttributes: [],
    },
  };
}
