/**
 * What the search worker does with each request from the page (search.worker.ts wires it to the
 * worker's messages): the embedded engine over the build's index file (docs/architecture.md §5,
 * "Embedded mode") answering the multi-search the pages send, one per index file, fetched on first
 * use; and query understanding over the vocabulary that travels in the same file. The
 * understanding code loads on the first words to understand, so a page that only filters never
 * fetches it.
 */
import { createMultiSearchClient, createPlainEngine, type SearchHttpClient } from "../engine";
import { type PackedIndex, unpackIndex } from "../pack";
import { CAR_INDEX_SETTINGS } from "../settings";
import type { WorkerError, WorkerRequest, WorkerResponse } from "./worker-protocol";

function asWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const { code, type, link, httpStatus } = error as Error & Partial<Omit<WorkerError, "name" | "message">>;
  return { name: error.name, message: error.message, code, type, link, httpStatus };
}

interface Index {
  packed: () => Promise<PackedIndex>;
  client: SearchHttpClient;
}

function openIndex(indexUrl: string): Index {
  let loading: Promise<PackedIndex> | undefined;
  const packed = () => {
    loading ??= fetch(indexUrl).then(async (response) => {
      if (!response.ok) throw new Error(`Search index unavailable (HTTP ${response.status})`);
      return (await response.json()) as PackedIndex;
    });
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const client = createMultiSearchClient(async () =>
    createPlainEngine(unpackIndex(await packed()), CAR_INDEX_SETTINGS),
  );
  return { packed, client };
}

export function createWorkerHandler(
  thisYear = () => new Date().getFullYear(),
): (request: WorkerRequest) => Promise<WorkerResponse> {
  const indexes = new Map<string, Index>();
  return async (request) => {
    const { id, indexUrl } = request;
    let index = indexes.get(indexUrl);
    if (!index) {
      index = openIndex(indexUrl);
      indexes.set(indexUrl, index);
    }
    try {
      if ("understand" in request) {
        const [{ understandInWorker }, { vocabulary }] = await Promise.all([
          import("./worker-understand.client"),
          index.packed(),
        ]);
        const body = await understandInWorker(request.understand, vocabulary, index.client, thisYear());
        return { id, ok: true, body };
      }
      return { id, ok: true, body: await index.client(request.url, request.init) };
    } catch (error) {
      return { id, ok: false, error: asWorkerError(error) };
    }
  };
}
