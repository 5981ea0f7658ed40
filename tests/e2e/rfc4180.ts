/**
 * A strict RFC 4180 reader for the tests: records end in CRLF, a field is quoted or holds no quote,
 * a quote inside quotes is doubled. Anything else is an error, so a feed that only looks like CSV
 * fails here as it would at the platform.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let fieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else {
        quoted = false;
        if (i + 1 < text.length && text[i + 1] !== "," && text[i + 1] !== "\r") {
          throw new Error(`text after a closing quote at ${i}`);
        }
      }
      continue;
    }
    if (c === '"') {
      if (!fieldStart) throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      fieldStart = false;
    } else if (c === ",") {
      row.push(field);
      field = "";
      fieldStart = true;
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      fieldStart = true;
      i++;
    } else if (c === "\r" || c === "\n") {
      throw new Error(`line break outside quotes at ${i}`);
    } else {
      field += c;
      fieldStart = false;
    }
  }
  if (quoted) throw new Error("unterminated quoted field");
  if (field !== "" || row.length > 0) throw new Error("the last record does not end in CRLF");
  return rows;
}

/** Records as objects keyed by the header row; every record must have the header's field count. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...records] = readCsv(text);
  if (!header) throw new Error("no header row");
  return records.map((record, index) => {
    if (record.length !== header.length) {
      throw new Error(`record ${index + 1} has ${record.length} fields, the header ${header.length}`);
    }
    return Object.fromEntries(header.map((name, i) => [name, record[i] as string]));
  });
}
