/**
 * Evaluation: one place decides what each condition means; callers choose the representation
 * (a boolean per raw document in compile.ts, bitsets over an index in the engine).
 */

import type { ComparisonOperator, FilterNode } from "./ast";
import { normalizeFacetString, parseFiniteNumber } from "./facet-values";

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
