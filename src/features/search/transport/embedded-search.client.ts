/**
 * The page's side of the embedded engine: every meilisearch-js request goes to the search worker
 * (search.worker.ts), which holds the index, so the page's main thread only renders. Should the
 * worker fail to start or stop, the searches waiting on it fail with a message (the results panel
 * shows it over the results already on screen) and the next search starts a new worker.
 */
import type { HttpClientInit, SearchHttpClient } from "../engine";
import type {
  SearchMessage,
  UnderstandMessage,
  WorkerError,
  WorkerRequest,
  WorkerResponse,
} from "./worker-protocol";

/** What a shopper reads when the worker cannot answer (in "Search is unavailable right now (…)"). */
export const WORKER_FAILED = "the search engine could not start";

interface Pending {
  resolve: (body: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The engine's error as meilisearch-js expects it: its `name` (MeiliSearchApiError) makes the
 * library pass it on unchanged, with the code and message the widgets show.
 */
function toError(data: WorkerError): Error {
  return Object.assign(new Error(data.message), data);
}

type Message = Omit<SearchMessage, "id" | "indexUrl"> | Omit<UnderstandMessage, "id" | "indexUrl">;

/** The page's line to a search worker over one index file, started on the first message. */
export function connectWorker(indexUrl: string): (message: Message) => Promise<unknown> {
  let worker: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 0;

  const start = (): Worker => {
    const started = new Worker(new URL("./search.worker.ts", import.meta.url), {
      type: "module",
      name: "search",
    });
    started.addEventListener("message", (event: MessageEvent<WorkerResponse>) => {
      const answer = event.data;
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      if (answer.ok) request.resolve(answer.body);
      else request.reject(toError(answer.error));
    });
    // A worker script that cannot load, or a worker that dies, reports an error event.
    started.addEventListener("error", (event) => {
      event.preventDefault();
      started.terminate();
      if (worker === started) worker = null;
      for (const [id, request] of pending) {
        pending.delete(id);
        request.reject(new Error(WORKER_FAILED));
      }
    });
    return started;
  };

  return (message) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      try {
        worker ??= start();
        worker.postMessage({ ...message, id, indexUrl } as WorkerRequest);
      } catch {
        // The browser refused to start it (a blocked script), or the request cannot be sent.
        pending.delete(id);
        reject(new Error(WORKER_FAILED));
      }
    });
}

/** meilisearch-js's HTTP client, answered by the search worker. */
export function embeddedHttpClient(indexUrl: string, send = connectWorker(indexUrl)): SearchHttpClient {
  return (input, init: HttpClientInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return send({ url, init: { method: init.method, body: init.body } });
  };
}
