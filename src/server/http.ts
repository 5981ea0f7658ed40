/**
 * JSON answers shared by every function: errors as `{ error }` (never an HTML page) and no caching
 * of per-shopper answers.
 */
export const NO_STORE = { "cache-control": "no-store" } as const;

/**
 * Security headers every function answer sets itself. Netlify adds netlify.toml's [[headers]] and
 * the site's _headers only to the files it serves, never to a function's answer, and the local
 * server does the same (scripts/lib/app.ts), so what tests see is what production sends.
 * HSTS is ignored over plain http, so local runs are unaffected.
 */
export const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "strict-transport-security": "max-age=63072000; includeSubDomains",
} as const;

/** A policy for answers that are data (JSON, a PDF): nothing in them may load or run, nobody frames them. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers of a function answer that is not a page; a page passes its own policy to `pageHeaders`. */
export const FUNCTION_HEADERS = { ...SECURITY_HEADERS, "content-security-policy": DATA_CSP } as const;

/** Headers of an HTML page a function renders, with the policy that fits what the page holds. */
export function pageHeaders(csp: string): Record<string, string> {
  return { ...SECURITY_HEADERS, "content-security-policy": csp };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...FUNCTION_HEADERS, ...headers } });
}

export function methodNotAllowed(allow: string): Response {
  return json({ error: `Use ${allow} for this address.` }, 405, { allow });
}
