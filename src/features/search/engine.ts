/**
 * The embedded search engine (ARCHITECTURE.md §5, "Embedded mode"): answers the Meilisearch search
 * API over an in-memory index so react-instantsearch + instant-meilisearch work without a server.
 * `createHttpClient` plugs it in as meilisearch-js's custom `httpClient`, so the widgets cannot
 * tell the difference.
 *
 * Behaviour follows Meilisearch (docs + milli source), not guesses:
 * - text: lower-cased, diacritics (non-spacing marks) stripped, anything not a letter/digit splits
 *   words; only the first 10 query words count; the last word is a prefix unless the query ends
 *   with a separator;
 * - typos: words of 1-4 chars none, 5-8 chars one, 9+ chars two (Damerau/OSA distance); a typo on
 *   the first letter costs two, so one-typo words must share their first letter;
 * - matchingStrategy `last` (Meilisearch's default) drops query words from the end, `all` needs
 *   every word, `frequency` drops the most frequent words first;
 * - ranking: the ranking rules in order (words, typo, proximity, attribute, sort, exactness, then
 *   custom `attr:asc|desc`, by default `rank:desc`); placeholder searches use only sort and custom
 *   rules, ties keep document order; sort puts numbers before strings and missing values last;
 * - facets: counts over every filtered hit, values in alphanumeric order unless `sortFacetValuesBy`
 *   says `count`, at most `maxValuesPerFacet`; `facetStats` min/max for numeric values;
 * - pagination: `page`/`hitsPerPage` give exhaustive `totalHits`/`totalPages`, otherwise
 *   `offset`/`limit` (default 20) give `estimatedTotalHits`;
 * - `_formatted` only when highlighting or cropping is asked for (numbers become strings there).
 *
 * Speed: documents are tokenised once into flat typed arrays with per-word postings; facet values
 * are extracted lazily per attribute into columns with interned value ids; sort orders, compiled
 * filters and typo derivations are cached. No DOM, no Node APIs.
 */
import {
  type CompiledFilter,
  clearFilterCache,
  compileFilter,
  extractFacetValues,
  type FacetValues,
  type FilterAlgebra,
  FilterSyntaxError,
  filterKey,
  inNumberRange,
  inStringRange,
  isAttributeFilterable,
  type RangeBounds,
  valuesAtPath,
} from "./filter";

// ---------------------------------------------------------------------------------------------
// Public types

export interface SearchDocument {
  id: number | string;
  [attribute: string]: unknown;
}

export interface TypoToleranceSettings {
  enabled?: boolean;
  minWordSizeForTypos?: { oneTypo?: number; twoTypos?: number };
  /** Words that only match exactly. */
  disableOnWords?: string[];
}

export type FacetOrder = "alpha" | "count";

export interface EngineSettings {
  /** In priority order; `["*"]` means every attribute, in order of first appearance. */
  searchableAttributes: string[];
  filterableAttributes: string[];
  sortableAttributes: string[];
  /** Default: Meilisearch's built-in rules followed by the custom rank, `rank:desc`. */
  rankingRules?: string[];
  /** Default 100, as in Meilisearch. */
  maxValuesPerFacet?: number;
  /** Default: `{ "*": "alpha" }`, as in Meilisearch. */
  sortFacetValuesBy?: Record<string, FacetOrder>;
  /** Default true (1 typo from 5 chars, 2 from 9). */
  typoTolerance?: boolean | TypoToleranceSettings;
  /** Meilisearch's `pagination.maxTotalHits`. Default: no cap (the index is the whole stock). */
  maxTotalHits?: number;
  /** Default `["*"]`. */
  displayedAttributes?: string[];
}

export type MatchingStrategy = "last" | "all" | "frequency";

export interface SearchRequest {
  q?: string | null;
  filter?: string | (string | string[])[] | null;
  sort?: string[] | null;
  facets?: string[] | null;
  offset?: number | null;
  limit?: number | null;
  page?: number | null;
  hitsPerPage?: number | null;
  attributesToRetrieve?: string[] | null;
  attributesToHighlight?: string[] | null;
  highlightPreTag?: string | null;
  highlightPostTag?: string | null;
  attributesToCrop?: string[] | null;
  cropLength?: number | null;
  cropMarker?: string | null;
  matchingStrategy?: MatchingStrategy | null;
  attributesToSearchOn?: string[] | null;
  /** Accepted and ignored (instant-meilisearch may send them). */
  [other: string]: unknown;
}

export type Hit = Record<string, unknown> & { _formatted?: Record<string, unknown> };
export type FacetDistribution = Record<string, Record<string, number>>;
export type FacetStats = Record<string, { min: number; max: number }>;

export interface SearchResponse {
  hits: Hit[];
  query: string;
  processingTimeMs: number;
  /** Offset/limit mode. */
  limit?: number;
  offset?: number;
  estimatedTotalHits?: number;
  /** Page mode (exhaustive). */
  hitsPerPage?: number;
  page?: number;
  totalPages?: number;
  totalHits?: number;
  facetDistribution?: FacetDistribution;
  facetStats?: FacetStats;
}

export interface MultiSearchQuery extends SearchRequest {
  indexUid: string;
}

export interface MultiSearchResponse {
  results: (SearchResponse & { indexUid: string })[];
}

export interface FacetSearchRequest {
  facetName: string;
  facetQuery?: string | null;
  q?: string | null;
  filter?: SearchRequest["filter"];
  matchingStrategy?: MatchingStrategy | null;
  attributesToSearchOn?: string[] | null;
  [other: string]: unknown;
}

export interface FacetSearchResponse {
  facetHits: { value: string; count: number }[];
  facetQuery: string | null;
  processingTimeMs: number;
}

export interface SearchEngine {
  readonly settings: Readonly<Required<Omit<EngineSettings, "typoTolerance">>> & {
    typoTolerance: Required<TypoToleranceSettings>;
  };
  /** Number of documents in the index. */
  readonly size: number;
  search(indexUid: string, request?: SearchRequest): SearchResponse;
  multiSearch(request: { queries: MultiSearchQuery[] }): MultiSearchResponse;
  facetSearch(indexUid: string, request: FacetSearchRequest): FacetSearchResponse;
  /** Drops query caches (filters, typo derivations, sort orders); the index stays. */
  clearCaches(): void;
}

/**
 * A Meilisearch-shaped API error. `name` is `MeiliSearchApiError` on purpose: meilisearch-js
 * rethrows errors of that name from a custom `httpClient` unchanged instead of wrapping them as
 * communication errors.
 */
export class SearchEngineError extends Error {
  readonly code: string;
  readonly type: string;
  readonly link: string;
  readonly httpStatus: number;

  constructor(message: string, code: string, httpStatus = 400, type = "invalid_request") {
    super(message);
    this.name = "MeiliSearchApiError";
    this.code = code;
    this.type = type;
    this.link = `https://docs.meilisearch.com/errors#${code}`;
    this.httpStatus = httpStatus;
  }

  toJSON(): { message: string; code: string; type: string; link: string } {
    return { message: this.message, code: this.code, type: this.type, link: this.link };
  }
}

// ---------------------------------------------------------------------------------------------
// Text normalisation and distances

const MAX_QUERY_WORDS = 10;
const WORD = /[\p{L}\p{N}]+/gu;
/** Words in original text, keeping combining marks so offsets map back to the source. */
const SOURCE_WORD = /[\p{L}\p{N}\p{M}]+/gu;

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

function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

function ensureRows(size: number): void {
  if (rowA.length >= size) return;
  const length = Math.max(size, rowA.length * 2);
  rowA = new Int32Array(length);
  rowB = new Int32Array(length);
  rowC = new Int32Array(length);
}

/**
 * Fills `prev` with the last DP row of the optimal-string-alignment distance between `a` and each
 * prefix of `b` (transpositions cost 1); returns false as soon as every entry must exceed `max`.
 */
function lastRow(a: string, b: string, lb: number, max: number): Int32Array | undefined {
  const la = a.length;
  ensureRows(lb + 1);
  // Rows run over `a` (the query word) and columns over `b`, so the last row holds the distance
  // from the whole query word to every prefix of `b`.
  let twoBack = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, (twoBack[j - 2] as number) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return undefined;
    const spare = twoBack;
    twoBack = prev;
    prev = cur;
    cur = spare;
  }
  return prev;
}

/**
 * Optimal-string-alignment distance between `a` and `b`, or `max + 1` as soon as it must exceed
 * `max`. With `prefix`, the distance from `a` to the closest prefix of `b` (the last query word
 * matches the beginning of longer words, as Meilisearch's prefix automaton does).
 */
export function boundedDistance(a: string, b: string, max: number, prefix = false): number {
  // A prefix longer than the query word by more than `max` cannot be closer than a shorter one.
  const lb = prefix ? Math.min(b.length, a.length + max) : b.length;
  if (!prefix && Math.abs(a.length - lb) > max) return max + 1;
  const row = lastRow(a, b, lb, max);
  if (!row) return max + 1;
  if (!prefix) return Math.min(row[lb] as number, max + 1);
  let best = max + 1;
  for (let j = 0; j <= lb; j++) if ((row[j] as number) < best) best = row[j] as number;
  return best;
}

/** Length of the longest prefix of `b` at the smallest distance from `a` (what to highlight). */
function matchedPrefixLength(a: string, b: string, max: number): number {
  const lb = Math.min(b.length, a.length + max);
  const row = lastRow(a, b, lb, max);
  if (!row) return 0;
  let best = max + 1;
  let length = 0;
  for (let j = 0; j <= lb; j++) {
    const v = row[j] as number;
    if (v < best || (v === best && v <= max)) {
      best = v;
      length = j;
    }
  }
  return best <= max ? length : 0;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

// ---------------------------------------------------------------------------------------------
// Settings

const DEFAULT_RANKING_RULES = ["words", "typo", "proximity", "attribute", "sort", "exactness", "rank:desc"];
const BUILT_IN_RULES = new Set([
  "words",
  "typo",
  "proximity",
  "attribute",
  "sort",
  "exactness",
  "attributeRank",
  "wordPosition",
]);
const RELEVANCE_RULES = new Set([
  "typo",
  "proximity",
  "attribute",
  "exactness",
  "attributeRank",
  "wordPosition",
]);
const CUSTOM_RULE = /^(.+):(asc|desc)$/;

type Rule =
  | { kind: "words" | "typo" | "proximity" | "attributeRank" | "wordPosition" | "exactness" | "sort" }
  | { kind: "custom"; attribute: string; direction: "asc" | "desc" };

function resolveRules(rules: readonly string[]): Rule[] {
  const out: Rule[] = [];
  for (const rule of rules) {
    if (rule === "attribute") {
      out.push({ kind: "attributeRank" }, { kind: "wordPosition" });
    } else if (BUILT_IN_RULES.has(rule)) {
      out.push({ kind: rule as Exclude<Rule["kind"], "custom"> });
    } else {
      const match = CUSTOM_RULE.exec(rule);
      if (!match)
        throw new Error(
          `Invalid ranking rule \`${rule}\`: expected a built-in rule or \`attribute:asc|desc\`.`,
        );
      out.push({ kind: "custom", attribute: match[1] as string, direction: match[2] as "asc" | "desc" });
    }
  }
  // Meilisearch always ranks by `words` before the other relevance rules, listed or not.
  const words = out.findIndex((r) => r.kind === "words");
  const firstRelevance = out.findIndex((r) => RELEVANCE_RULES.has(r.kind));
  if (words === -1 || (firstRelevance !== -1 && words > firstRelevance)) {
    if (words !== -1) out.splice(words, 1);
    const at = out.findIndex((r) => RELEVANCE_RULES.has(r.kind));
    out.splice(at === -1 ? out.length : at, 0, { kind: "words" });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Columns: one attribute's facet values for every document, extracted once.

interface Column {
  readonly values: FacetValues[];
  /** Flattened value ids per document: `ids[start[d] .. start[d + 1])`. */
  readonly start: Int32Array;
  readonly ids: Int32Array;
  /** Value id per document when no document has more than one value (-1: none); else undefined. */
  readonly single: Int32Array | undefined;
  /** The first original spelling of each value id in document order (facet labels). */
  readonly labels: string[];
  /** Value id → number or normalised string. */
  readonly keys: (number | string)[];
  readonly numberIds: ReadonlyMap<number, number>;
  readonly stringIds: ReadonlyMap<string, number>;
  /** Value ids in alphanumeric order: numbers ascending (the first `numberCount`), then strings. */
  readonly alphaOrder: Int32Array;
  readonly numberCount: number;
  /** Documents per value id (built on first filter use). */
  valueDocs?: Int32Array[];
  readonly numMin: Float64Array;
  readonly numMax: Float64Array;
}

function buildColumn(docs: readonly SearchDocument[], attribute: string): Column {
  const n = docs.length;
  const values: FacetValues[] = new Array(n);
  const start = new Int32Array(n + 1);
  const ids: number[] = [];
  const labels: string[] = [];
  const keys: (number | string)[] = [];
  let multiValued = false;
  const numberIds = new Map<number, number>();
  const stringIds = new Map<string, number>();
  const numMin = new Float64Array(n).fill(Number.NaN);
  const numMax = new Float64Array(n).fill(Number.NaN);
  for (let d = 0; d < n; d++) {
    const v = extractFacetValues(docs[d] as SearchDocument, attribute);
    values[d] = v;
    start[d] = ids.length;
    for (const num of v.numbers) {
      let id = numberIds.get(num);
      if (id === undefined) {
        id = keys.length;
        keys.push(num);
        labels.push(String(num));
        numberIds.set(num, id);
      }
      ids.push(id);
      if (!(num >= (numMin[d] as number))) numMin[d] = num;
      if (!(num <= (numMax[d] as number))) numMax[d] = num;
    }
    v.strings.forEach((s, i) => {
      let id = stringIds.get(s);
      if (id === undefined) {
        id = keys.length;
        keys.push(s);
        labels.push(v.originals[i] as string);
        stringIds.set(s, id);
      }
      ids.push(id);
    });
    if (ids.length - (start[d] as number) > 1) multiValued = true;
  }
  start[n] = ids.length;
  const alphaOrder = Int32Array.from(keys.keys()).sort((x, y) => {
    const a = keys[x] as number | string;
    const b = keys[y] as number | string;
    if (typeof a === "number") return typeof b === "number" ? a - b : -1;
    if (typeof b === "number") return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  let single: Int32Array | undefined;
  if (!multiValued) {
    single = new Int32Array(n).fill(-1);
    for (let d = 0; d < n; d++)
      if ((start[d + 1] as number) > (start[d] as number)) single[d] = ids[start[d] as number] as number;
  }
  return {
    values,
    start,
    ids: Int32Array.from(ids),
    single,
    labels,
    keys,
    numberIds,
    stringIds,
    alphaOrder,
    numberCount: numberIds.size,
    numMin,
    numMax,
  };
}

// ---------------------------------------------------------------------------------------------
// Query terms

interface Derivation {
  readonly word: number;
  readonly typos: number;
  /** Matched as the beginning of a longer word. */
  readonly prefix: boolean;
}

interface Term {
  readonly text: string;
  readonly isPrefix: boolean;
  readonly maxTypos: number;
  readonly derivations: readonly Derivation[];
}

interface ParsedQuery {
  readonly words: string[];
  readonly lastIsPrefix: boolean;
}

function parseQuery(q: string): ParsedQuery {
  const normalized = normalizeText(q);
  const all = normalized.match(WORD) ?? [];
  // "toyota " (trailing space) means the user finished the word: no prefix search. Past the
  // tenth word the last kept word is not the one being typed either.
  const lastIsPrefix = all.length > 0 && all.length <= MAX_QUERY_WORDS && /[\p{L}\p{N}]$/u.test(normalized);
  return { words: all.slice(0, MAX_QUERY_WORDS), lastIsPrefix };
}

// ---------------------------------------------------------------------------------------------
// Request validation (Meilisearch error codes and messages)

function invalid(code: string, message: string): SearchEngineError {
  return new SearchEngineError(message, code);
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array: \`${JSON.stringify(value)}\``;
  if (typeof value === "object") return `an object: \`${JSON.stringify(value)}\``;
  if (typeof value === "string") return `a string: \`"${value}"\``;
  if (typeof value === "number") {
    return Number.isInteger(value)
      ? `${value < 0 ? "a negative" : "a positive"} integer: \`${value}\``
      : `a float: \`${value}\``;
  }
  return `a ${typeof value}: \`${String(value)}\``;
}

function optionalCount(request: SearchRequest, field: string, code: string): number | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw invalid(
      code,
      `Invalid value type at \`.${field}\`: expected a positive integer, but found ${describeValue(value)}`,
    );
  }
  return value;
}

function optionalStringList(request: SearchRequest, field: string, code: string): string[] | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string")
    return value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw invalid(
      code,
      `Invalid value type at \`.${field}\`: expected an array, but found ${describeValue(value)}`,
    );
  }
  return value as string[];
}

function optionalString(request: SearchRequest, field: string, code: string): string | undefined {
  const value = request[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    throw invalid(
      code,
      `Invalid value type at \`.${field}\`: expected a string, but found ${describeValue(value)}`,
    );
  }
  return value;
}

function asEngineError(error: unknown): unknown {
  if (error instanceof FilterSyntaxError) return new SearchEngineError(error.message, error.code);
  return error;
}

// ---------------------------------------------------------------------------------------------
// Highlighting and cropping

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

function selects(list: readonly string[] | undefined, key: string): boolean {
  if (!list) return false;
  for (const entry of list) {
    if (entry === "*" || entry === key || entry.startsWith(`${key}.`)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The engine

interface Candidates {
  /** Document indices in ranked order. */
  readonly ordered: Int32Array;
  readonly terms: readonly Term[];
}

const LRU_LIMIT = 256;
function lruGet<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}
function lruSet<K, V>(map: Map<K, V>, key: K, value: V, limit = LRU_LIMIT): void {
  if (map.size >= limit) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

const now: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function"
    ? () => performance.now()
    : () => Date.now();

class Engine implements SearchEngine {
  readonly settings: SearchEngine["settings"];
  readonly size: number;

  private readonly docs: SearchDocument[];
  private readonly rules: Rule[];
  private readonly searchable: string[];
  private readonly exactOnly: ReadonlySet<string>;

  // Text index: a vocabulary, postings (documents per word) and every token in document order.
  private readonly vocab: string[] = [];
  private readonly vocabIds = new Map<string, number>();
  private readonly sortedVocab: Int32Array;
  private readonly byFirstChar = new Map<string, number[]>();
  private readonly postings: Int32Array[];
  private readonly tokWord: Int32Array;
  private readonly tokAttr: Uint16Array;
  private readonly tokPos: Uint32Array;
  private readonly docStart: Int32Array;

  // Per-query scratch space, sized once.
  private readonly wordHead: Int32Array;
  private readonly termMask: Uint16Array;

  // Lazy caches.
  private readonly columns = new Map<string, Column>();
  private readonly sortRanks = new Map<string, Int32Array>();
  private readonly orders = new Map<string, Int32Array>();
  private readonly derivations = new Map<string, Derivation[]>();

  constructor(documents: readonly SearchDocument[], input: EngineSettings) {
    const typo: Required<TypoToleranceSettings> =
      typeof input.typoTolerance === "object"
        ? {
            enabled: input.typoTolerance.enabled ?? true,
            minWordSizeForTypos: {
              oneTypo: input.typoTolerance.minWordSizeForTypos?.oneTypo ?? 5,
              twoTypos: input.typoTolerance.minWordSizeForTypos?.twoTypos ?? 9,
            },
            disableOnWords: input.typoTolerance.disableOnWords ?? [],
          }
        : {
            enabled: input.typoTolerance ?? true,
            minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
            disableOnWords: [],
          };
    this.settings = {
      searchableAttributes: [...input.searchableAttributes],
      filterableAttributes: [...input.filterableAttributes],
      sortableAttributes: [...input.sortableAttributes],
      rankingRules: [...(input.rankingRules ?? DEFAULT_RANKING_RULES)],
      maxValuesPerFacet: input.maxValuesPerFacet ?? 100,
      sortFacetValuesBy: { "*": "alpha", ...input.sortFacetValuesBy },
      typoTolerance: typo,
      maxTotalHits: input.maxTotalHits ?? Number.POSITIVE_INFINITY,
      displayedAttributes: [...(input.displayedAttributes ?? ["*"])],
    };
    this.rules = resolveRules(this.settings.rankingRules);
    this.exactOnly = new Set(typo.disableOnWords.map(normalizeText));

    // Meilisearch replaces a document whose id was already seen (it keeps its place).
    const byId = new Map<string, number>();
    const docs: SearchDocument[] = [];
    for (const doc of documents) {
      const id = doc?.id;
      if (typeof id !== "number" && typeof id !== "string") {
        throw new SearchEngineError(
          `Document doesn't have a \`id\` attribute: \`${JSON.stringify(doc).slice(0, 200)}\`.`,
          "missing_document_id",
        );
      }
      const key = String(id);
      const at = byId.get(key);
      if (at === undefined) {
        byId.set(key, docs.length);
        docs.push(doc);
      } else {
        docs[at] = doc;
      }
    }
    this.docs = docs;
    this.size = docs.length;

    this.searchable = input.searchableAttributes.includes("*")
      ? allAttributes(docs)
      : [...input.searchableAttributes];

    // Tokenise every searchable attribute once. Positions grow by one per word, with a gap of 8
    // between array elements so words of different values are never "next to" each other.
    const words: number[] = [];
    const attrs: number[] = [];
    const positions: number[] = [];
    const docStart = new Int32Array(docs.length + 1);
    const postings: number[][] = [];
    const lastDoc: number[] = [];
    docs.forEach((doc, d) => {
      docStart[d] = words.length;
      this.searchable.forEach((attribute, a) => {
        let position = 0;
        const found: unknown[] = [];
        valuesAtPath(doc, attribute, found);
        const addText = (text: string) => {
          for (const word of tokenizeText(text)) {
            let id = this.vocabIds.get(word);
            if (id === undefined) {
              id = this.vocab.length;
              this.vocab.push(word);
              this.vocabIds.set(word, id);
              postings.push([]);
              lastDoc.push(-1);
            }
            words.push(id);
            attrs.push(a);
            positions.push(position++);
            if (lastDoc[id] !== d) {
              (postings[id] as number[]).push(d);
              lastDoc[id] = d;
            }
          }
          position += 7;
        };
        const visit = (value: unknown) => {
          if (typeof value === "string") addText(value);
          else if (typeof value === "number" || typeof value === "boolean") addText(String(value));
          else if (Array.isArray(value)) for (const v of value) visit(v);
          else if (typeof value === "object" && value !== null)
            for (const v of Object.values(value)) visit(v);
        };
        for (const value of found) visit(value);
      });
    });
    docStart[docs.length] = words.length;
    this.tokWord = Int32Array.from(words);
    this.tokAttr = Uint16Array.from(attrs);
    this.tokPos = Uint32Array.from(positions);
    this.docStart = docStart;
    this.postings = postings.map((list) => Int32Array.from(list));
    this.sortedVocab = Int32Array.from(this.vocab.keys()).sort((x, y) => {
      const a = this.vocab[x] as string;
      const b = this.vocab[y] as string;
      return a < b ? -1 : a > b ? 1 : 0;
    });
    this.vocab.forEach((word, id) => {
      const first = String.fromCodePoint(word.codePointAt(0) as number);
      const list = this.byFirstChar.get(first);
      if (list) list.push(id);
      else this.byFirstChar.set(first, [id]);
    });
    this.wordHead = new Int32Array(this.vocab.length).fill(-1);
    this.termMask = new Uint16Array(docs.length);
  }

  clearCaches(): void {
    this.sortRanks.clear();
    this.orders.clear();
    this.derivations.clear();
    clearFilterCache();
  }

  // -- columns, sort ranks, filters -------------------------------------------------------------

  private column(attribute: string): Column {
    let column = this.columns.get(attribute);
    if (!column) {
      column = buildColumn(this.docs, attribute);
      this.columns.set(attribute, column);
    }
    return column;
  }

  /**
   * Dense rank of every document for one sort criterion: numbers before strings, missing last
   * (Meilisearch's order for both directions); arrays sort by their smallest value ascending and
   * their largest descending.
   */
  private sortRank(attribute: string, direction: "asc" | "desc"): Int32Array {
    const key = `${direction}:${attribute}`;
    let ranks = this.sortRanks.get(key);
    if (ranks) return ranks;
    const column = this.column(attribute);
    const n = this.size;
    const category = new Uint8Array(n);
    const numberKey = new Float64Array(n);
    const stringKey: string[] = new Array(n).fill("");
    const desc = direction === "desc";
    for (let d = 0; d < n; d++) {
      const values = column.values[d] as FacetValues;
      if (values.numbers.length > 0) {
        category[d] = 0;
        numberKey[d] = (desc ? column.numMax[d] : column.numMin[d]) as number;
      } else if (values.strings.length > 0) {
        category[d] = 1;
        let pick = values.strings[0] as string;
        for (const s of values.strings) if (desc ? s > pick : s < pick) pick = s;
        stringKey[d] = pick;
      } else {
        category[d] = 2;
      }
    }
    const compare = (x: number, y: number): number => {
      const cx = category[x] as number;
      const cy = category[y] as number;
      if (cx !== cy) return cx - cy;
      if (cx === 0) {
        const diff = (numberKey[x] as number) - (numberKey[y] as number);
        return desc ? -diff : diff;
      }
      if (cx === 1) {
        const a = stringKey[x] as string;
        const b = stringKey[y] as string;
        const diff = a < b ? -1 : a > b ? 1 : 0;
        return desc ? -diff : diff;
      }
      return 0;
    };
    const order = Int32Array.from({ length: n }, (_, i) => i).sort(compare);
    ranks = new Int32Array(n);
    let rank = 0;
    for (let i = 0; i < n; i++) {
      const d = order[i] as number;
      if (i > 0 && compare(order[i - 1] as number, d) !== 0) rank++;
      ranks[d] = rank;
    }
    lruSet(this.sortRanks, key, ranks, 64);
    return ranks;
  }

  private valueDocs(column: Column): Int32Array[] {
    if (column.valueDocs) return column.valueDocs;
    const counts = new Int32Array(column.keys.length);
    for (const id of column.ids) counts[id] = (counts[id] as number) + 1;
    const lists = Array.from(counts, (count) => new Int32Array(count));
    const fill = new Int32Array(column.keys.length);
    for (let d = 0; d < this.size; d++) {
      for (let k = column.start[d] as number; k < (column.start[d + 1] as number); k++) {
        const id = column.ids[k] as number;
        (lists[id] as Int32Array)[fill[id] as number] = d;
        fill[id] = (fill[id] as number) + 1;
      }
    }
    column.valueDocs = lists;
    return lists;
  }

  /**
   * Filters run as set operations on one byte per document: each condition marks the postings
   * of the facet values it selects, so cost follows the matches, not documents × conditions.
   */
  private filterMask(compiled: CompiledFilter): Uint8Array {
    const n = this.size;
    const mark = (column: Column, id: number, out: Uint8Array) => {
      for (const d of this.valueDocs(column)[id] as Int32Array) out[d] = 1;
    };
    const flag = (attribute: string, test: (values: FacetValues) => boolean) => {
      const column = this.column(attribute);
      const out = new Uint8Array(n);
      for (let d = 0; d < n; d++) if (test(column.values[d] as FacetValues)) out[d] = 1;
      return out;
    };
    const algebra: FilterAlgebra<Uint8Array> = {
      and(parts) {
        const [first, ...rest] = parts as [Uint8Array, ...Uint8Array[]];
        for (const part of rest)
          for (let d = 0; d < n; d++) first[d] = (first[d] as number) & (part[d] as number);
        return first;
      },
      or(parts) {
        if (parts.length === 0) return new Uint8Array(n);
        const [first, ...rest] = parts as [Uint8Array, ...Uint8Array[]];
        for (const part of rest)
          for (let d = 0; d < n; d++) first[d] = (first[d] as number) | (part[d] as number);
        return first;
      },
      not(part) {
        for (let d = 0; d < n; d++) part[d] = (part[d] as number) ^ 1;
        return part;
      },
      equal: (attribute, normalized, number) => {
        const column = this.column(attribute);
        const out = new Uint8Array(n);
        const stringId = column.stringIds.get(normalized);
        if (stringId !== undefined) mark(column, stringId, out);
        const numberId = number === undefined ? undefined : column.numberIds.get(number);
        if (numberId !== undefined) mark(column, numberId, out);
        return out;
      },
      range: (attribute, bounds: RangeBounds) => {
        const column = this.column(attribute);
        const out = new Uint8Array(n);
        const { alphaOrder, keys, numberCount } = column;
        const numbers = bounds.numbers;
        if (numbers) {
          // Binary search the first number >= min, then walk the sorted numbers.
          let lo = 0;
          let hi = numberCount;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if ((keys[alphaOrder[mid] as number] as number) < numbers.min) lo = mid + 1;
            else hi = mid;
          }
          for (let i = lo; i < numberCount; i++) {
            const id = alphaOrder[i] as number;
            const value = keys[id] as number;
            if (value > numbers.max) break;
            if (inNumberRange(value, numbers)) mark(column, id, out);
          }
        }
        const strings = bounds.strings;
        let lo = numberCount;
        let hi = alphaOrder.length;
        if (strings.min !== undefined) {
          const min = strings.min;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if ((keys[alphaOrder[mid] as number] as string) < min) lo = mid + 1;
            else hi = mid;
          }
        }
        for (let i = lo; i < alphaOrder.length; i++) {
          const id = alphaOrder[i] as number;
          const value = keys[id] as string;
          if (strings.max !== undefined && value > strings.max) break;
          if (inStringRange(value, strings)) mark(column, id, out);
        }
        return out;
      },
      exists: (attribute) => flag(attribute, (v) => v.exists),
      isNull: (attribute) => flag(attribute, (v) => v.isNull),
      isEmpty: (attribute) => flag(attribute, (v) => v.isEmpty),
    };
    return compiled.evaluate(algebra, () => new Uint8Array(n).fill(1));
  }

  // -- query terms ------------------------------------------------------------------------------

  private derive(text: string, isPrefix: boolean, maxTypos: number): Derivation[] {
    const key = `${isPrefix ? "p" : "w"}${maxTypos}:${text}`;
    const cached = lruGet(this.derivations, key);
    if (cached) return cached;
    const found = new Map<number, Derivation>();
    const exact = this.vocabIds.get(text);
    if (exact !== undefined) found.set(exact, { word: exact, typos: 0, prefix: false });
    if (isPrefix) {
      // Binary search the sorted vocabulary for the first word >= text, then walk the prefix run.
      let lo = 0;
      let hi = this.sortedVocab.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((this.vocab[this.sortedVocab[mid] as number] as string) < text) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < this.sortedVocab.length; i++) {
        const id = this.sortedVocab[i] as number;
        const word = this.vocab[id] as string;
        if (!word.startsWith(text)) break;
        if (!found.has(id)) found.set(id, { word: id, typos: 0, prefix: word !== text });
      }
    }
    if (maxTypos > 0) {
      const first = String.fromCodePoint(text.codePointAt(0) as number);
      for (const id of this.byFirstChar.get(first) ?? []) {
        if (found.has(id)) continue;
        const word = this.vocab[id] as string;
        const d = boundedDistance(text, word, maxTypos, isPrefix);
        if (d <= maxTypos)
          found.set(id, { word: id, typos: d, prefix: isPrefix && word.length > text.length });
      }
      if (maxTypos === 2) {
        // A typo on the first letter counts double: other first letters need distance 1.
        for (const [letter, ids] of this.byFirstChar) {
          if (letter === first) continue;
          for (const id of ids) {
            const word = this.vocab[id] as string;
            if (!isPrefix && Math.abs(word.length - text.length) > 1) continue;
            if (boundedDistance(text, word, 1, isPrefix) <= 1) {
              found.set(id, { word: id, typos: 2, prefix: isPrefix && word.length > text.length });
            }
          }
        }
      }
    }
    const list = [...found.values()];
    lruSet(this.derivations, key, list, 1024);
    return list;
  }

  private terms(parsed: ParsedQuery): Term[] {
    const { oneTypo = 5, twoTypos = 9 } = this.settings.typoTolerance.minWordSizeForTypos;
    return parsed.words.map((text, i) => {
      const isPrefix = parsed.lastIsPrefix && i === parsed.words.length - 1;
      const length = charLength(text);
      const maxTypos =
        !this.settings.typoTolerance.enabled || this.exactOnly.has(text)
          ? 0
          : length >= twoTypos
            ? 2
            : length >= oneTypo
              ? 1
              : 0;
      return { text, isPrefix, maxTypos, derivations: this.derive(text, isPrefix, maxTypos) };
    });
  }

  // -- candidates and ranking -------------------------------------------------------------------

  private attributeFilter(attributesToSearchOn: string[] | undefined): Uint8Array | undefined {
    if (!attributesToSearchOn || attributesToSearchOn.includes("*")) return undefined;
    const allowed = new Uint8Array(this.searchable.length);
    for (const attribute of attributesToSearchOn) {
      const index = this.searchable.indexOf(attribute);
      if (index === -1) {
        throw invalid(
          "invalid_search_attributes_to_search_on",
          `Attribute \`${attribute}\` is not searchable. Available searchable attributes are: \`${this.searchable.join(", ")}\`.`,
        );
      }
      allowed[index] = 1;
    }
    return allowed;
  }

  /** The order rules produce for every document when there is no query: cached per rule set. */
  private placeholderOrder(rankArrays: Int32Array[], key: string): Int32Array {
    let order = lruGet(this.orders, key);
    if (order) return order;
    const n = this.size;
    order = Int32Array.from({ length: n }, (_, i) => i);
    if (rankArrays.length > 0) {
      order.sort((x, y) => {
        for (const ranks of rankArrays) {
          const diff = (ranks[x] as number) - (ranks[y] as number);
          if (diff !== 0) return diff;
        }
        return x - y;
      });
    }
    lruSet(this.orders, key, order, 64);
    return order;
  }

  private sortCriteria(sort: string[] | undefined): { attribute: string; direction: "asc" | "desc" }[] {
    if (!sort || sort.length === 0) return [];
    if (!this.rules.some((r) => r.kind === "sort")) {
      throw invalid(
        "invalid_search_sort",
        "You must specify where `sort` is listed in the rankingRules setting to use the sort parameter at search time.",
      );
    }
    return sort.map((entry) => {
      const colon = entry.lastIndexOf(":");
      const attribute = colon === -1 ? "" : entry.slice(0, colon).trim();
      const direction = colon === -1 ? "" : entry.slice(colon + 1).trim();
      if (!attribute || (direction !== "asc" && direction !== "desc")) {
        throw invalid(
          "invalid_search_sort",
          `Invalid syntax for the sort parameter: expected expression ending by \`:asc\` or \`:desc\`, found \`${entry}\`.`,
        );
      }
      if (attribute.startsWith("_geo")) {
        throw invalid(
          "invalid_search_sort",
          `\`${attribute}\` is not supported by the embedded search engine.`,
        );
      }
      if (!isAttributeFilterable(attribute, this.settings.sortableAttributes)) {
        const available = [...this.settings.sortableAttributes].sort();
        throw invalid(
          "invalid_search_sort",
          available.length === 0
            ? `Attribute \`${attribute}\` is not sortable. This index does not have configured sortable attributes.`
            : `Attribute \`${attribute}\` is not sortable. Available sortable attributes are: \`${available.join(", ")}\`.`,
        );
      }
      return { attribute, direction };
    });
  }

  private candidates(request: SearchRequest): Candidates {
    const q = optionalString(request, "q", "invalid_search_q") ?? "";
    const strategy = request.matchingStrategy ?? "last";
    if (strategy !== "last" && strategy !== "all" && strategy !== "frequency") {
      throw invalid(
        "invalid_search_matching_strategy",
        `Unknown value \`${String(strategy)}\` at \`.matchingStrategy\`: expected one of \`last\`, \`all\`, \`frequency\``,
      );
    }
    let filter: Uint8Array | undefined;
    if (request.filter !== undefined && request.filter !== null) {
      let compiled: CompiledFilter;
      try {
        compiled = compileFilter(request.filter);
        compiled.assertFilterable(this.settings.filterableAttributes);
      } catch (error) {
        throw asEngineError(error);
      }
      if (compiled.ast) filter = this.filterMask(compiled);
    }
    const sort = this.sortCriteria(optionalStringList(request, "sort", "invalid_search_sort"));
    const attributesToSearchOn = optionalStringList(
      request,
      "attributesToSearchOn",
      "invalid_search_attributes_to_search_on",
    );
    const allowed = this.attributeFilter(attributesToSearchOn);

    // Rank arrays for sort and custom rules, in rule order.
    const orderRanks: Int32Array[] = [];
    const orderKeys: string[] = [];
    for (const rule of this.rules) {
      if (rule.kind === "sort") {
        for (const criterion of sort) {
          orderRanks.push(this.sortRank(criterion.attribute, criterion.direction));
          orderKeys.push(`${criterion.attribute}:${criterion.direction}`);
        }
      } else if (rule.kind === "custom") {
        orderRanks.push(this.sortRank(rule.attribute, rule.direction));
        orderKeys.push(`${rule.attribute}:${rule.direction}`);
      }
    }

    const parsed = parseQuery(q);
    if (parsed.words.length === 0) {
      const order = this.placeholderOrder(orderRanks, orderKeys.join("|"));
      if (!filter) return { ordered: order, terms: [] };
      const out = new Int32Array(order.length);
      let count = 0;
      for (const d of order) if (filter[d] === 1) out[count++] = d;
      return { ordered: out.subarray(0, count), terms: [] };
    }
    const terms = this.terms(parsed);
    return { ordered: this.rankQuery(terms, strategy, filter, allowed, sort.length, orderRanks), terms };
  }

  private rankQuery(
    terms: readonly Term[],
    strategy: MatchingStrategy,
    filter: Uint8Array | undefined,
    allowed: Uint8Array | undefined,
    sortCount: number,
    orderRanks: Int32Array[],
  ): Int32Array {
    // `termMask` and `wordHead` are scratch space shared by every query: always leave them clean.
    const touched: number[] = [];
    const heads: number[] = [];
    try {
      return this.rankTouched(terms, strategy, filter, allowed, sortCount, orderRanks, touched, heads);
    } finally {
      for (const word of heads) this.wordHead[word] = -1;
      for (const d of touched) this.termMask[d] = 0;
    }
  }

  private rankTouched(
    terms: readonly Term[],
    strategy: MatchingStrategy,
    filter: Uint8Array | undefined,
    allowed: Uint8Array | undefined,
    sortCount: number,
    orderRanks: Int32Array[],
    touched: number[],
    heads: number[],
  ): Int32Array {
    const T = terms.length;
    const full = (1 << T) - 1;
    const mask = this.termMask;

    // 1. Which documents contain which terms (postings of every derived word).
    const matchTerm: number[] = [];
    const matchTypos: number[] = [];
    const matchExact: boolean[] = [];
    const matchNext: number[] = [];
    const frequency = new Array<number>(T).fill(0);
    terms.forEach((term, t) => {
      const bit = 1 << t;
      for (const derivation of term.derivations) {
        const word = derivation.word;
        if (this.wordHead[word] === -1) heads.push(word);
        matchTerm.push(t);
        matchTypos.push(derivation.typos);
        matchExact.push(derivation.typos === 0 && !derivation.prefix);
        matchNext.push(this.wordHead[word] as number);
        this.wordHead[word] = matchTerm.length - 1;
        for (const d of this.postings[word] as Int32Array) {
          const m = mask[d] as number;
          if (m === 0) touched.push(d);
          if ((m & bit) === 0) {
            mask[d] = m | bit;
            frequency[t] = (frequency[t] as number) + 1;
          }
        }
      }
    });

    // 2. The term sets a document may satisfy, best first (Meilisearch's term-removal order).
    const levels: number[] = [];
    if (strategy === "all") levels.push(full);
    else if (strategy === "last") for (let k = T; k >= 1; k--) levels.push((1 << k) - 1);
    else {
      const removal = [...terms.keys()].sort(
        (a, b) => (frequency[b] as number) - (frequency[a] as number) || b - a,
      );
      let set = full;
      levels.push(set);
      for (let i = 0; i < T - 1; i++) {
        set &= ~(1 << (removal[i] as number));
        levels.push(set);
      }
    }

    // 3. Keys per rule for every qualifying document.
    const keyKinds: Rule["kind"][] = [];
    for (const rule of this.rules) {
      if (rule.kind === "sort") for (let i = 0; i < sortCount; i++) keyKinds.push("sort");
      else keyKinds.push(rule.kind);
    }
    const K = keyKinds.length;
    const docs: number[] = [];
    const keys: number[] = [];
    const bestTypos = new Int32Array(T);
    const bestAttr = new Int32Array(T);
    const bestPos = new Int32Array(T);
    const lastSeen = new Float64Array(T);
    const pairMin = new Int32Array(Math.max(T - 1, 1));
    const levelsCheck = strategy === "last" ? undefined : levels;

    for (const d of touched) {
      const preMask = mask[d] as number;
      mask[d] = 0;
      // Cheap rejections before the filter and the token scan.
      if (strategy === "all" && preMask !== full) continue;
      if (strategy === "last" && (preMask & 1) === 0) continue;
      if (filter && filter[d] !== 1) continue;

      bestTypos.fill(99);
      bestAttr.fill(0x7fff);
      bestPos.fill(0x7fffffff);
      lastSeen.fill(-1);
      pairMin.fill(8);
      let found = 0;
      let exact = 0;
      const end = this.docStart[d + 1] as number;
      for (let k = this.docStart[d] as number; k < end; k++) {
        let e = this.wordHead[this.tokWord[k] as number] as number;
        if (e === -1) continue;
        const a = this.tokAttr[k] as number;
        if (allowed && allowed[a] === 0) continue;
        const p = this.tokPos[k] as number;
        const global = a * 0x100000 + p;
        for (; e !== -1; e = matchNext[e] as number) {
          const t = matchTerm[e] as number;
          found |= 1 << t;
          const typos = matchTypos[e] as number;
          if (typos < (bestTypos[t] as number)) bestTypos[t] = typos;
          if (matchExact[e]) exact |= 1 << t;
          if (a < (bestAttr[t] as number) || (a === bestAttr[t] && p < (bestPos[t] as number))) {
            bestAttr[t] = a;
            bestPos[t] = p;
          }
          // Proximity of consecutive query words: in order costs the gap, reversed one more.
          if (t > 0 && (lastSeen[t - 1] as number) >= 0) {
            const gap = global - (lastSeen[t - 1] as number);
            if (gap < (pairMin[t - 1] as number)) pairMin[t - 1] = gap;
          }
          if (t < T - 1 && (lastSeen[t + 1] as number) >= 0) {
            const gap = global - (lastSeen[t + 1] as number) + 1;
            if (gap < (pairMin[t] as number)) pairMin[t] = gap;
          }
          lastSeen[t] = global;
        }
      }
      let kept = 0;
      if (levelsCheck) {
        for (const level of levelsCheck) {
          if ((found & level) === level) {
            kept = level;
            break;
          }
        }
      } else {
        let k = 0;
        while (k < T && (found >> k) & 1) k++;
        kept = k === 0 ? 0 : (1 << k) - 1;
      }
      if (kept === 0) continue;

      let typoSum = 0;
      let attrSum = 0;
      let posSum = 0;
      let proximity = 0;
      for (let t = 0; t < T; t++) {
        if (((kept >> t) & 1) === 0) continue;
        typoSum += bestTypos[t] as number;
        attrSum += bestAttr[t] as number;
        posSum += bestPos[t] as number;
        if (t < T - 1 && (kept >> (t + 1)) & 1) proximity += Math.min(pairMin[t] as number, 8);
      }
      docs.push(d);
      // Sort and custom rules read their rank arrays in rule order, as `candidates` built them.
      let orderIndex = 0;
      for (const kind of keyKinds) {
        switch (kind) {
          case "words":
            keys.push(-popcount(kept));
            break;
          case "typo":
            keys.push(typoSum);
            break;
          case "proximity":
            keys.push(proximity);
            break;
          case "attributeRank":
            keys.push(attrSum);
            break;
          case "wordPosition":
            keys.push(posSum);
            break;
          case "exactness":
            keys.push(-popcount(exact & kept));
            break;
          case "sort":
            keys.push((orderRanks[orderIndex++] as Int32Array)[d] as number);
            break;
          case "custom":
            keys.push((orderRanks[orderIndex++] as Int32Array)[d] as number);
            break;
        }
      }
    }

    const index = Int32Array.from(docs.keys());
    index.sort((x, y) => {
      const bx = x * K;
      const by = y * K;
      for (let i = 0; i < K; i++) {
        const diff = (keys[bx + i] as number) - (keys[by + i] as number);
        if (diff !== 0) return diff;
      }
      return (docs[x] as number) - (docs[y] as number);
    });
    const ordered = new Int32Array(index.length);
    for (let i = 0; i < index.length; i++) ordered[i] = docs[index[i] as number] as number;
    return ordered;
  }

  // -- facets -----------------------------------------------------------------------------------

  private facetNames(facets: string[] | undefined): string[] | undefined {
    if (!facets) return undefined;
    const filterable = this.settings.filterableAttributes;
    if (facets.includes("*")) return filterable.filter((f) => f !== "*");
    for (const facet of facets) {
      if (!isAttributeFilterable(facet, filterable)) {
        const available = [...filterable].sort();
        throw invalid(
          "invalid_search_facets",
          available.length === 0
            ? `Invalid facet distribution, attribute \`${facet}\` is not filterable. This index does not have configured filterable attributes.`
            : `Invalid facet distribution, attribute \`${facet}\` is not filterable. The available filterable attributes are \`${available.join(", ")}\`.`,
        );
      }
    }
    return [...new Set(facets)];
  }

  private facetOrder(attribute: string): FacetOrder {
    return this.settings.sortFacetValuesBy[attribute] ?? this.settings.sortFacetValuesBy["*"] ?? "alpha";
  }

  /** Documents per value id among `docs`. */
  private countValues(column: Column, docs: Int32Array): Int32Array {
    const counts = new Int32Array(column.keys.length);
    const { single, start, ids } = column;
    if (single) {
      for (let i = 0; i < docs.length; i++) {
        const id = single[docs[i] as number] as number;
        if (id >= 0) counts[id] = (counts[id] as number) + 1;
      }
      return counts;
    }
    for (let i = 0; i < docs.length; i++) {
      const d = docs[i] as number;
      const end = start[d + 1] as number;
      for (let k = start[d] as number; k < end; k++) {
        const id = ids[k] as number;
        counts[id] = (counts[id] as number) + 1;
      }
    }
    return counts;
  }

  /** Value ids with a count, in the attribute's facet order, at most `limit` of them. */
  private orderedValueIds(column: Column, counts: Int32Array, order: FacetOrder, limit: number): number[] {
    const present: number[] = [];
    if (order === "alpha") {
      for (const id of column.alphaOrder) {
        if (present.length >= limit) break;
        if ((counts[id] as number) > 0) present.push(id);
      }
      return present;
    }
    for (let i = 0; i < column.alphaOrder.length; i++) {
      if ((counts[column.alphaOrder[i] as number] as number) > 0) present.push(i);
    }
    // `present` holds alphabetical positions: sort by count, ties alphabetically.
    present.sort(
      (x, y) =>
        (counts[column.alphaOrder[y] as number] as number) -
          (counts[column.alphaOrder[x] as number] as number) || x - y,
    );
    return present.slice(0, limit).map((i) => column.alphaOrder[i] as number);
  }

  private facets(names: string[], docs: Int32Array): { distribution: FacetDistribution; stats: FacetStats } {
    const distribution: FacetDistribution = {};
    const stats: FacetStats = {};
    const max = this.settings.maxValuesPerFacet;
    for (const name of names) {
      const column = this.column(name);
      const counts = this.countValues(column, docs);
      const values: Record<string, number> = {};
      for (const id of this.orderedValueIds(column, counts, this.facetOrder(name), max)) {
        values[column.labels[id] as string] = counts[id] as number;
      }
      distribution[name] = values;
      if (column.numberCount === 0) continue;
      let lo = Number.POSITIVE_INFINITY;
      let hi = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < docs.length; i++) {
        const d = docs[i] as number;
        const a = column.numMin[d] as number;
        const b = column.numMax[d] as number;
        if (a < lo) lo = a;
        if (b > hi) hi = b;
      }
      if (lo !== Number.POSITIVE_INFINITY) stats[name] = { min: lo, max: hi };
    }
    return { distribution, stats };
  }

  // -- hits -------------------------------------------------------------------------------------

  private formatHits(docs: ArrayLike<number>, request: SearchRequest, terms: readonly Term[]): Hit[] {
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
    const displayed = this.settings.displayedAttributes;
    const options: FormatOptions = {
      matcher: terms.length > 0 ? makeMatcher(terms, this.exactOnly) : undefined,
      pre: optionalString(request, "highlightPreTag", "invalid_search_highlight_pre_tag") ?? "<em>",
      post: optionalString(request, "highlightPostTag", "invalid_search_highlight_post_tag") ?? "</em>",
      marker: optionalString(request, "cropMarker", "invalid_search_crop_marker") ?? "…",
    };
    const hits: Hit[] = [];
    for (let i = 0; i < docs.length; i++) {
      const doc = this.docs[docs[i] as number] as SearchDocument;
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
  }

  // -- API --------------------------------------------------------------------------------------

  search(_indexUid: string, request: SearchRequest = {}): SearchResponse {
    const started = now();
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      throw invalid(
        "bad_request",
        `Invalid value type: expected an object, but found ${describeValue(request)}`,
      );
    }
    const offset = optionalCount(request, "offset", "invalid_search_offset");
    const limit = optionalCount(request, "limit", "invalid_search_limit");
    const page = optionalCount(request, "page", "invalid_search_page");
    const hitsPerPage = optionalCount(request, "hitsPerPage", "invalid_search_hits_per_page");
    const facetNames = this.facetNames(optionalStringList(request, "facets", "invalid_search_facets"));
    const { ordered, terms } = this.candidates(request);

    const maxTotal = this.settings.maxTotalHits;
    const total = Math.min(ordered.length, maxTotal);
    const q = typeof request.q === "string" ? request.q : "";
    let response: SearchResponse;
    if (page !== undefined || hitsPerPage !== undefined) {
      // Page mode: exhaustive totals; page 0 and hitsPerPage 0 return no hits (Meilisearch).
      const perPage = hitsPerPage ?? 20;
      const currentPage = page ?? 1;
      const from = currentPage === 0 ? total : Math.min((currentPage - 1) * perPage, total);
      const to = Math.min(from + perPage, total);
      response = {
        hits: this.formatHits(ordered.subarray(from, to), request, terms),
        query: q,
        processingTimeMs: 0,
        hitsPerPage: perPage,
        page: currentPage,
        totalPages: perPage === 0 ? 0 : Math.ceil(total / perPage),
        totalHits: total,
      };
    } else {
      const from = Math.min(offset ?? 0, total);
      const to = Math.min(from + (limit ?? 20), total);
      response = {
        hits: this.formatHits(ordered.subarray(from, to), request, terms),
        query: q,
        processingTimeMs: 0,
        limit: limit ?? 20,
        offset: offset ?? 0,
        estimatedTotalHits: total,
      };
    }
    if (facetNames) {
      const { distribution, stats } = this.facets(facetNames, ordered);
      response.facetDistribution = distribution;
      response.facetStats = stats;
    }
    response.processingTimeMs = Math.floor(now() - started);
    return response;
  }

  multiSearch(request: { queries: MultiSearchQuery[] }): MultiSearchResponse {
    if (!request || !Array.isArray(request.queries)) {
      throw invalid("bad_request", "Missing field `queries`");
    }
    if ("federation" in request && (request as { federation?: unknown }).federation != null) {
      throw invalid("bad_request", "Federated multi-search is not supported by the embedded search engine.");
    }
    return {
      results: request.queries.map((query, i) => {
        try {
          if (!query || typeof query.indexUid !== "string") {
            throw invalid("missing_index_uid", "Missing field `indexUid`");
          }
          const { indexUid, ...rest } = query;
          return { indexUid, ...this.search(indexUid, rest) };
        } catch (error) {
          throw prefixError(error, i);
        }
      }),
    };
  }

  facetSearch(_indexUid: string, request: FacetSearchRequest): FacetSearchResponse {
    const started = now();
    const facetName = request?.facetName;
    if (typeof facetName !== "string")
      throw invalid("missing_facet_search_facet_name", "Missing field `facetName`");
    if (!isAttributeFilterable(facetName, this.settings.filterableAttributes)) {
      throw invalid(
        "invalid_facet_search_facet_name",
        `Attribute \`${facetName}\` is not facet-searchable. Available facet-searchable attributes are: \`${[...this.settings.filterableAttributes].sort().join(", ")}\`. To make it facet-searchable add it to the \`filterableAttributes\` index settings.`,
      );
    }
    const facetQuery = typeof request.facetQuery === "string" ? request.facetQuery : null;
    const { ordered } = this.candidates({
      q: request.q ?? null,
      filter: request.filter ?? null,
      matchingStrategy: request.matchingStrategy ?? null,
      attributesToSearchOn: request.attributesToSearchOn ?? null,
    });
    const column = this.column(facetName);
    const counts = this.countValues(column, ordered);
    const queryWords = facetQuery ? tokenizeText(facetQuery) : [];
    const facetHits: { value: string; count: number }[] = [];
    for (const id of this.orderedValueIds(
      column,
      counts,
      this.facetOrder(facetName),
      Number.POSITIVE_INFINITY,
    )) {
      if (facetHits.length >= this.settings.maxValuesPerFacet) break;
      const value = column.labels[id] as string;
      if (queryWords.length > 0) {
        // Every query word must begin some word of the value ("lan cru" finds "Land Cruiser").
        const valueWords = tokenizeText(value);
        if (!queryWords.every((q) => valueWords.some((w) => w.startsWith(q)))) continue;
      }
      facetHits.push({ value, count: counts[id] as number });
    }
    return { facetHits, facetQuery, processingTimeMs: Math.floor(now() - started) };
  }
}

function allAttributes(docs: readonly SearchDocument[]): string[] {
  const seen = new Set<string>();
  for (const doc of docs) for (const key of Object.keys(doc)) seen.add(key);
  return [...seen];
}

function prefixError(error: unknown, index: number): unknown {
  const converted = asEngineError(error);
  if (converted instanceof SearchEngineError) {
    return new SearchEngineError(
      `Inside \`.queries[${index}]\`: ${converted.message}`,
      converted.code,
      converted.httpStatus,
      converted.type,
    );
  }
  return converted;
}

/** Builds the in-memory index. Throws if a document has no `id`. */
export function createEngine(documents: readonly SearchDocument[], settings: EngineSettings): SearchEngine {
  return new Engine(documents, settings);
}

// ---------------------------------------------------------------------------------------------
// meilisearch-js custom HTTP client

/** An engine, or a loader that builds one per index uid (e.g. fetching the emitted index file). */
export type EngineSource =
  | SearchEngine
  | ((indexUid: string) => SearchEngine | undefined | null | Promise<SearchEngine | undefined | null>);

/** What meilisearch-js passes as `init` (a `RequestInit`); only method and body are read. */
export interface HttpClientInit {
  method?: string;
  body?: unknown;
}

/** meilisearch-js's `httpClient(url, init)`: resolves to the parsed JSON body. */
export type SearchHttpClient = (
  url: string | URL | { url: string },
  init?: HttpClientInit,
) => Promise<unknown>;

function parseBody(body: unknown): unknown {
  if (body === undefined || body === null || body === "") return {};
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new SearchEngineError(
      `The json payload provided is malformed. \`${error instanceof Error ? error.message : String(error)}\`.`,
      "malformed_payload",
    );
  }
}

/** GET `/indexes/{uid}/search?q=…`: query-string parameters (lists are comma-separated). */
function searchParamsToRequest(params: URLSearchParams): SearchRequest {
  const request: SearchRequest = {};
  const lists = [
    "facets",
    "sort",
    "attributesToRetrieve",
    "attributesToHighlight",
    "attributesToCrop",
    "attributesToSearchOn",
  ];
  const numbers = ["offset", "limit", "page", "hitsPerPage", "cropLength"];
  for (const [key, value] of params) {
    if (lists.includes(key)) request[key] = value.split(",").filter(Boolean);
    else if (numbers.includes(key)) request[key] = /^\d+$/.test(value) ? Number(value) : value;
    else request[key] = value;
  }
  return request;
}

/**
 * The `httpClient` to pass to `instantMeiliSearch(host, key, { httpClient })` (or to
 * `new MeiliSearch({ host, httpClient })`). It answers `POST /multi-search`,
 * `POST|GET /indexes/{uid}/search`, `POST /indexes/{uid}/facet-search`, `GET /indexes/{uid}`,
 * `GET /indexes/{uid}/settings`, `GET /health` and `GET /version`, and returns parsed JSON.
 * Failures are thrown as `SearchEngineError` (Meilisearch's `{ message, code, type, link }`).
 */
export function createHttpClient(source: EngineSource): SearchHttpClient {
  const loaded = new Map<string, Promise<SearchEngine>>();
  const engineFor = (uid: string): Promise<SearchEngine> => {
    if (typeof source !== "function") return Promise.resolve(source);
    let pending = loaded.get(uid);
    if (!pending) {
      pending = Promise.resolve(source(uid)).then((engine) => {
        if (!engine) {
          loaded.delete(uid);
          throw new SearchEngineError(`Index \`${uid}\` not found.`, "index_not_found", 404);
        }
        return engine;
      });
      pending.catch(() => loaded.delete(uid));
      loaded.set(uid, pending);
    }
    return pending;
  };

  return async (input, init = {}) => {
    try {
      const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, "http://embedded.search");
      const method = (init.method ?? "GET").toUpperCase();
      const path = url.pathname.replace(/\/+$/, "");
      const index = /\/indexes\/([^/]+)(\/.*)?$/.exec(path);

      if (/\/multi-search$/.test(path) && method === "POST") {
        const body = parseBody(init.body) as { queries?: MultiSearchQuery[]; federation?: unknown };
        if (!body || !Array.isArray(body.queries)) throw invalid("bad_request", "Missing field `queries`");
        if (body.federation != null) {
          throw invalid(
            "bad_request",
            "Federated multi-search is not supported by the embedded search engine.",
          );
        }
        const results = [];
        for (const [i, query] of body.queries.entries()) {
          try {
            if (!query || typeof query.indexUid !== "string")
              throw invalid("missing_index_uid", "Missing field `indexUid`");
            const { indexUid, ...rest } = query;
            const engine = await engineFor(indexUid);
            results.push({ indexUid, ...engine.search(indexUid, rest) });
          } catch (error) {
            throw prefixError(error, i);
          }
        }
        return { results };
      }
      if (index) {
        const uid = decodeURIComponent(index[1] as string);
        const rest = index[2] ?? "";
        if (rest === "/search" && (method === "POST" || method === "GET")) {
          const engine = await engineFor(uid);
          const request =
            method === "POST"
              ? (parseBody(init.body) as SearchRequest)
              : searchParamsToRequest(url.searchParams);
          return engine.search(uid, request);
        }
        if (rest === "/facet-search" && method === "POST") {
          const engine = await engineFor(uid);
          return engine.facetSearch(uid, parseBody(init.body) as FacetSearchRequest);
        }
        if (rest === "/settings" && method === "GET") {
          const { settings } = await engineFor(uid);
          return {
            displayedAttributes: settings.displayedAttributes,
            searchableAttributes: settings.searchableAttributes,
            filterableAttributes: settings.filterableAttributes,
            sortableAttributes: settings.sortableAttributes,
            rankingRules: settings.rankingRules,
            typoTolerance: { ...settings.typoTolerance, disableOnAttributes: [] },
            faceting: {
              maxValuesPerFacet: settings.maxValuesPerFacet,
              sortFacetValuesBy: settings.sortFacetValuesBy,
            },
            pagination: {
              maxTotalHits: Number.isFinite(settings.maxTotalHits)
                ? settings.maxTotalHits
                : Number.MAX_SAFE_INTEGER,
            },
          };
        }
        if (rest === "" && method === "GET") {
          await engineFor(uid);
          const at = new Date(0).toISOString();
          return { uid, primaryKey: "id", createdAt: at, updatedAt: at };
        }
      }
      if (/\/health$/.test(path) && method === "GET") return { status: "available" };
      if (/\/version$/.test(path) && method === "GET") {
        return { commitSha: "embedded", commitDate: new Date(0).toISOString(), pkgVersion: "embedded" };
      }
      throw new SearchEngineError(
        `The embedded search engine does not answer \`${method} ${path || "/"}\`.`,
        "not_found",
        404,
      );
    } catch (error) {
      throw asEngineError(error);
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Benchmark (used by `npm run bench`, ARCHITECTURE.md §9)

const BENCH_FACETS = [
  "make",
  "model",
  "car_type",
  "simple_body",
  "colour",
  "year",
  "price",
  "km",
  "location_name",
  "tags",
];

/** The fixed query mix of the search benchmark (car search documents). */
export const DEFAULT_BENCH_QUERIES: readonly SearchRequest[] = [
  {
    q: "",
    filter: ['"car_type"="used"', '"price">=10000'],
    facets: BENCH_FACETS,
    sort: ["price:asc"],
    hitsPerPage: 21,
    page: 2,
    attributesToHighlight: ["*"],
  },
  { q: "toyota hilux sr5", facets: BENCH_FACETS, hitsPerPage: 21, page: 1, attributesToHighlight: ["*"] },
  { q: "corola", hitsPerPage: 21, page: 1, attributesToHighlight: ["*"] },
  { q: "", filter: "price 10000 TO 20000", facets: ["make", "price"], hitsPerPage: 21, page: 1 },
];

/** Settings for car search documents when the caller has none. */
export const DEFAULT_CAR_SEARCH_SETTINGS: EngineSettings = {
  searchableAttributes: [
    "make",
    "model",
    "badge",
    "year",
    "simple_body",
    "colour",
    "tags",
    "location_name",
    "stocknum",
  ],
  filterableAttributes: [
    "make",
    "model",
    "badge",
    "car_type",
    "status",
    "simple_body",
    "colour",
    "year",
    "price",
    "km",
    "location_name",
    "tags",
  ],
  sortableAttributes: ["price", "km", "year", "rank", "created_at"],
};

export interface BenchmarkResult {
  /** Milliseconds per query. */
  p50: number;
  p95: number;
  max: number;
  mean: number;
  runs: number;
  /** Time to build the index, ms. */
  buildMs: number;
  /** The floor: one pass touching every document once (what any full scan pays), ms. */
  floorP50: number;
  floorP95: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

/**
 * Runs the query mix `rounds` times (after `warmup` rounds) against an engine built over
 * `documents` and returns per-query latency percentiles in milliseconds.
 */
export function searchBenchmark(
  documents: readonly SearchDocument[],
  queries: readonly SearchRequest[] = DEFAULT_BENCH_QUERIES,
  options: { settings?: EngineSettings; rounds?: number; warmup?: number } = {},
): BenchmarkResult {
  const builtAt = now();
  const engine = createEngine(documents, options.settings ?? DEFAULT_CAR_SEARCH_SETTINGS);
  const buildMs = now() - builtAt;
  const rounds = options.rounds ?? 40;
  const warmup = options.warmup ?? 3;
  for (let r = 0; r < warmup; r++) for (const query of queries) engine.search("bench", query);
  const times: number[] = [];
  const floor: number[] = [];
  let sink = 0;
  for (let r = 0; r < rounds; r++) {
    for (const query of queries) {
      const t0 = now();
      engine.search("bench", query);
      times.push(now() - t0);
      const t1 = now();
      for (const doc of documents) if (doc.id === sink) sink++;
      floor.push(now() - t1);
    }
  }
  times.sort((a, b) => a - b);
  floor.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times[times.length - 1] ?? 0),
    mean: round(times.reduce((a, b) => a + b, 0) / Math.max(times.length, 1)),
    runs: times.length,
    buildMs: round(buildMs),
    floorP50: round(percentile(floor, 50)),
    floorP95: round(percentile(floor, 95)),
  };
}

// Re-exported so callers need only this module.
export { compileFilter, FilterSyntaxError, filterKey };
