/**
 * The embedded search engine (docs/architecture.md §5, "Embedded mode"): the Meilisearch search API
 * over an in-memory index (engine.ts), and the meilisearch-js style `httpClient` that answers the
 * search page's client as a Meilisearch server would (http-client.ts).
 */
import { buildEngine } from "./engine";
import { formatHits } from "./highlight";
import { plainHits } from "./hits";
import type { EngineSettings, SearchDocument } from "./types";

/** The engine of the build, the server and the tests: hits highlighted and cropped when asked. */
export const createEngine = (documents: readonly SearchDocument[], settings: EngineSettings) =>
  buildEngine(documents, settings, formatHits);

/**
 * The search worker's engine: hits as stored, refusing highlighting and cropping, which the pages
 * never ask for, so none of that code reaches the browser.
 */
export const createPlainEngine = (documents: readonly SearchDocument[], settings: EngineSettings) =>
  buildEngine(documents, settings, plainHits);

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
