/**
 * How a form's answers reach a function and what the shopper reads back (spec §4 submit states,
 * §8 errors): a JSON request that never throws, an idempotency key per attempt, and one reading of
 * the answer. The lead forms, the trade-in flow and the static JSON forms (json-form.client.ts)
 * all send through here, so a refusal, a lost connection and an unreadable answer read alike.
 */

export const OFFLINE_TEXT = "We couldn't reach the server. Please check your connection and try again.";

export type SubmitResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; error: string; fields?: Record<string, string> };

/**
 * What the shopper reads when sending fails: `failed` when the server refused without words of its
 * own, `offline` when it could not be reached, `unexpected` when it said yes with an answer that is
 * not JSON (defaults to `failed`).
 */
export interface FailureTexts {
  failed: string;
  offline: string;
  unexpected?: string;
}

/** The server's own message when it gave one, else the fallback. */
export function answerError(body: unknown, fallback: string): string {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === "string" && error ? error : fallback;
}

/**
 * Sends the request and reads the answer: a 2xx with a JSON body is a success; anything else is a
 * failure with the server's message (or the texts') and the fields it marked.
 */
export async function sendJson<T>(
  url: string,
  texts: FailureTexts,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<SubmitResult<T>> {
  const request: RequestInit =
    "body" in init
      ? {
          method: "POST",
          headers: { "content-type": "application/json", ...init.headers },
          body: JSON.stringify(init.body),
        }
      : { method: "GET" };
  try {
    const response = await fetch(url, request);
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && body) return { ok: true, status: response.status, body: body as T };
    const fields = (body as { fields?: Record<string, string> } | null)?.fields;
    const error = response.ok ? (texts.unexpected ?? texts.failed) : answerError(body, texts.failed);
    return { ok: false, status: response.status, error, ...(fields ? { fields } : {}) };
  } catch {
    return { ok: false, status: 0, error: texts.offline };
  }
}

/**
 * One submission attempt's idempotency key: kept across retries until the server stores the lead,
 * so a double click or a retry after a lost answer stores one lead; `done()` starts a new attempt.
 */
export function submitAttempt(random: () => string = () => crypto.randomUUID()) {
  let current: string | null = null;
  return {
    key: (): string => {
      current ??= `lead-${random()}`;
      return current;
    },
    done: (): void => {
      current = null;
    },
  };
}
