/** The messages between the search page and its search worker (search.worker.ts). */
import type { Filter, UnderstoodSearch } from "../understand/search";

/** Embedded mode never leaves the page; this host only labels the requests. */
export const EMBEDDED_HOST = "https://embedded.search.invalid";

/** The page asks: one meilisearch-js request (only its method and body are read). */
export interface SearchMessage {
  id: number;
  indexUrl: string;
  url: string;
  init: { method?: string; body?: unknown };
}

/** The page asks what the shopper's words mean (query understanding, answered as an UnderstoodSearch). */
export interface UnderstandMessage {
  id: number;
  indexUrl: string;
  understand: {
    text: string;
    /** The filters in force besides the words' own (the page's path, boxes already ticked). */
    filter: Filter;
    indexUid: string;
    /** The tenant's Meilisearch server, when it has one: the counts are asked of it. */
    service?: { host: string; key: string } | undefined;
  };
}

export type WorkerRequest = SearchMessage | UnderstandMessage;

/** A Meilisearch-shaped error, carried as plain data (an Error does not cross to the page intact). */
export interface WorkerError {
  name: string;
  message: string;
  code?: string;
  type?: string;
  link?: string;
  httpStatus?: number;
}

/** The worker answers: the parsed JSON body (or the UnderstoodSearch), or the error it threw. */
export type WorkerResponse =
  | { id: number; ok: true; body: unknown }
  | { id: number; ok: false; error: WorkerError };

export type { UnderstoodSearch };
