/**
 * What the search worker does with each request from the page (search.worker.ts wires it to the
 * worker's messages): the embedded engine over the build's index file (docs/architecture.md §5,
 * "Embedded mode") as meilisearch-js's `httpClient`, one per index file, fetched on first use.
 */
import { createEngine, createHttpClient, type SearchHttpClient } from "../engine";
import { type PackedIndex, unpackIndex } from "../pack";
import { CAR_INDEX_SETTINGS } from "../settings";
import type { WorkerError, WorkerRequest, WorkerResponse } from "./worker-protocol";

function engineHttpClient(indexUrl: string): SearchHttpClient {
  return createHttpClient(async () => {
    const response = await fetch(indexUrl);
    if (!response.ok) throw new Error(`Search index unavailable (HTTP ${response.status})`);
    return createEngine(unpackIndex((await response.json()) as PackedIndex), CAR_INDEX_SETTINGS);
  });
}

function asWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const { code, type, link, httpStatus } = error as Error & Partial<Omit<WorkerError, "name" | "message">>;
  return { name: error.name, message: error.message, code, type, link, httpStatus };
}

export function createWorkerHandler(): (request: WorkerRequest) => Promise<WorkerResponse> {
  const clients = new Map<string, SearchHttpClient>();
  return async ({ id, indexUrl, url, init }) => {
    let client = clients.get(indexUrl);
    if (!client) {
      client = engineHttpClient(indexUrl);
      clients.set(indexUrl, client);
    }
    try {
      return { id, ok: true, body: await client(url, init) };
    } catch (error) {
      return { id, ok: false, error: asWorkerError(error) };
    }
  };
}
