/**
 * The embedded search engine in a worker: reading the index, building the engine and every search
 * happen off the page's main thread, so loading a search page or ticking a filter never blocks a
 * tap, a scroll or the next paint. The page talks to it through embedded-search.ts.
 */
/// <reference lib="webworker" />
import type { SearchHttpClient } from "../engine";
import { engineHttpClient } from "./load-engine";
import type { WorkerError, WorkerRequest, WorkerResponse } from "./search-worker-protocol";

const clients = new Map<string, SearchHttpClient>();

function asWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const { code, type, link, httpStatus } = error as Error & Partial<Omit<WorkerError, "name" | "message">>;
  return { name: error.name, message: error.message, code, type, link, httpStatus };
}

self.addEventListener("message", async (event: MessageEvent<WorkerRequest>) => {
  const { id, indexUrl, url, init } = event.data;
  let client = clients.get(indexUrl);
  if (!client) {
    client = engineHttpClient(indexUrl);
    clients.set(indexUrl, client);
  }
  let response: WorkerResponse;
  try {
    response = { id, ok: true, body: await client(url, init) };
  } catch (error) {
    response = { id, ok: false, error: asWorkerError(error) };
  }
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(response);
});
