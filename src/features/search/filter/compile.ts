/** Compiled filters: parsed once, cached by their text, bound to whatever reads a document's values. */

import type { ConditionNode, FilterNode } from "./ast";
import { type FilterSyntaxError, syntaxError } from "./errors";
import { evaluateFilter, type FilterAlgebra, inNumberRange, inStringRange } from "./evaluate";
import { extractFacetValues, type FacetValues } from "./facet-values";
import { parseFilter } from "./parse";

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
