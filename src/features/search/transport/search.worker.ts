/**
 * The embedded search engine in a worker: reading the index, building the engine and every search
 * happen off the page's main thread, so loading a search page or ticking a filter never blocks a
 * tap, a scroll or the next paint. The page talks to it through embedded-search.client.ts.
 */
/// <reference lib="webworker" />
import { createWorkerHandler } from "./worker-handler.client";
import type { WorkerRequest } from "./worker-protocol";

const handle = createWorkerHandler();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener("message", async (event: MessageEvent<WorkerRequest>) => {
  scope.postMessage(await handle(event.data));
});
