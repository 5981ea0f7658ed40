/**
 * Postgres errors that are about a value, not about the database: the same statement fails again
 * however often it is retried, so a function answers them as the caller's 400, never as a 503 that
 * asks the shopper to try again.
 */
const DATA_ERROR_CODES: ReadonlySet<string> = new Set([
  /** invalid_text_representation: text that is not a uuid, a number, JSON… */
  "22P02",
  /** numeric_value_out_of_range: a number past its column (an int4 id). */
  "22003",
  /** program_limit_exceeded: a value too big for an index or a jsonb. */
  "54000",
  /** character_not_in_repertoire: NUL or a bad byte in text. */
  "22021",
  /** untranslatable_character: an escape jsonb cannot hold (\u0000, a lone surrogate). */
  "22P05",
]);

/** True when Postgres (or PGlite) refused a statement because of a value in it. */
export function isDataError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && DATA_ERROR_CODES.has(code);
}
