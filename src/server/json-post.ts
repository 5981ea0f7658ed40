/**
 * The one preamble of every shopper-facing JSON POST: JSON only (415), the per-client rate limit of
 * its bucket (429 with Retry-After), a body within the size limit (413) that is a JSON object (400).
 * A refusal carries the answer, in the shopper's words.
 */
import type { Db } from "~/lib/db/db.server";
import { json } from "~/lib/http.server";
import { clientIp, clientKey, readBodyWithin } from "./client";
import { DEFAULT_MAX_BODY_BYTES, REQUEST_ERRORS } from "./errors";
import { hitRateLimit, type RateLimit } from "./rate-limit.server";

/** The request says its body is JSON (`application/json`, any charset). */
export function isJsonRequest(req: Request): boolean {
  return req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

export type Refusal = { ok: false; response: Response };

/** The body as a JSON object within `maxBytes`, or the answer: 413 too large, 400 not an object. */
export async function readJsonObject(
  req: Request,
  maxBytes: number,
): Promise<{ ok: true; body: Record<string, unknown> } | Refusal> {
  const raw = await readBodyWithin(req, maxBytes);
  if (raw === null) return { ok: false, response: json({ error: REQUEST_ERRORS.tooLarge }, 413) };
  try {
    const body = JSON.parse(raw) as unknown;
    if (typeof body === "object" && body !== null && !Array.isArray(body))
      return { ok: true, body: body as Record<string, unknown> };
  } catch {}
  return { ok: false, response: json({ error: REQUEST_ERRORS.badJson }, 400) };
}

/** The request's client's own bucket within `bucket` (`<what>:<tenant>`). */
export function clientBucket(req: Request, bucket: string): string {
  return `${bucket}:${clientKey(clientIp(req))}`;
}

/** The 429 answer: wait `seconds` (Retry-After), told in `text(seconds)`. */
export function rateLimited(
  seconds: number,
  text: (seconds: number) => string = REQUEST_ERRORS.rateLimited,
): Response {
  return json({ error: text(seconds) }, 429, { "retry-after": String(seconds) });
}

/**
 * Counts one hit of the request's client on `bucket` (`<what>:<tenant>`); over the limit, the 429
 * answer with Retry-After and `text(seconds)`, else null.
 */
export async function limitClient(
  db: Db,
  req: Request,
  bucket: string,
  limit: RateLimit,
  now: Date,
  text: (seconds: number) => string = REQUEST_ERRORS.rateLimited,
): Promise<Response | null> {
  const hit = await hitRateLimit(db, clientBucket(req, bucket), limit, now);
  return hit.allowed ? null : rateLimited(hit.retryAfterSeconds, text);
}

export type AcceptedPost =
  | { ok: true; body: Record<string, unknown>; ip: string | null }
  | { ok: false; response: Response };

/**
 * What every shopper-facing JSON POST checks before reading a field, in that order: JSON, the
 * client's rate limit, the body.
 */
export async function acceptJsonPost(
  req: Request,
  options: {
    db: Db;
    bucket: string;
    rateLimit: RateLimit;
    now: Date;
    maxBodyBytes?: number;
    /** What a shopper over the limit reads; enquiry wording unless the post is not an enquiry. */
    rateLimited?: (seconds: number) => string;
  },
): Promise<AcceptedPost> {
  if (!isJsonRequest(req)) return { ok: false, response: json({ error: REQUEST_ERRORS.contentType }, 415) };
  const limited = await limitClient(
    options.db,
    req,
    options.bucket,
    options.rateLimit,
    options.now,
    options.rateLimited,
  );
  if (limited) return { ok: false, response: limited };
  const read = await readJsonObject(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  return read.ok ? { ...read, ip: clientIp(req) } : read;
}
