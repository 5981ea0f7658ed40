/** An id the database keeps as a uuid; anything else is answered "not found" before a query. */
export function isUuid(id: string): boolean {
  return /^[0-9a-f-]{36}$/i.test(id);
}
