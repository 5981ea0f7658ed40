/**
 * A shopper's words, understood for one search: the refinements and text left over, the line that
 * says so, and whether to fall back to plain text because the understood filters find nothing
 * where all the words find something ("never worse than today"). The counts are asked with the
 * same Meilisearch filter in both modes: of the tenant's Meilisearch server, or of the embedded
 * engine in the search worker.
 */
import { describeUnderstanding } from "./describe";
import { understoodFilter } from "./filter";
import { type Understanding, understandQuery, understoodAnything } from "./parse";
import type { Vocabulary } from "./vocabulary";

export type Filter = (string | string[])[];

/** How many cars each query finds (one `POST /multi-search`). */
export type Count = (queries: { q: string; filter: Filter }[]) => Promise<number[]>;

export interface UnderstoodSearch {
  /** What the shopper typed. */
  text: string;
  /** The refinements and the text left over; null when no word became a refinement. */
  understanding: Understanding | null;
  /** "white Toyota HiLux under $40,000". */
  line: string;
  /** The understood filters find nothing where all the words find something: search the words. */
  fallback: boolean;
}

export async function understandSearch(
  text: string,
  vocabulary: Vocabulary,
  options: { filter: Filter; thisYear: number; count: Count },
): Promise<UnderstoodSearch> {
  const understanding = understandQuery(text, vocabulary, options.thisYear);
  if (!understoodAnything(understanding)) return { text, understanding: null, line: "", fallback: false };
  const line = describeUnderstanding(understanding, vocabulary);
  const [understood, plain] = await options.count([
    { q: understanding.query, filter: [...options.filter, ...understoodFilter(understanding)] },
    { q: text, filter: options.filter },
  ]);
  return { text, understanding, line, fallback: understood === 0 && (plain ?? 0) > 0 };
}

/** The multi-search body that counts: one hit each, exact totals (Meilisearch's `hitsPerPage`). */
export function countRequest(indexUid: string, queries: { q: string; filter: Filter }[]) {
  return {
    queries: queries.map(({ q, filter }) => ({
      indexUid,
      q,
      filter,
      hitsPerPage: 1,
      page: 1,
      attributesToRetrieve: ["id"],
    })),
  };
}
