/**
 * Meilisearch filter expressions for the embedded search engine (docs/architecture.md §5).
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
 * No DOM and no Node APIs: this runs in the browser bundle and in Node. The pieces: tokenize.ts
 * and grammar.ts (string → AST), parse.ts (the string or array parameter), facet-values.ts (what a
 * document holds for an attribute), evaluate.ts (what each condition means), compile.ts (cached
 * compiled filters), errors.ts (Meilisearch's error shape).
 */

export {
  type CompiledFilter,
  clearFilterCache,
  compileFilter,
  isAttributeFilterable,
  matchesFilter,
} from "./compile";
export { FilterSyntaxError } from "./errors";
export {
  type FilterAlgebra,
  inNumberRange,
  inStringRange,
  type RangeBounds,
} from "./evaluate";
export {
  extractFacetValues,
  type FacetValues,
  valuesAtPath,
} from "./facet-values";

export { parseFilter } from "./parse";
