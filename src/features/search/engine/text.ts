/**
 * Text as Meilisearch reads it: lower-cased, diacritics (non-spacing marks) stripped, anything not
 * a letter or digit splits words; only the first 10 query words count; the last word is a prefix
 * unless the query ends with a separator.
 */
const MAX_QUERY_WORDS = 10;
const WORD = /[\p{L}\p{N}]+/gu;
/** Words in original text, keeping combining marks so offsets map back to the source. */
export const SOURCE_WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Lower case, compatibility-decomposed, without combining marks ("Citroën" → "citroen"). */
export function normalizeText(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words Meilisearch would index for a string. */
export function tokenizeText(value: string): string[] {
  return normalizeText(value).match(WORD) ?? [];
}

export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

export interface ParsedQuery {
  readonly words: string[];
  readonly lastIsPrefix: boolean;
}

export function parseQuery(q: string): ParsedQuery {
  const normalized = normalizeText(q);
  const all = normalized.match(WORD) ?? [];
  // "toyota " (trailing space) means the user finished the word: no prefix search. Past the
  // tenth word the last kept word is not the one being typed either.
  const lastIsPrefix = all.length > 0 && all.length <= MAX_QUERY_WORDS && /[\p{L}\p{N}]$/u.test(normalized);
  return { words: all.slice(0, MAX_QUERY_WORDS), lastIsPrefix };
}
