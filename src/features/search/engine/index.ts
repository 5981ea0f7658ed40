/**
 * The embedded search engine (docs/architecture.md §5, "Embedded mode"): the Meilisearch search API
 * over an in-memory index (engine.ts), and the meilisearch-js style `httpClient` that answers the
 * search page's client as a Meilisearch server would (http-client.ts).
 */
export { createEngine } from "./engine";
export { SearchEngineError } from "./errors";
export {
  createHttpClient,
  createMultiSearchClient,
  type HttpClientInit,
  type SearchHttpClient,
} from "./http-client";
export { normalizeText } from "./text";
export type * from "./types";
export { boundedDistance } from "./typos";
