/**
 * JSON answers shared by every function: errors as `{ error }` (never an HTML page) and no caching
 * of per-shopper answers.
 */
export const NO_STORE = { "cache-control": "no-store" } as const;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

export function methodNotAllowed(allow: string): Response {
  return json({ error: `Use ${allow} for this address.` }, 405, { allow });
}
