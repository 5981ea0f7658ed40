/**
 * Meilisearch filter expressions for the embedded search engine (ARCHITECTURE.md §5).
 *
 * The grammar and the evaluation rules follow Meilisearch's own `filter-parser` crate and milli's
 * filter evaluation, so a filter string that works against a Meilisearch server gives the same
 * documents here:
 *
 *   filter     = expression EOF
 *   expression = and ("OR" and)*                    -- NOT binds tighter than AND, AND tighter than OR
 *   and        = not ("AND" not)*
 *   not        = "NOT" not | primary
 *   primary    = "(" expression ")" | condition
 *   condition  = value ("=" | "!=" | ">" | ">=" | "<" | "<=") value
 *              | value ["NOT"] "IN" "[" value ("," value)* ","? "]"
 *              | value ["NOT"] "EXISTS" | value "IS" ["NOT"] ("NULL" | "EMPTY")
 *              | value value "TO" value
 *   value      = word | 'single quoted' | "double quoted"   -- backslash escapes inside quotes
 *   word       = (alphanumeric | "_" | "-" | ".")+, never a bare keyword
 *
 * Keywords are upper-case only, as in Meilisearch (`and` is a value, not an operator).
 * Evaluation (milli semantics): strings compare on their trimmed, NFKD, lower-cased form; a value
 * that parses as a finite number also matches numeric facets; `<`/`>`/`TO` compare numbers
 * numerically and strings lexicographically; an array attribute matches when any element does;
 * `!=`, `NOT …` and `NOT IN` are complements (so they keep documents without the attribute).
 *
 * No DOM and no Node APIs: this runs in the browser bundle and in Node.
 */

/** A filter as the Meilisearch API accepts it: a string, or an array (outer AND, inner OR). */
export type FilterExpression = string | readonly (string | readonly string[])[];

const ERROR_LINK = "https://docs.meilisearch.com/errors#invalid_search_filter";

/** A malformed filter, shaped like Meilisearch's `invalid_search_filter` error. */
export class FilterSyntaxError extends Error {
  readonly code = "invalid_search_filter";
  readonly type = "invalid_request";
  readonly link = ERROR_LINK;
  readonly httpStatus = 400;

  constructor(message: string) {
    super(message);
    this.name = "FilterSyntaxError";
  }

  toJSON(): { message: string; code: string; type: string; link: string } {
    return { message: this.message, code: this.code, type: this.type, link: this.link };
  }
}

// ---------------------------------------------------------------------------------------------
// AST

export type ComparisonOperator = "=" | "!=" | ">" | ">=" | "<" | "<=";

/** Where an attribute token sits in its filter string (for "not filterable" messages). */
interface Span {
  readonly source: string;
  readonly start: number;
  readonly end: number;
}

export type FilterNode =
  | { readonly kind: "and"; readonly children: readonly FilterNode[] }
  | { readonly kind: "or"; readonly children: readonly FilterNode[] }
  | { readonly kind: "not"; readonly child: FilterNode }
  | {
      readonly kind: "compare";
      readonly attribute: string;
      readonly op: ComparisonOperator;
      readonly value: string;
      readonly span: Span;
    }
  | {
      readonly kind: "range";
      readonly attribute: string;
      readonly from: string;
      readonly to: string;
      readonly span: Span;
    }
  | {
      readonly kind: "in";
      readonly attribute: string;
      readonly values: readonly string[];
      readonly span: Span;
    }
  | { readonly kind: "exists" | "null" | "empty"; readonly attribute: string; readonly span: Span };

type ConditionNode = Extract<FilterNode, { span: Span }>;

// ---------------------------------------------------------------------------------------------
// Tokenizer

type TokenKind = "word" | "string" | "op" | "(" | ")" | "[" | "]" | "," | "invalid" | "eof";

interface Token {
  readonly kind: TokenKind;
  /** Unescaped value for words/strings, the operator for ops. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const KEYWORDS = new Set([
  "AND",
  "OR",
  "IN",
  "NOT",
  "TO",
  "EXISTS",
  "IS",
  "NULL",
  "EMPTY",
  "CONTAINS",
  "STARTS",
  "WITH",
  "_geoRadius",
  "_geoBoundingBox",
]);

const WORD_CHAR = /[\p{Alphabetic}\p{N}_.-]/u;
const SPACE = /\s/u;
/** Characters that end an unrecognised run (Meilisearch's `is_syntax_component`). */
const SYNTAX_CHAR = /[\s()=<>!]/u;

/** The escapes Meilisearch's unescaper understands after quote-unescaping. */
function unescapeQuoted(raw: string, quote: string, source: string, start: number): string {
  if (!raw.includes("\\")) return raw;
  let out = "";
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = raw[++i];
    switch (next) {
      case quote:
      case "\\":
      case "'":
      case '"':
      case "/":
        out += next;
        break;
      case "n":
        out += "\n";
        break;
      case "t":
        out += "\t";
        break;
      case "r":
        out += "\r";
        break;
      case "b":
        out += "\b";
        break;
      case "f":
        out += "\f";
        break;
      case "0":
        out += "\0";
        break;
      case "u": {
        const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(raw.slice(i + 1));
        const plain = /^[0-9a-fA-F]{4}/.exec(raw.slice(i + 1));
        const hex = braced?.[1] ?? plain?.[0];
        const code = hex === undefined ? Number.NaN : Number.parseInt(hex, 16);
        if (Number.isNaN(code) || code > 0x10ffff) {
          throw syntaxError(`Found an invalid escaped sequence number: \`${raw}\`.`, source, start, raw);
        }
        out += String.fromCodePoint(code);
        i += braced ? (braced[0] as string).length : 4;
        break;
      }
      default:
        throw syntaxError(`Malformed value: \`${raw}\`.`, source, start, raw);
    }
  }
  return out;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (SPACE.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === "'" || c === '"') {
      // Scan to the matching unescaped quote; a backslash always escapes the next character.
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === "\\" ? 2 : 1;
      if (j >= source.length) {
        throw syntaxError(
          `Expression \`${source.slice(start)}\` is missing the following closing delimiter: \`${c}\`.`,
          source,
          start,
          source.slice(start),
        );
      }
      const raw = source.slice(i + 1, j);
      tokens.push({ kind: "string", text: unescapeQuoted(raw, c, source, i + 1), start, end: j + 1 });
      i = j + 1;
      continue;
    }
    if (c === "<" || c === ">" || c === "!" || c === "=") {
      const two = source.slice(i, i + 2);
      if (two === "<=" || two === ">=" || two === "!=") {
        tokens.push({ kind: "op", text: two, start, end: i + 2 });
        i += 2;
      } else if (c === "!") {
        tokens.push({ kind: "invalid", text: "!", start, end: i + 1 });
        i++;
      } else {
        tokens.push({ kind: "op", text: c, start, end: i + 1 });
        i++;
      }
      continue;
    }
    if (c === "(" || c === ")" || c === "[" || c === "]" || c === ",") {
      tokens.push({ kind: c, text: c, start, end: i + 1 });
      i++;
      continue;
    }
    const cp = source.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    if (WORD_CHAR.test(ch)) {
      let j = i;
      while (j < source.length) {
        const w = String.fromCodePoint(source.codePointAt(j) as number);
        if (!WORD_CHAR.test(w)) break;
        j += w.length;
      }
      tokens.push({ kind: "word", text: source.slice(i, j), start, end: j });
      i = j;
      continue;
    }
    // Something that is neither syntax nor a value: keep the whole run for the error message.
    let j = i;
    while (j < source.length) {
      const w = String.fromCodePoint(source.codePointAt(j) as number);
      if (SYNTAX_CHAR.test(w)) break;
      j += w.length;
    }
    tokens.push({ kind: "invalid", text: source.slice(i, j), start, end: j });
    i = j;
  }
  tokens.push({ kind: "eof", text: "", start: source.length, end: source.length });
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Errors with Meilisearch's "message\n{start}:{end} {filter}" trailer (1-based character columns).

function column(source: string, offset: number): number {
  let count = 1;
  for (const _ of source.slice(0, offset)) count++;
  return count;
}

function syntaxError(message: string, source: string, start: number, fragment: string): FilterSyntaxError {
  const from = column(source, start);
  let size = 0;
  for (const _ of fragment) size++;
  return new FilterSyntaxError(`${message}\n${from}:${from + size} ${source}`);
}

const EXPECTED_OPERATION =
  "Was expecting an operation `=`, `!=`, `>=`, `>`, `<=`, `<`, `IN`, `NOT IN`, `TO`, `EXISTS`, `NOT EXISTS`, `IS NULL`, `IS NOT NULL`, `IS EMPTY`, `IS NOT EMPTY`, `_geoRadius`, or `_geoBoundingBox`";

// ---------------------------------------------------------------------------------------------
// Parser (recursive descent over the token list)

const MAX_DEPTH = 200;

class Parser {
  private index = 0;
  private readonly tokens: Token[];

  constructor(private readonly source: string) {
    this.tokens = tokenize(source);
  }

  parse(): FilterNode {
    const node = this.expression(0);
    const rest = this.peek();
    if (rest.kind !== "eof") {
      const fragment = this.source.slice(rest.start).trimEnd();
      throw syntaxError(
        `Found unexpected characters at the end of the filter: \`${fragment}\`. You probably forgot an \`OR\` or an \`AND\` rule.`,
        this.source,
        rest.start,
        fragment,
      );
    }
    return node;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== "eof") this.index++;
    return token;
  }

  private isKeyword(token: Token, keyword: string): boolean {
    return token.kind === "word" && token.text === keyword;
  }

  private depthGuard(depth: number): void {
    if (depth > MAX_DEPTH) {
      throw syntaxError(
        "The filter exceeded the maximum depth limit. Try rewriting the filter so that it contains fewer nested conditions.",
        this.source,
        0,
        this.source,
      );
    }
  }

  private expression(depth: number): FilterNode {
    this.depthGuard(depth);
    const children = [this.and(depth + 1)];
    while (this.isKeyword(this.peek(), "OR")) {
      this.next();
      children.push(this.and(depth + 1));
    }
    return children.length === 1 ? (children[0] as FilterNode) : { kind: "or", children };
  }

  private and(depth: number): FilterNode {
    this.depthGuard(depth);
    const children = [this.not(depth + 1)];
    while (this.isKeyword(this.peek(), "AND")) {
      this.next();
      children.push(this.not(depth + 1));
    }
    return children.length === 1 ? (children[0] as FilterNode) : { kind: "and", children };
  }

  private not(depth: number): FilterNode {
    this.depthGuard(depth);
    if (this.isKeyword(this.peek(), "NOT")) {
      this.next();
      const inner = this.not(depth + 1);
      // `NOT NOT x` is `x`, as in Meilisearch.
      return inner.kind === "not" ? inner.child : { kind: "not", child: inner };
    }
    return this.primary(depth + 1);
  }

  private invalidPrimary(start: number): FilterSyntaxError {
    const fragment = this.source.slice(start);
    const text = fragment.trim() === "" ? "but instead got nothing." : `at \`${fragment}\`.`;
    return syntaxError(`${EXPECTED_OPERATION} ${text}`, this.source, start, fragment);
  }

  private primary(depth: number): FilterNode {
    const first = this.peek();
    if (first.kind === "(") {
      this.next();
      const inner = this.expression(depth + 1);
      if (this.peek().kind !== ")") {
        const fragment = this.source.slice(first.start);
        throw syntaxError(
          `Expression \`${fragment}\` is missing the following closing delimiter: \`)\`.`,
          this.source,
          first.start,
          fragment,
        );
      }
      this.next();
      return inner;
    }
    if (first.kind === "word" && /^_geo(Radius|BoundingBox|Point|Polygon|Distance)?$/.test(first.text)) {
      throw syntaxError(
        `\`${first.text}\` is not supported by the embedded search engine: there is no \`_geo\` attribute.`,
        this.source,
        first.start,
        first.text,
      );
    }
    if (first.kind === "eof" || first.kind === ")" || (first.kind === "word" && KEYWORDS.has(first.text))) {
      throw this.invalidPrimary(first.start);
    }
    if (first.kind !== "word" && first.kind !== "string") {
      throw this.expectedValue(first);
    }
    this.next();
    const attribute = first.text;
    const span: Span = { source: this.source, start: first.start, end: first.end };
    const op = this.peek();

    if (op.kind === "op") {
      this.next();
      const value = this.value();
      if (op.text === "!=") {
        return { kind: "not", child: { kind: "compare", attribute, op: "=", value, span } };
      }
      return { kind: "compare", attribute, op: op.text as ComparisonOperator, value, span };
    }
    if (this.isKeyword(op, "IN")) {
      this.next();
      return { kind: "in", attribute, values: this.valueList(), span };
    }
    if (this.isKeyword(op, "NOT")) {
      const after = this.peek(1);
      if (this.isKeyword(after, "IN")) {
        this.next();
        this.next();
        return { kind: "not", child: { kind: "in", attribute, values: this.valueList(), span } };
      }
      if (this.isKeyword(after, "EXISTS")) {
        this.next();
        this.next();
        return { kind: "not", child: { kind: "exists", attribute, span } };
      }
      throw this.invalidPrimary(first.start);
    }
    if (this.isKeyword(op, "EXISTS")) {
      this.next();
      return { kind: "exists", attribute, span };
    }
    if (this.isKeyword(op, "IS")) {
      const negated = this.isKeyword(this.peek(1), "NOT");
      const what = this.peek(negated ? 2 : 1);
      if (this.isKeyword(what, "NULL") || this.isKeyword(what, "EMPTY")) {
        this.index += negated ? 3 : 2;
        const node: FilterNode = { kind: what.text === "NULL" ? "null" : "empty", attribute, span };
        return negated ? { kind: "not", child: node } : node;
      }
      throw this.invalidPrimary(first.start);
    }
    if ((op.kind === "word" && !KEYWORDS.has(op.text)) || op.kind === "string") {
      // `attribute from TO to`
      if (this.isKeyword(this.peek(1), "TO")) {
        this.next();
        this.next();
        const to = this.value();
        return { kind: "range", attribute, from: op.text, to, span };
      }
    }
    throw this.invalidPrimary(first.start);
  }

  private expectedValue(token: Token): FilterSyntaxError {
    if (token.kind === "eof" || token.text.trim() === "") {
      return syntaxError("Was expecting a value but instead got nothing.", this.source, token.start, "");
    }
    if (token.kind === "word" && KEYWORDS.has(token.text)) {
      return syntaxError(
        `Was expecting a value but instead got \`${token.text}\`, which is a reserved keyword. To use \`${token.text}\` as a field name or a value, surround it by quotes.`,
        this.source,
        token.start,
        token.text,
      );
    }
    return syntaxError(
      `Was expecting a value but instead got \`${token.text}\`.`,
      this.source,
      token.start,
      token.text,
    );
  }

  private value(): string {
    const token = this.peek();
    if (token.kind === "string" || (token.kind === "word" && !KEYWORDS.has(token.text))) {
      this.next();
      return token.text;
    }
    throw this.expectedValue(token);
  }

  /** `[a, b, c,]` after `IN`. */
  private valueList(): string[] {
    const open = this.peek();
    if (open.kind !== "[") {
      throw syntaxError(
        "Expected `[` after `IN` keyword.",
        this.source,
        open.start,
        this.source.slice(open.start),
      );
    }
    this.next();
    const values: string[] = [];
    for (;;) {
      const token = this.peek();
      if (token.kind === "]") break;
      if (token.kind === "eof") {
        throw syntaxError(
          "Expected matching `]` after the list of field names given to `IN[`",
          this.source,
          open.start,
          this.source.slice(open.start),
        );
      }
      if (token.kind !== "string" && !(token.kind === "word" && !KEYWORDS.has(token.text))) {
        const reserved = token.kind === "word" ? ", which is a reserved keyword" : "";
        throw syntaxError(
          `Expected only comma-separated field names inside \`IN[..]\` but instead found \`${this.source.slice(token.start)}\`${reserved}.`,
          this.source,
          token.start,
          this.source.slice(token.start),
        );
      }
      values.push(this.value());
      if (this.peek().kind === ",") this.next();
      else if (this.peek().kind !== "]" && this.peek().kind !== "eof") {
        const bad = this.peek();
        throw syntaxError(
          `Expected only comma-separated field names inside \`IN[..]\` but instead found \`${this.source.slice(bad.start)}\`.`,
          this.source,
          bad.start,
          this.source.slice(bad.start),
        );
      }
    }
    this.next();
    return values;
  }
}

/** Parses one filter string. Returns `null` for an empty or blank filter (Meilisearch ignores it). */
export function parseFilterString(source: string): FilterNode | null {
  if (source.trim() === "") return null;
  return new Parser(source).parse();
}

function describeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

/** Parses a filter in string or array form (array depth at most two, as in Meilisearch). */
export function parseFilter(filter: unknown): FilterNode | null {
  if (filter === null || filter === undefined) return null;
  if (typeof filter === "string") return parseFilterString(filter);
  if (!Array.isArray(filter)) {
    throw new FilterSyntaxError(
      `Invalid syntax for the filter parameter: \`expected String, Array, found: ${describeJson(filter)}\`.`,
    );
  }
  const ands: FilterNode[] = [];
  for (const element of filter) {
    if (typeof element === "string") {
      const node = parseFilterString(element);
      if (node) ands.push(node);
    } else if (Array.isArray(element)) {
      const ors: FilterNode[] = [];
      for (const inner of element) {
        if (typeof inner !== "string") {
          throw new FilterSyntaxError(
            `Invalid syntax for the filter parameter: \`expected String, found: ${describeJson(inner)}\` (${typeName(inner)} at depth 3; array filters can be at most two levels deep).`,
          );
        }
        const node = parseFilterString(inner);
        if (node) ors.push(node);
      }
      if (ors.length === 1) ands.push(ors[0] as FilterNode);
      else if (ors.length > 1) ands.push({ kind: "or", children: ors });
    } else {
      throw new FilterSyntaxError(
        `Invalid syntax for the filter parameter: \`expected String, [String], found: ${describeJson(element)}\`.`,
      );
    }
  }
  if (ands.length === 0) return null;
  return ands.length === 1 ? (ands[0] as FilterNode) : { kind: "and", children: ands };
}

// ---------------------------------------------------------------------------------------------
// Facet values: what a document holds for one attribute, normalised once.

/** One document's values for one attribute, as Meilisearch indexes them for filtering. */
export interface FacetValues {
  /** The attribute is present (even if null or empty). */
  readonly exists: boolean;
  readonly isNull: boolean;
  /** `""`, `[]` or `{}`. */
  readonly isEmpty: boolean;
  /** Distinct finite numbers. */
  readonly numbers: readonly number[];
  /** Distinct normalised strings (booleans become "true"/"false"). */
  readonly strings: readonly string[];
  /** The original text of each entry of `strings` (first occurrence). */
  readonly originals: readonly string[];
}

export const NO_VALUES: FacetValues = Object.freeze({
  exists: false,
  isNull: false,
  isEmpty: false,
  numbers: Object.freeze([]) as readonly number[],
  strings: Object.freeze([]) as readonly string[],
  originals: Object.freeze([]) as readonly string[],
});

/** Meilisearch's facet normalisation: trim, compatibility decomposition, lower case. */
export function normalizeFacetString(value: string): string {
  return value.trim().normalize("NFKD").toLowerCase();
}

/** Rust's `f64::from_str` for the shapes filters use, finite values only. */
export function parseFiniteNumber(value: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Values reachable at a dotted path (`a.b`), flattening arrays of objects like Meilisearch. */
export function valuesAtPath(container: unknown, path: string, out: unknown[]): void {
  if (Array.isArray(container)) {
    for (const element of container) valuesAtPath(element, path, out);
    return;
  }
  if (!isPlainObject(container)) return;
  if (Object.hasOwn(container, path)) out.push(container[path]);
  let dot = path.indexOf(".");
  while (dot !== -1) {
    const head = path.slice(0, dot);
    if (Object.hasOwn(container, head)) valuesAtPath(container[head], path.slice(dot + 1), out);
    dot = path.indexOf(".", dot + 1);
  }
}

/** Extracts and normalises one attribute of a raw document. */
export function extractFacetValues(doc: Record<string, unknown>, attribute: string): FacetValues {
  const found: unknown[] = [];
  valuesAtPath(doc, attribute, found);
  if (found.length === 0) return NO_VALUES;
  let isNull = false;
  let isEmpty = false;
  const numbers: number[] = [];
  const strings: string[] = [];
  const originals: string[] = [];
  const addString = (original: string) => {
    const normalized = normalizeFacetString(original);
    if (normalized === "" || strings.includes(normalized)) return;
    strings.push(normalized);
    originals.push(original);
  };
  const visit = (value: unknown, top: boolean): void => {
    if (value === null || value === undefined) {
      isNull = true;
    } else if (typeof value === "string") {
      if (value === "") isEmpty = top || isEmpty;
      else addString(value);
    } else if (typeof value === "number") {
      if (Number.isFinite(value) && !numbers.includes(value)) numbers.push(value);
    } else if (typeof value === "boolean") {
      addString(value ? "true" : "false");
    } else if (Array.isArray(value)) {
      if (value.length === 0 && top) isEmpty = true;
      for (const element of value) visit(element, false);
    } else if (isPlainObject(value)) {
      if (top && Object.keys(value).length === 0) isEmpty = true;
    }
  };
  for (const value of found) visit(value, true);
  return { exists: true, isNull, isEmpty, numbers, strings, originals };
}

// ---------------------------------------------------------------------------------------------
// Evaluation: one place decides what each condition means; callers choose the representation
// (a boolean per raw document here, bitsets over an index in the engine).

/** Bounds of `<`, `<=`, `>`, `>=` and `TO`. Open sides are `undefined`. */
export interface RangeBounds {
  /** Present when the filter values parse as finite numbers (both of them for `TO`). */
  readonly numbers?: {
    readonly min: number;
    readonly minInclusive: boolean;
    readonly max: number;
    readonly maxInclusive: boolean;
  };
  /** Normalised string bounds: milli also compares string facets lexicographically. */
  readonly strings: {
    readonly min: string | undefined;
    readonly minInclusive: boolean;
    readonly max: string | undefined;
    readonly maxInclusive: boolean;
  };
}

/** The set operations a filter needs; `S` is whatever represents a set of documents. */
export interface FilterAlgebra<S> {
  and(parts: S[]): S;
  or(parts: S[]): S;
  not(part: S): S;
  /** Documents with the normalised string, or (when given) the number. */
  equal(attribute: string, normalized: string, number: number | undefined): S;
  range(attribute: string, bounds: RangeBounds): S;
  exists(attribute: string): S;
  isNull(attribute: string): S;
  isEmpty(attribute: string): S;
}

function comparisonBounds(op: ComparisonOperator, value: string): RangeBounds {
  const n = parseFiniteNumber(value);
  const s = normalizeFacetString(value);
  const lower = op === ">" || op === ">=";
  const inclusive = op === ">=" || op === "<=";
  return {
    numbers:
      n === undefined
        ? undefined
        : lower
          ? { min: n, minInclusive: inclusive, max: Number.POSITIVE_INFINITY, maxInclusive: true }
          : { min: Number.NEGATIVE_INFINITY, minInclusive: true, max: n, maxInclusive: inclusive },
    strings: lower
      ? { min: s, minInclusive: inclusive, max: undefined, maxInclusive: true }
      : { min: undefined, minInclusive: true, max: s, maxInclusive: inclusive },
  };
}

function toBounds(from: string, to: string): RangeBounds {
  const lo = parseFiniteNumber(from);
  const hi = parseFiniteNumber(to);
  return {
    numbers:
      lo !== undefined && hi !== undefined
        ? { min: lo, minInclusive: true, max: hi, maxInclusive: true }
        : undefined,
    strings: {
      min: normalizeFacetString(from),
      minInclusive: true,
      max: normalizeFacetString(to),
      maxInclusive: true,
    },
  };
}

/** Evaluates a parsed filter with the given set operations. */
export function evaluateFilter<S>(node: FilterNode, algebra: FilterAlgebra<S>): S {
  switch (node.kind) {
    case "and":
      return algebra.and(node.children.map((child) => evaluateFilter(child, algebra)));
    case "or":
      return algebra.or(node.children.map((child) => evaluateFilter(child, algebra)));
    case "not":
      return algebra.not(evaluateFilter(node.child, algebra));
    case "exists":
      return algebra.exists(node.attribute);
    case "null":
      return algebra.isNull(node.attribute);
    case "empty":
      return algebra.isEmpty(node.attribute);
    case "in":
      return algebra.or(
        node.values.map((value) =>
          algebra.equal(node.attribute, normalizeFacetString(value), parseFiniteNumber(value)),
        ),
      );
    case "range":
      return algebra.range(node.attribute, toBounds(node.from, node.to));
    case "compare":
      if (node.op === "=" || node.op === "!=") {
        const equal = algebra.equal(
          node.attribute,
          normalizeFacetString(node.value),
          parseFiniteNumber(node.value),
        );
        return node.op === "=" ? equal : algebra.not(equal);
      }
      return algebra.range(node.attribute, comparisonBounds(node.op, node.value));
  }
}

/** `true` when `n` lies within the numeric bounds. */
export function inNumberRange(n: number, b: NonNullable<RangeBounds["numbers"]>): boolean {
  return (b.minInclusive ? n >= b.min : n > b.min) && (b.maxInclusive ? n <= b.max : n < b.max);
}

/** `true` when the normalised string lies within the string bounds. */
export function inStringRange(s: string, b: RangeBounds["strings"]): boolean {
  if (b.min !== undefined && (b.minInclusive ? s < b.min : s <= b.min)) return false;
  if (b.max !== undefined && (b.maxInclusive ? s > b.max : s >= b.max)) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Compilation

/** Reads one attribute's values from a document of type `D` (a raw object, a row index …). */
export type ColumnReader<D> = (doc: D) => FacetValues;

type Predicate<D> = (doc: D) => boolean;

/** The per-document boolean algebra: each set is a predicate. */
function predicateAlgebra<D>(column: (attribute: string) => ColumnReader<D>): FilterAlgebra<Predicate<D>> {
  return {
    and: (parts) => (doc) => {
      for (const part of parts) if (!part(doc)) return false;
      return true;
    },
    or: (parts) => (doc) => {
      for (const part of parts) if (part(doc)) return true;
      return false;
    },
    not: (part) => (doc) => !part(doc),
    equal(attribute, normalized, number) {
      const read = column(attribute);
      return (doc) => {
        const values = read(doc);
        return (
          values.strings.includes(normalized) || (number !== undefined && values.numbers.includes(number))
        );
      };
    },
    range(attribute, bounds) {
      const read = column(attribute);
      const numbers = bounds.numbers;
      return (doc) => {
        const values = read(doc);
        if (numbers) for (const n of values.numbers) if (inNumberRange(n, numbers)) return true;
        for (const s of values.strings) if (inStringRange(s, bounds.strings)) return true;
        return false;
      };
    },
    exists(attribute) {
      const read = column(attribute);
      return (doc) => read(doc).exists;
    },
    isNull(attribute) {
      const read = column(attribute);
      return (doc) => read(doc).isNull;
    },
    isEmpty(attribute) {
      const read = column(attribute);
      return (doc) => read(doc).isEmpty;
    },
  };
}

export interface CompiledFilter {
  /** The filter as given (string) or its JSON (array form): the cache key. */
  readonly key: string;
  /** `null` when the filter is empty (matches everything). */
  readonly ast: FilterNode | null;
  /** Every attribute the filter reads, in order of appearance. */
  readonly attributes: readonly string[];
  /** Binds the filter to a column source; the result is the predicate to run per document. */
  bind<D>(column: (attribute: string) => ColumnReader<D>): (doc: D) => boolean;
  /** Evaluates with other set operations (the engine uses bitsets); `all` for an empty filter. */
  evaluate<S>(algebra: FilterAlgebra<S>, all: () => S): S;
  /** Convenience predicate over raw documents (values are extracted on every call). */
  test(doc: Record<string, unknown>): boolean;
  /** Throws `FilterSyntaxError` when an attribute is not in `filterable` (Meilisearch's check). */
  assertFilterable(filterable: readonly string[]): void;
}

function collectConditions(node: FilterNode | null, out: ConditionNode[]): ConditionNode[] {
  if (!node) return out;
  switch (node.kind) {
    case "and":
    case "or":
      for (const child of node.children) collectConditions(child, out);
      break;
    case "not":
      collectConditions(node.child, out);
      break;
    default:
      out.push(node);
  }
  return out;
}

/** `location.name` is filterable when `location` is (Meilisearch's legacy nested pattern). */
export function isAttributeFilterable(attribute: string, filterable: readonly string[]): boolean {
  for (const pattern of filterable) {
    if (pattern === "*" || pattern === attribute || attribute.startsWith(`${pattern}.`)) return true;
  }
  return false;
}

function notFilterableError(condition: ConditionNode, filterable: readonly string[]): FilterSyntaxError {
  const available = [...filterable].sort();
  const tail =
    available.length === 0
      ? "This index does not have configured filterable attributes."
      : `Available filterable attributes are: \`${available.join(", ")}\`.`;
  const { source, start, end } = condition.span;
  return syntaxError(
    `Attribute \`${condition.attribute}\` is not filterable. ${tail}`,
    source,
    start,
    source.slice(start, end),
  );
}

function rawColumn(attribute: string): ColumnReader<Record<string, unknown>> {
  return (doc) => extractFacetValues(doc, attribute);
}

function makeCompiled(key: string, ast: FilterNode | null): CompiledFilter {
  const conditions = collectConditions(ast, []);
  const attributes = [...new Set(conditions.map((c) => c.attribute))];
  let rawPredicate: Predicate<Record<string, unknown>> | undefined;
  return {
    key,
    ast,
    attributes,
    bind<D>(column: (attribute: string) => ColumnReader<D>) {
      return ast ? evaluateFilter(ast, predicateAlgebra(column)) : () => true;
    },
    evaluate<S>(algebra: FilterAlgebra<S>, all: () => S): S {
      return ast ? evaluateFilter(ast, algebra) : all();
    },
    test(doc) {
      rawPredicate ??= ast ? evaluateFilter(ast, predicateAlgebra(rawColumn)) : () => true;
      return rawPredicate(doc);
    },
    assertFilterable(filterable) {
      for (const condition of conditions) {
        if (!isAttributeFilterable(condition.attribute, filterable))
          throw notFilterableError(condition, filterable);
      }
    },
  };
}

// Compiled filters are cached by their text: instantsearch repeats the same filters constantly.
const CACHE_LIMIT = 500;
const cache = new Map<string, CompiledFilter>();

/** The cache key of a filter (its text, or the JSON of its array form). */
export function filterKey(filter: unknown): string {
  if (filter === null || filter === undefined) return "";
  return typeof filter === "string" ? filter : `\u0000${JSON.stringify(filter)}`;
}

/**
 * Parses (once, then from cache) a filter in string or array form.
 * Throws `FilterSyntaxError` for malformed input.
 */
export function compileFilter(filter: unknown): CompiledFilter {
  const key = filterKey(filter);
  const hit = cache.get(key);
  if (hit) {
    // Refresh recency so the cache evicts the least recently used entry.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const compiled = makeCompiled(key, parseFilter(filter));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, compiled);
  return compiled;
}

/** Empties the compiled-filter cache (benchmarks use it to measure cold queries). */
export function clearFilterCache(): void {
  cache.clear();
}

/** `true` when the raw document matches the filter. */
export function matchesFilter(doc: Record<string, unknown>, filter: unknown): boolean {
  return compileFilter(filter).test(doc);
}
