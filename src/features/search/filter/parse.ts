/** The search request's `filter` parameter: a string, or an array (outer AND, inner OR). */

import type { FilterNode } from "./ast";
import { FilterSyntaxError } from "./errors";
import { parseFilterString } from "./grammar";

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
