/**
 * One `POST /multi-search` from a page that needs a few searches and none of the widgets (the
 * vehicle page's similar cars): straight to the tenant's Meilisearch server with its search-only
 * key, or to the embedded engine's worker over the build's index file.
 */
import type { MultiSearch } from "../similar";
import { embeddedHttpClient } from "./embedded-search.client";
import type { SearchClientConfig } from "./search-client.client";
import { EMBEDDED_HOST } from "./worker-protocol";

interface MultiSearchAnswer {
  results: { hits: never[] }[];
}

type Send = (body: string) => Promise<MultiSearchAnswer>;

function toService({ host, key }: { host: string; key: string }): Send {
  return async (body) => {
    const response = await fetch(`${host.replace(/\/$/, "")}/multi-search`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body,
    });
    if (!response.ok) throw new Error(`Search service answered HTTP ${response.status}`);
    return (await response.json()) as MultiSearchAnswer;
  };
}

function toWorker(indexUrl: string): Send {
  const client = embeddedHttpClient(indexUrl);
  return async (body) =>
    (await client(`${EMBEDDED_HOST}/multi-search`, { method: "POST", body })) as MultiSearchAnswer;
}

export function multiSearch(config: SearchClientConfig): MultiSearch {
  const send = config.service ? toService(config.service) : toWorker(config.indexUrl);
  return async (queries) => (await send(JSON.stringify({ queries }))).results.map((result) => result.hits);
}
