/**
 * The search client the widgets talk to: instant-meilisearch against a Meilisearch server when the
 * tenant has one, otherwise against the embedded engine over the build's index file (in a worker,
 * embedded-search.client.ts), plugged in as meilisearch-js's HTTP client so the widgets cannot tell the
 * difference.
 */
import { instantMeiliSearch } from "@meilisearch/instant-meilisearch";
import { cachedSearch } from "../answer-cache";
import { connectWorker, embeddedHttpClient } from "./embedded-search.client";
import { EMBEDDED_HOST, type UnderstandMessage, type UnderstoodSearch } from "./worker-protocol";

export interface SearchClientConfig {
  /** Hosted Meilisearch; absent means the embedded engine. */
  service?: { host: string; key: string } | undefined;
  /** Site path of the embedded engine's documents. */
  indexUrl: string;
  /** Answers kept for Back and repeated filters (`search.cache_size`); absent keeps none. */
  cacheSize?: number | undefined;
}

/**
 * Resolves once the browser has painted the current frame (at most 50 ms later where no frame comes,
 * e.g. a background tab; at once outside a browser).
 */
function afterNextPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== "function") return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 50);
    requestAnimationFrame(() => {
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    });
  });
}

/**
 * A search client that lets the shopper's click or keystroke paint first (the ticked box, the
 * typed letter) and searches in the next task: the search and the render of its results never sit
 * between an interaction and its paint (Interaction to Next Paint).
 */
function paintFirst<T extends { search: (...args: never[]) => Promise<unknown> }>(client: T): T {
  const search = client.search.bind(client);
  return {
    ...client,
    search: (async (...args: Parameters<T["search"]>) => {
      await afterNextPaint();
      return search(...args);
    }) as T["search"],
  };
}

/**
 * instant-meilisearch keeps every answer of the visit in its own, unbounded cache; it is emptied
 * before each search it makes, so the site's bounded cache (`search.cache_size`) is the one that
 * answers Back and repeated filters.
 */
export function createSearchClient(config: SearchClientConfig) {
  // One worker answers the embedded engine's searches and what the shopper's words mean; with a
  // Meilisearch server, it starts for the words only.
  const worker = connectWorker(config.indexUrl);
  const { searchClient } = createClient(config, worker);
  const search = searchClient.search.bind(searchClient);
  const client = paintFirst({
    ...searchClient,
    search: cachedSearch((requests: Parameters<typeof search>[0]) => {
      searchClient.clearCache();
      return search(requests);
    }, config.cacheSize ?? 0),
  });
  return Object.assign(client, {
    understand: (ask: Omit<UnderstandMessage["understand"], "service">) =>
      worker({ understand: { ...ask, service: config.service } }) as Promise<UnderstoodSearch>,
  });
}

function createClient(config: SearchClientConfig, worker: ReturnType<typeof connectWorker>) {
  const options = { finitePagination: true, placeholderSearch: true, keepZeroFacets: false };
  if (config.service) return instantMeiliSearch(config.service.host, config.service.key, options);
  const httpClient = embeddedHttpClient(config.indexUrl, worker);
  // meilisearch-js types its client hook loosely; ours returns the parsed JSON body as it expects.
  return instantMeiliSearch(EMBEDDED_HOST, "embedded", { ...options, httpClient: httpClient as never });
}
