/**
 * The search worker's side of query understanding, loaded on the first words to understand: the
 * shopper's words over the index file's vocabulary, with the counts that decide a fallback asked
 * of the tenant's Meilisearch server, or of the embedded engine in this worker.
 */
import type { SearchHttpClient } from "../engine";
import { type Count, countRequest, type UnderstoodSearch, understandSearch } from "../understand/search";
import type { Vocabulary } from "../understand/vocabulary";
import { EMBEDDED_HOST, type UnderstandMessage } from "./worker-protocol";

function counter(ask: UnderstandMessage["understand"], engine: SearchHttpClient): Count {
  return async (queries) => {
    const body = JSON.stringify(countRequest(ask.indexUid, queries));
    let answer: unknown;
    if (ask.service) {
      const response = await fetch(`${ask.service.host.replace(/\/$/, "")}/multi-search`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ask.service.key}`, "Content-Type": "application/json" },
        body,
      });
      if (!response.ok) throw new Error(`Search service answered HTTP ${response.status}`);
      answer = await response.json();
    } else answer = await engine(`${EMBEDDED_HOST}/multi-search`, { method: "POST", body });
    return (answer as { results: { totalHits?: number }[] }).results.map((result) => result.totalHits ?? 0);
  };
}

export function understandInWorker(
  ask: UnderstandMessage["understand"],
  vocabulary: Vocabulary,
  engine: SearchHttpClient,
  thisYear: number,
): Promise<UnderstoodSearch> {
  return understandSearch(ask.text, vocabulary, {
    filter: ask.filter,
    thisYear,
    count: counter(ask, engine),
  });
}
