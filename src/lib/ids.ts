/**
 * An id the database keeps as a uuid (RFC 9562, which succeeds RFC 4122: versions 1 to 8, the
 * 10xx variant, hex digits); anything else is answered "not found" before a query, so it never
 * reaches the uuid column as a 22P02.
 */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id);
}
