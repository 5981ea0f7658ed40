/** Filters evaluated over the columns (Meilisearch's filter expressions, compiled in ../filter). */
import {
  type CompiledFilter,
  type FacetValues,
  type FilterAlgebra,
  inNumberRange,
  inStringRange,
  type RangeBounds,
} from "../filter";
import type { Column, Columns } from "./columns";

/**
 * Filters run as set operations on one byte per document: each condition marks the postings
 * of the facet values it selects, so cost follows the matches, not documents × conditions.
 */
export function filterMask(columns: Columns, size: number, compiled: CompiledFilter): Uint8Array {
  const n = size;
  const mark = (column: Column, id: number, out: Uint8Array) => {
    for (const d of columns.valueDocs(column)[id] as Int32Array) out[d] = 1;
  };
  const flag = (attribute: string, test: (values: FacetValues) => boolean) => {
    const column = columns.column(attribute);
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
      const column = columns.column(attribute);
      const out = new Uint8Array(n);
      const stringId = column.stringIds.get(normalized);
      if (stringId !== undefined) mark(column, stringId, out);
      const numberId = number === undefined ? undefined : column.numberIds.get(number);
      if (numberId !== undefined) mark(column, numberId, out);
      return out;
    },
    range: (attribute, bounds: RangeBounds) => {
      const column = columns.column(attribute);
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
