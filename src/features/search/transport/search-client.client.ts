/**
 * The search client the widgets talk to: instantsearch's requests become Meilisearch multi-search
 * queries (instantsearch-meilisearch.ts), sent to the tenant's Meilisearch server when it has one,
 * otherwise to the embedded engine over the build's index file (in a worker,
 * embedded-search.client.ts), so the widgets cannot tell the difference.
 */
import type { SearchClient } from "instantsearch.js";
import { cachedSearch } from "../answer-cache";
import { connectWorker, embeddedHttpClient } from "./embedded-search.client";
import {
  type InstantSearchRequest,
  type InstantSearchResult,
  type MeilisearchAnswer,
  type MultiSearchSend,
  searchOver,
} from "./instantsearch-meilisearch";
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
 * How a failed search reads ("<kind>: <message>", shown in "Search is unavailable right now (…)"):
 * Meilisearch's own message when it answered with one, otherwise why no answer came.
 */
const failure = (kind: "MeiliSearchApiError" | "MeiliSearchCommunicationError", message: string) =>
  new Error(`${kind}: ${message}`);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The client the service sees: the query format is instant-meilisearch 1.0's over meilisearch-js
 * 0.36's request (instantsearch-meilisearch.ts), so its name stays in the header the service
 * counts clients by.
 */
const CLIENT_AGENTS = "Meilisearch instant-meilisearch (v1.0.0) ; Meilisearch JavaScript (v0.36.0)";

/** `POST /multi-search` to the tenant's Meilisearch server with its search-only key. */
function toService({ host, key }: { host: string; key: string }): MultiSearchSend {
  const url = `${host.replace(/\/+$/, "")}/multi-search`;
  const headers = {
    Authorization: `Bearer ${key}`,
    "Content-Type": "application/json",
    "X-Meilisearch-Client": CLIENT_AGENTS,
  };
  return async (body) => {
    let response: Response;
    try {
      response = await fetch(url, { method: "POST", headers, body });
    } catch (error) {
      throw failure("MeiliSearchCommunicationError", messageOf(error));
    }
    if (!response.ok) {
      const answer = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
      throw answer === undefined
        ? failure("MeiliSearchCommunicationError", response.statusText)
        : failure("MeiliSearchApiError", String(answer.message));
    }
    return (await response.json()) as { results: MeilisearchAnswer[] };
  };
}

/** The same request to the embedded engine in the search worker. */
function toWorker(indexUrl: string, worker: ReturnType<typeof connectWorker>): MultiSearchSend {
  const client = embeddedHttpClient(indexUrl, worker);
  return async (body) => {
    try {
      return (await client(`${EMBEDDED_HOST}/multi-search`, { method: "POST", body })) as {
        results: MeilisearchAnswer[];
      };
    } catch (error) {
      throw failure("MeiliSearchCommunicationError", messageOf(error));
    }
  };
}

/**
 * instantsearch's search client: one multi-search per call of `search` (one query per request,
 * answers in the same order), answers kept in the site's bounded cache (`search.cache_size`) so
 * Back and repeated filters answer at once.
 */
export function createSearchClient(config: SearchClientConfig) {
  // One worker answers the embedded engine's searches and what the shopper's words mean; with a
  // Meilisearch server, it starts for the words only.
  const worker = connectWorker(config.indexUrl);
  const multiSearch = searchOver(
    config.service ? toService(config.service) : toWorker(config.indexUrl, worker),
  );
  const search = async (
    requests: readonly InstantSearchRequest[],
  ): Promise<{ results: InstantSearchResult[] }> => {
    try {
      return await multiSearch(requests);
    } catch (error) {
      console.error(error);
      throw error;
    }
  };
  // instantsearch types its client for Algolia's every request kind; the page sends searches only.
  const client = paintFirst({
    search: cachedSearch(search, config.cacheSize ?? 0) as unknown as SearchClient["search"],
  });
  return Object.assign(client, {
    understand: (ask: Omit<UnderstandMessage["understand"], "service">) =>
      worker({ understand: { ...ask, service: config.service } }) as Promise<UnderstoodSearch>,
  });
}
