/** Meilisearch's `invalid_search_filter` error and its "message\n{start}:{end} {filter}" trailer. */

const ERROR_LINK = "https://docs.meilisearch.com/errors#invalid_search_filter";

/** A malformed filter, shaped like Meilisearch's `invalid_search_filter` error. */
export class FilterSyntaxError extends Error {
  readonly code = "invalid_search_filter";
  readonly type = "invalid_request";
  readonly link = ERROR_LINK;
  readonly httpStatus = 400;

  constructor(message: string) {
    super(message);
    this.name = "FilterSyntaxError";
  }

  toJSON(): { message: string; code: string; type: string; link: string } {
    return { message: this.message, code: this.code, type: this.type, link: this.link };
  }
}

// 1-based character columns, as Meilisearch counts them.
function column(source: string, offset: number): number {
  let count = 1;
  for (const _ of source.slice(0, offset)) count++;
  return count;
}

export function syntaxError(
  message: string,
  source: string,
  start: number,
  fragment: string,
): FilterSyntaxError {
  const from = column(source, start);
  let size = 0;
  for (const _ of fragment) size++;
  return new FilterSyntaxError(`${message}\n${from}:${from + size} ${source}`);
}

export const EXPECTED_OPERATION =
  "Was expecting an operation `=`, `!=`, `>=`, `>`, `<=`, `<`, `IN`, `NOT IN`, `TO`, `EXISTS`, `NOT EXISTS`, `IS NULL`, `IS NOT NULL`, `IS EMPTY`, `IS NOT EMPTY`, `_geoRadius`, or `_geoBoundingBox`";
