/**
 * A compact wire format for the embedded engine's documents: one column per attribute, strings
 * (and string lists) dictionary-encoded. Car stock repeats the same makes, bodies, colours and
 * features thousands of times; this keeps a 5,000-car index to a fraction of plain JSON.
 */

type Scalar = string | number | boolean | null;
type Column =
  | { kind: "raw"; values: (number | boolean | null)[] }
  | { kind: "dict"; dict: string[]; values: (number | null)[] }
  /** String lists as a hex bitset over the dictionary (order within a list is not kept). */
  | { kind: "set"; dict: string[]; values: string[] };

export interface ColumnarDocuments {
  version: 1;
  count: number;
  columns: Record<string, Column>;
}

function dictionary() {
  const dict: string[] = [];
  const index = new Map<string, number>();
  const code = (value: string) => {
    let i = index.get(value);
    if (i === undefined) {
      i = dict.push(value) - 1;
      index.set(value, i);
    }
    return i;
  };
  return { dict, code };
}

function encodeColumn(values: unknown[]): Column {
  if (values.some((v) => Array.isArray(v))) {
    const { dict, code } = dictionary();
    const bitset = (list: unknown) =>
      (Array.isArray(list) ? list : [])
        .reduce((bits: bigint, item) => bits | (1n << BigInt(code(String(item)))), 0n)
        .toString(16);
    return { kind: "set", dict, values: values.map(bitset) };
  }
  if (values.some((v) => typeof v === "string")) {
    const { dict, code } = dictionary();
    return {
      kind: "dict",
      dict,
      values: values.map((v) => (v === null || v === undefined ? null : code(String(v)))),
    };
  }
  return {
    kind: "raw",
    values: values.map((v) => (v === undefined ? null : (v as number | boolean | null))),
  };
}

export function encodeColumnar(documents: readonly Record<string, unknown>[]): ColumnarDocuments {
  const attributes = [...new Set(documents.flatMap((doc) => Object.keys(doc)))];
  const columns: Record<string, Column> = {};
  for (const attribute of attributes)
    columns[attribute] = encodeColumn(documents.map((doc) => doc[attribute]));
  return { version: 1, count: documents.length, columns };
}

export function decodeColumnar<T = Record<string, unknown>>(encoded: ColumnarDocuments): T[] {
  const documents: Record<string, Scalar | string[]>[] = Array.from({ length: encoded.count }, () => ({}));
  for (const [attribute, column] of Object.entries(encoded.columns)) {
    for (let i = 0; i < encoded.count; i++) {
      const doc = documents[i] as Record<string, Scalar | string[]>;
      if (column.kind === "raw") doc[attribute] = column.values[i] ?? null;
      else if (column.kind === "dict") {
        const code = column.values[i];
        doc[attribute] = code === null || code === undefined ? null : (column.dict[code] ?? null);
      } else {
        const bits = BigInt(`0x${column.values[i] ?? "0"}`);
        doc[attribute] = column.dict.filter((_, code) => (bits >> BigInt(code)) & 1n);
      }
    }
  }
  return documents as T[];
}
