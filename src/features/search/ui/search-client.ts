/**
 * The search client the widgets talk to: instant-meilisearch against a Meilisearch server when the
 * tenant has one, otherwise against the embedded engine over the build's index file, plugged in as
 * meilisearch-js's HTTP client so the widgets cannot tell the difference.
 */
import { instantMeiliSearch } from "@meilisearch/instant-meilisearch";
import { createEngine, createHttpClient } from "../engine";
import { type PackedIndex, unpackIndex } from "../pack";
import { CAR_INDEX_SETTINGS } from "../settings";

export interface SearchClientConfig {
  /** Hosted Meilisearch; absent means the embedded engine. */
  service?: { host: string; key: string } | undefined;
  /** Site path of the embedded engine's documents. */
  indexUrl: string;
}

/** Embedded mode never leaves the page; this host only labels the requests. */
const EMBEDDED_HOST = "https://embedded.search.invalid";

export function createSearchClient(config: SearchClientConfig) {
  const options = { finitePagination: true, placeholderSearch: true, keepZeroFacets: false };
  if (config.service)
    return instantMeiliSearch(config.service.host, config.service.key, options).searchClient;
  const httpClient = createHttpClient(async () => {
    const response = await fetch(config.indexUrl);
    if (!response.ok) throw new Error(`Search index unavailable (HTTP ${response.status})`);
    return createEngine(unpackIndex((await response.json()) as PackedIndex), CAR_INDEX_SETTINGS);
  });
  // meilisearch-js types its client hook loosely; ours returns the parsed JSON body as it expects.
  return instantMeiliSearch(EMBEDDED_HOST, "embedded", { ...options, httpClient: httpClient as never })
    .searchClient;
}
