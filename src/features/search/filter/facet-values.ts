/** Facet values: what a document holds for one attribute, normalised once as Meilisearch indexes it. */

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
