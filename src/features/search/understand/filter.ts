/**
 * An understanding as a Meilisearch filter (outer AND, inner OR, as the search client sends the
 * search state's refinements), so the count that decides a fallback asks the tenant's Meilisearch
 * server or the embedded engine the same question.
 */
import { quote } from "../routing";
import type { Understanding } from "./parse";

export function understoodFilter(understanding: Understanding): (string | string[])[] {
  const filter: (string | string[])[] = [];
  for (const [attribute, values] of Object.entries(understanding.refinementList))
    filter.push(values.map((value) => `"${attribute}" = ${quote(value)}`));
  for (const [attribute, { min, max }] of Object.entries(understanding.range)) {
    if (min !== undefined) filter.push(`"${attribute}" >= ${min}`);
    if (max !== undefined) filter.push(`"${attribute}" <= ${max}`);
  }
  return filter;
}
