/**
 * The page's side of the embedded engine: every meilisearch-js request goes to the search worker
 * (search.worker.ts), which holds the index, so the page's main thread only renders. Where a
 * worker cannot start (or dies), the same engine runs on the page, loaded on demand: a shopper
 * always gets results, only with a busier page.
 */
import type { HttpClientInit, SearchHttpClient } from "../engine";
import type { WorkerError, WorkerRequest, WorkerResponse } from "./search-worker-protocol";

interface Pending {
  url: string;
  init: WorkerRequest["init"];
  resolve: (body: unknown) => void;
  reject: (error: unknown) => void;
}

/** The engine on the page itself, its code fetched only when it is needed. */
function inPageClient(indexUrl: string): SearchHttpClient {
  const client = import("./load-engine").then(({ engineHttpClient }) => engineHttpClient(indexUrl));
  return async (url, init) => (await client)(url, init);
}

/**
 * The engine's error as meilisearch-js expects it: its `name` (MeiliSearchApiError) makes the
 * library pass it on unchanged, with the code and message the widgets show.
 */
function toError(data: WorkerError): Error {
  return Object.assign(new Error(data.message), data);
}

function startWorker(): Worker | null {
  if (typeof Worker !== "function") return null;
  try {
    return new Worker(new URL("./search.worker.ts", import.meta.url), { type: "module", name: "search" });
  } catch {
    return null;
  }
}

export function embeddedHttpClient(indexUrl: string): SearchHttpClient {
  let worker = startWorker();
  let fallback: SearchHttpClient | null = null;
  const inPage = (url: string, init: WorkerRequest["init"]) => {
    fallback ??= inPageClient(indexUrl);
    return fallback(url, init);
  };
  const pending = new Map<number, Pending>();
  let nextId = 0;

  const abandonWorker = () => {
    worker?.terminate();
    worker = null;
    for (const [id, request] of pending) {
      pending.delete(id);
      inPage(request.url, request.init).then(request.resolve, request.reject);
    }
  };
  worker?.addEventListener("message", (event: MessageEvent<WorkerResponse>) => {
    const answer = event.data;
    const request = pending.get(answer.id);
    if (!request) return;
    pending.delete(answer.id);
    if (answer.ok) request.resolve(answer.body);
    else request.reject(toError(answer.error));
  });
  // A worker script that cannot load (blocked, offline after the page) reports an error event.
  worker?.addEventListener("error", abandonWorker);

  return (input, init: HttpClientInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const plain: WorkerRequest["init"] = { method: init.method, body: init.body };
    if (!worker) return inPage(url, plain);
    const channel = worker;
    return new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { url, init: plain, resolve, reject });
      try {
        channel.postMessage({ id, indexUrl, url, init: plain } satisfies WorkerRequest);
      } catch {
        // A body the worker cannot be sent (not structured-cloneable): answer on the page.
        pending.delete(id);
        inPage(url, plain).then(resolve, reject);
      }
    });
  };
}
