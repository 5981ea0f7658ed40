/** The messages between the search page and its search worker (search.worker.ts). */

/** The page asks: one meilisearch-js request (only its method and body are read). */
export interface WorkerRequest {
  id: number;
  indexUrl: string;
  url: string;
  init: { method?: string; body?: unknown };
}

/** A Meilisearch-shaped error, carried as plain data (an Error does not cross to the page intact). */
export interface WorkerError {
  name: string;
  message: string;
  code?: string;
  type?: string;
  link?: string;
  httpStatus?: number;
}

/** The worker answers: the parsed JSON body, or the error the engine threw. */
export type WorkerResponse =
  | { id: number; ok: true; body: unknown }
  | { id: number; ok: false; error: WorkerError };
