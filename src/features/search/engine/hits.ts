/**
 * A page of results as hits: the attributes the request retrieves, among those the index displays.
 * An engine formats them further where it may be asked to (highlighting and cropping into
 * `_formatted`, highlight.ts); the search worker's engine does not, since the pages never ask, so
 * the browser carries none of that code.
 */
import { invalid, optionalStringList } from "./errors";
import type { Term } from "./text-index";
import type { Hit, SearchDocument, SearchRequest } from "./types";

/** Whether an attribute list (`*`, names, `name.sub` paths) takes `key`. */
export function selects(list: readonly string[] | undefined, key: string): boolean {
  if (!list) return false;
  for (const entry of list) {
    if (entry === "*" || entry === key || entry.startsWith(`${key}.`)) return true;
  }
  return false;
}

/** How an engine makes the hits of `ids` for a request (the matched terms for highlighting). */
export type HitFormatter = (
  docs: readonly SearchDocument[],
  ids: ArrayLike<number>,
  request: SearchRequest,
  terms: readonly Term[],
  displayed: readonly string[],
  exactOnly: ReadonlySet<string>,
) => Hit[];

/** The retrieved attributes of each hit, without `_formatted`: asking for it is refused. */
export const plainHits: HitFormatter = (docs, ids, request, _terms, displayed) => {
  const retrieve = optionalStringList(
    request,
    "attributesToRetrieve",
    "invalid_search_attributes_to_retrieve",
  ) ?? ["*"];
  for (const [field, code] of [
    ["attributesToHighlight", "invalid_search_attributes_to_highlight"],
    ["attributesToCrop", "invalid_search_attributes_to_crop"],
  ] as const) {
    if (optionalStringList(request, field, code)?.length) {
      throw invalid(code, `\`${field}\` is not available in the search engine of the browser.`);
    }
  }
  const hits: Hit[] = [];
  for (let i = 0; i < ids.length; i++) {
    const doc = docs[ids[i] as number] as SearchDocument;
    const hit: Hit = {};
    for (const [key, value] of Object.entries(doc)) {
      if (selects(displayed, key) && selects(retrieve, key)) hit[key] = value;
    }
    hits.push(hit);
  }
  return hits;
};
