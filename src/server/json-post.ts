/**
 * The one preamble of every shopper-facing JSON POST: JSON only (415), the per-client rate limit of
 * its bucket (429 with Retry-After), a well-formed Idempotency-Key where the post takes one (400),
 * a body within the size limit (413) that is a JSON object (400). A refusal carries the answer, in
 * the shopper's words.
 */

import type { Db } from "~/lib/db/db.server";
import { clientIdempotencyKey, clientIp, clientKey, readBodyWithin } from "./client";
import { DEFAULT_MAX_BODY_BYTES, ERRORS } from "./errors";
import { json } from "./http";
import { type Hit, hitRateLimit, type RateLimit } from "./rate-limit.server";

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
  if (raw === null) return { ok: false, response: json({ error: ERRORS.request.tooLarge }, 413) };
  try {
    const body = JSON.parse(raw) as unknown;
    if (typeof body === "object" && body !== null && !Array.isArray(body))
      return { ok: true, body: body as Record<string, unknown> };
  } catch {}
  return { ok: false, response: json({ error: ERRORS.request.badJson }, 400) };
}

/** The request's client's own bucket within `bucket` (`<what>:<tenant>`). */
function clientBucket(req: Request, bucket: string): string {
  return `${bucket}:${clientKey(clientIp(req))}`;
}

/** The 429 answer: wait `seconds` (Retry-After), told in `text(seconds)`. */
export function rateLimited(
  seconds: number,
  text: (seconds: number) => string = ERRORS.request.rateLimited,
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
  text: (seconds: number) => string = ERRORS.request.rateLimited,
): Promise<Response | null> {
  const hit = await hitRateLimit(db, clientBucket(req, bucket), limit, now);
  return hit.allowed ? null : rateLimited(hit.retryAfterSeconds, text);
}

export type AcceptedPost =
  | {
      ok: true;
      body: Record<string, unknown>;
      ip: string | null;
      /** The request's Idempotency-Key in the client namespace, when asked for and sent. */
      key: string | null;
      /** The client's hit: counted already, but with `count: "with-store"` the handler's statement counts it. */
      hit: Hit;
      /** Answers a refusal of the handler's own, counted where the store would have counted it. */
      refuse: (response: Response) => Promise<Response>;
    }
  | { ok: false; response: Response };

/**
 * What every shopper-facing JSON POST checks before reading a field, in that order: JSON, the
 * client's rate limit, the Idempotency-Key when asked for, the body.
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
    /**
     * When the client's hit is counted. "first" (the default): before the body is read, so a client
     * over the limit is answered 429 whatever it sent. "with-store": a handler that stores what it
     * accepts counts the hit in the statement that stores it, one trip to the database per
     * submission; the answer carries that hit, and every refusal before it (the body, or the
     * handler's own through `refuse`) is counted as it answers, so a client over the limit still
     * meets 429 whatever it sends. Checks that need no body (JSON, a declared size over the limit,
     * the Idempotency-Key) are answered before anything is counted.
     */
    count?: "first" | "with-store";
    /** Reads the Idempotency-Key header (400 when malformed) into the answer's `key`. */
    idempotencyKey?: boolean;
  },
): Promise<AcceptedPost> {
  if (!isJsonRequest(req)) return { ok: false, response: json({ error: ERRORS.request.contentType }, 415) };
  const maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const bucket = options.bucket;
  const withStore = options.count === "with-store";
  const limit = () =>
    limitClient(options.db, req, bucket, options.rateLimit, options.now, options.rateLimited);
  if (withStore) {
    const declared = Number(req.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes)
      return { ok: false, response: json({ error: ERRORS.request.tooLarge }, 413) };
  } else {
    const limited = await limit();
    if (limited) return { ok: false, response: limited };
  }
  let key: string | null = null;
  if (options.idempotencyKey) {
    const sent = clientIdempotencyKey(req);
    if (!sent.ok) return { ok: false, response: json({ error: ERRORS.leads.idempotencyKey }, 400) };
    key = sent.key;
  }
  /** A refused request counts too: over the limit, its client is told to wait instead. */
  const refuse = withStore
    ? async (response: Response) => (await limit()) ?? response
    : async (response: Response) => response;
  const read = await readJsonObject(req, maxBytes);
  if (!read.ok) return { ok: false, response: await refuse(read.response) };
  return {
    ...read,
    ip: clientIp(req),
    key,
    hit: { bucket: clientBucket(req, bucket), limit: options.rateLimit, now: options.now },
    refuse,
  };
}
