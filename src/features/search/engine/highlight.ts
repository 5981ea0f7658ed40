/**
 * Highlighting and cropping (`_formatted`), only when asked for: matched words (or the matched
 * prefix of the word being typed) wrapped in the highlight tags; numbers become strings there.
 */
import { optionalCount, optionalString, optionalStringList } from "./errors";
import { type HitFormatter, selects } from "./hits";
import { normalizeText, SOURCE_WORD } from "./text";
import type { Term } from "./text-index";
import type { Hit, SearchDocument } from "./types";
import { boundedDistance, matchedPrefixLength } from "./typos";

type WordMatcher = (normalizedWord: string) => number;

/** How many normalised characters of `word` to highlight: 0 none, -1 the whole word. */
function matchLength(term: Term, word: string, exactOnly: ReadonlySet<string>): number {
  if (word === term.text) return -1;
  if (term.isPrefix && word.startsWith(term.text)) return term.text.length;
  const max = exactOnly.has(term.text) ? 0 : term.maxTypos;
  if (max === 0) return 0;
  const sameFirst = word[0] === term.text[0];
  const allowed = sameFirst ? max : max === 2 ? 1 : 0;
  if (allowed === 0) return 0;
  if (!term.isPrefix) return boundedDistance(term.text, word, allowed) <= allowed ? -1 : 0;
  const length = matchedPrefixLength(term.text, word, allowed);
  return length === 0 ? 0 : length >= word.length ? -1 : length;
}

function makeMatcher(terms: readonly Term[], exactOnly: ReadonlySet<string>): WordMatcher {
  const memo = new Map<string, number>();
  return (word) => {
    let best = memo.get(word);
    if (best !== undefined) return best;
    best = 0;
    for (const term of terms) {
      const length = matchLength(term, word, exactOnly);
      if (length === -1) {
        best = -1;
        break;
      }
      if (length > best) best = length;
    }
    memo.set(word, best);
    return best;
  };
}

// Highlighting normalises the same words over and over (every hit has a make, a model …).
const normalizedWords = new Map<string, string>();
function normalizeWord(word: string): string {
  let normalized = normalizedWords.get(word);
  if (normalized === undefined) {
    normalized = normalizeText(word);
    if (normalizedWords.size >= 20_000) normalizedWords.clear();
    normalizedWords.set(word, normalized);
  }
  return normalized;
}

/** Index in `original` where the first `count` normalised characters end (marks included). */
function originalCut(original: string, count: number): number {
  let seen = 0;
  let index = 0;
  for (const ch of original) {
    const produced = normalizeText(ch).length;
    if (seen >= count && produced > 0) break;
    seen += produced;
    index += ch.length;
  }
  return index;
}

function highlight(text: string, matcher: WordMatcher | undefined, pre: string, post: string): string {
  if (!matcher) return text;
  let out = "";
  let last = 0;
  for (const match of text.matchAll(SOURCE_WORD)) {
    const original = match[0];
    const word = normalizeWord(original);
    if (word === "") continue;
    const length = matcher(word);
    if (length === 0) continue;
    const at = match.index as number;
    const cut = length === -1 || length >= word.length ? original.length : originalCut(original, length);
    out += `${text.slice(last, at)}${pre}${original.slice(0, cut)}${post}`;
    last = at + cut;
  }
  return out + text.slice(last);
}

function crop(text: string, matcher: WordMatcher | undefined, length: number, marker: string): string {
  const words = [...text.matchAll(SOURCE_WORD)].filter((m) => normalizeWord(m[0]) !== "");
  if (words.length <= length) return text;
  let first = matcher ? words.findIndex((m) => matcher(normalizeWord(m[0])) !== 0) : -1;
  if (first === -1) first = 0;
  // Centre the window on the first match, as Meilisearch does for a single matched term.
  const from = Math.max(0, Math.min(first - Math.floor((length - 1) / 2), words.length - length));
  const to = from + length;
  const begin = from === 0 ? 0 : ((words[from] as RegExpMatchArray).index as number);
  const lastWord = words[to - 1] as RegExpMatchArray;
  const end = to >= words.length ? text.length : (lastWord.index as number) + lastWord[0].length;
  return `${from > 0 ? marker : ""}${text.slice(begin, end)}${to < words.length ? marker : ""}`;
}

interface FormatOptions {
  readonly matcher: WordMatcher | undefined;
  readonly pre: string;
  readonly post: string;
  readonly marker: string;
}

function formatValue(
  value: unknown,
  highlighted: boolean,
  cropLength: number | undefined,
  options: FormatOptions,
): unknown {
  if (typeof value === "string" || typeof value === "number") {
    let text = String(value);
    if (cropLength !== undefined) text = crop(text, options.matcher, cropLength, options.marker);
    return highlighted ? highlight(text, options.matcher, options.pre, options.post) : text;
  }
  if (Array.isArray(value)) return value.map((v) => formatValue(v, highlighted, cropLength, options));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = formatValue(v, highlighted, cropLength, options);
    return out;
  }
  return value;
}

/** The hits of `ids` as the request asks: retrieved attributes, and `_formatted` when asked for. */
export const formatHits: HitFormatter = (docs, ids, request, terms, displayed, exactOnly) => {
  const retrieve = optionalStringList(
    request,
    "attributesToRetrieve",
    "invalid_search_attributes_to_retrieve",
  ) ?? ["*"];
  const toHighlight = optionalStringList(
    request,
    "attributesToHighlight",
    "invalid_search_attributes_to_highlight",
  );
  const toCrop = optionalStringList(request, "attributesToCrop", "invalid_search_attributes_to_crop");
  const cropLength = optionalCount(request, "cropLength", "invalid_search_crop_length") ?? 10;
  const cropLengths = new Map<string, number>();
  const cropNames = toCrop?.map((entry) => {
    const match = /^(.*):(\d+)$/.exec(entry);
    if (!match) return entry;
    cropLengths.set(match[1] as string, Number(match[2]));
    return match[1] as string;
  });
  const format = (toHighlight && toHighlight.length > 0) || (cropNames && cropNames.length > 0);
  const options: FormatOptions = {
    matcher: terms.length > 0 ? makeMatcher(terms, exactOnly) : undefined,
    pre: optionalString(request, "highlightPreTag", "invalid_search_highlight_pre_tag") ?? "<em>",
    post: optionalString(request, "highlightPostTag", "invalid_search_highlight_post_tag") ?? "</em>",
    marker: optionalString(request, "cropMarker", "invalid_search_crop_marker") ?? "…",
  };
  const hits: Hit[] = [];
  for (let i = 0; i < ids.length; i++) {
    const doc = docs[ids[i] as number] as SearchDocument;
    const hit: Hit = {};
    const formatted: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(doc)) {
      if (!selects(displayed, key)) continue;
      const retrieved = selects(retrieve, key);
      if (retrieved) hit[key] = value;
      if (!format) continue;
      const highlighted = selects(toHighlight, key);
      const cropped = selects(cropNames, key);
      if (!retrieved && !highlighted && !cropped) continue;
      formatted[key] =
        highlighted || cropped
          ? formatValue(
              value,
              highlighted,
              cropped ? (cropLengths.get(key) ?? cropLength) : undefined,
              options,
            )
          : value;
    }
    if (format) hit._formatted = formatted;
    hits.push(hit);
  }
  return hits;
};
