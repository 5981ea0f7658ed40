/**
 * The embedded engine over the build's index file (ARCHITECTURE.md §5, "Embedded mode"), as
 * meilisearch-js's `httpClient`. It runs inside the search worker (search.worker.ts), or on the
 * page itself where a worker cannot start.
 */
import { createEngine, createHttpClient, type SearchHttpClient } from "../engine";
import { type PackedIndex, unpackIndex } from "../pack";
import { CAR_INDEX_SETTINGS } from "../settings";

export function engineHttpClient(indexUrl: string): SearchHttpClient {
  return createHttpClient(async () => {
    const response = await fetch(indexUrl);
    if (!response.ok) throw new Error(`Search index unavailable (HTTP ${response.status})`);
    return createEngine(unpackIndex((await response.json()) as PackedIndex), CAR_INDEX_SETTINGS);
  });
}
