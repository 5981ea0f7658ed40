/**
 * Columns: one attribute's facet values for every document, extracted once (lazily, per attribute)
 * with interned value ids; from them the sort ranks and the documents per value that filters use.
 */
import { extractFacetValues, type FacetValues } from "../filter";
import { lruSet } from "./lru";
import type { SearchDocument } from "./types";

export interface Column {
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

/** The columns of one index, built on first use, with the sort ranks derived from them. */
export class Columns {
  private readonly docs: readonly SearchDocument[];
  private readonly size: number;
  private readonly columns = new Map<string, Column>();
  private readonly sortRanks = new Map<string, Int32Array>();

  constructor(docs: readonly SearchDocument[]) {
    this.docs = docs;
    this.size = docs.length;
  }

  /** Drops the cached sort ranks; the columns stay. */
  clearSortRanks(): void {
    this.sortRanks.clear();
  }

  column(attribute: string): Column {
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
  sortRank(attribute: string, direction: "asc" | "desc"): Int32Array {
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

  valueDocs(column: Column): Int32Array[] {
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
}
