/**
 * POST /api/leads end to end: tenant, abuse rules, validation, storage. Every answer is JSON the
 * form can show: `{ lead_id }` on success, `{ error, fields? }` otherwise, and every refusal tells
 * the shopper what to do next. Nothing is answered 2xx before the lead is committed.
 */
import { isIPv4, isIPv6 } from "node:net";
import { isDataError } from "~/lib/db/data-errors";
import type { Db } from "~/lib/db/db.server";
import { json } from "~/lib/http.server";
import type { Site } from "~/tenant/schema";
import { formRulesFor, isHoneypotHit, isTooFast, LEAD_ERRORS, LEAD_LIMITS } from "./leads";
import { storeLead } from "./leads.server";
import { hitRateLimit, type RateLimit } from "./rate-limit.server";
import {
  HONEYPOT_FIELD,
  LEAD_TEXTS,
  type LeadKind,
  parseLead,
  SERVER_MADE_KINDS,
  STARTED_AT_FIELD,
  withoutServerMadeFields,
} from "./schemas";

export interface LeadsHandlerOptions {
  db: () => Promise<Db>;
  /** The tenant a request is for, or null (404). */
  tenantFor: (req: Request) => string | null;
  site: (slug: string) => Site | null;
  now?: () => Date;
  minTimeOnPageMs?: number;
  maxBodyBytes?: number;
  rateLimit?: RateLimit;
  /** Called after a lead is committed (e.g. to wake the local delivery worker). */
  onStored?: (leadId: string) => void;
}

/** Netlify's client address, else the first X-Forwarded-For hop (set by the local server). */
export function clientIp(req: Request): string | null {
  const netlify = req.headers.get("x-nf-client-connection-ip")?.trim();
  if (netlify) return netlify;
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || null;
}

/**
 * The one bucket every request without a usable address counts in: such requests are limited
 * together rather than not at all (Netlify always sends an address; a request without one came
 * some other way).
 */
export const UNKNOWN_CLIENT = "unknown";

/**
 * Who a rate limit counts, from `clientIp`: an IPv4 address as it is; an IPv6 client by its /64,
 * since one home or phone network is handed a whole /64 and can use any of its 2^64 addresses;
 * an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as its IPv4 address; anything else as
 * UNKNOWN_CLIENT.
 */
export function clientKey(ip: string | null): string {
  const address = ip?.trim() ?? "";
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return UNKNOWN_CLIENT;
  const [g6 = 0, g7 = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing IPv4 read), or null. */
function ipv6Groups(address: string): number[] | null {
  // A zone (fe80::1%eth0) names the interface, not the client.
  let text = address.replace(/%.*$/, "");
  if (!isIPv6(text)) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groupsOf = (part: string) =>
    part === "" ? [] : part.split(":").map((hex) => Number.parseInt(hex, 16));
  const [head = "", tail] = text.split("::");
  const left = groupsOf(head);
  if (tail === undefined) return left.length === 8 ? left : null;
  const right = groupsOf(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
/**
 * Every key a client sends is stored under this prefix, so it can never be a key the server makes
 * itself (`payment-<id>`, `offer-accepted:<lead>`) and pre-empt that record.
 */
const CLIENT_KEY_PREFIX = "client:";

/**
 * The request's Idempotency-Key (1 to 200 visible ASCII characters) in the client namespace; null
 * without one; `ok: false` for a malformed one, which the caller answers 400.
 */
export function clientIdempotencyKey(req: Request): { ok: true; key: string | null } | { ok: false } {
  const key = req.headers.get("idempotency-key");
  if (key === null) return { ok: true, key: null };
  if (!IDEMPOTENCY_KEY.test(key)) return { ok: false };
  return { ok: true, key: `${CLIENT_KEY_PREFIX}${key}` };
}

class TooLarge extends Error {}

/**
 * Reads at most `max` bytes of body; a bigger (or lying) body stops the read early and answers
 * null. Shared by every function that takes a shopper's JSON (leads, trade-in).
 */
export async function readBodyWithin(req: Request, max: number): Promise<string | null> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

async function readBody(req: Request, max: number): Promise<string> {
  const text = await readBodyWithin(req, max);
  if (text === null) throw new TooLarge();
  return text;
}

export type AcceptedPost =
  | { ok: true; body: Record<string, unknown>; ip: string | null }
  | { ok: false; response: Response };

/**
 * What every shopper-facing JSON POST checks before reading a field (Spin to Win, unsubscribe,
 * online payment):
 * JSON only, the per-address rate limit of its bucket, a body within the size limit that is a
 * JSON object. A refusal carries the answer, in the shopper's words.
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
  const contentType = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (contentType !== "application/json")
    return { ok: false, response: json({ error: LEAD_ERRORS.contentType }, 415) };
  const ip = clientIp(req);
  const limit = await hitRateLimit(
    options.db,
    `${options.bucket}:${clientKey(ip)}`,
    options.rateLimit,
    options.now,
  );
  if (!limit.allowed) {
    const retry = { "retry-after": String(limit.retryAfterSeconds) };
    const text = (options.rateLimited ?? LEAD_ERRORS.rateLimited)(limit.retryAfterSeconds);
    return { ok: false, response: json({ error: text }, 429, retry) };
  }
  const raw = await readBodyWithin(req, options.maxBodyBytes ?? LEAD_LIMITS.maxBodyBytes);
  if (raw === null) return { ok: false, response: json({ error: LEAD_ERRORS.tooLarge }, 413) };
  try {
    const body = JSON.parse(raw) as unknown;
    if (typeof body === "object" && body !== null && !Array.isArray(body))
      return { ok: true, body: body as Record<string, unknown>, ip };
  } catch {}
  return { ok: false, response: json({ error: LEAD_ERRORS.badJson }, 400) };
}

export function createLeadsHandler(options: LeadsHandlerOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? (() => new Date());
  const maxBodyBytes = options.maxBodyBytes ?? LEAD_LIMITS.maxBodyBytes;
  const rateLimit = options.rateLimit ?? LEAD_LIMITS.rateLimit;
  const minTimeOnPageMs = options.minTimeOnPageMs ?? LEAD_LIMITS.minTimeOnPageMs;

  return async (req) => {
    try {
      if (req.method !== "POST") return json({ error: LEAD_ERRORS.method }, 405, { allow: "POST" });
      const tenant = options.tenantFor(req);
      const site = tenant ? options.site(tenant) : null;
      if (!tenant || !site) return json({ error: LEAD_ERRORS.unknownSite }, 404);

      const contentType = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
      if (contentType !== "application/json") return json({ error: LEAD_ERRORS.contentType }, 415);
      const declared = Number(req.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > maxBodyBytes)
        return json({ error: LEAD_ERRORS.tooLarge }, 413);

      const key = clientIdempotencyKey(req);
      if (!key.ok) return json({ error: LEAD_ERRORS.idempotencyKey }, 400);

      const db = await options.db();
      const ip = clientIp(req);
      const limit = await hitRateLimit(db, `leads:${tenant}:${clientKey(ip)}`, rateLimit, now());
      if (!limit.allowed) {
        return json({ error: LEAD_ERRORS.rateLimited(limit.retryAfterSeconds) }, 429, {
          "retry-after": String(limit.retryAfterSeconds),
        });
      }

      let body: unknown;
      try {
        body = JSON.parse(await readBody(req, maxBodyBytes));
      } catch (error) {
        if (error instanceof TooLarge) return json({ error: LEAD_ERRORS.tooLarge }, 413);
        return json({ error: LEAD_ERRORS.badJson }, 400);
      }

      const kind = (body as { kind?: unknown } | null)?.kind;
      if (typeof kind === "string" && SERVER_MADE_KINDS.has(kind as LeadKind)) {
        return json({ error: LEAD_TEXTS.fixErrors, fields: { kind: LEAD_TEXTS.kind } }, 400);
      }
      const parsed = parseLead(
        typeof body === "object" && body !== null && !Array.isArray(body)
          ? withoutServerMadeFields(kind, body as Record<string, unknown>)
          : body,
        formRulesFor(site),
      );
      if (!parsed.success) return json({ error: LEAD_TEXTS.fixErrors, fields: parsed.fields }, 400);
      const envelope = body as Record<string, unknown>;
      const spam = isHoneypotHit(envelope[HONEYPOT_FIELD]);
      // A bot that filled the honeypot learns nothing: it gets what looks like a success.
      if (!spam && isTooFast(envelope[STARTED_AT_FIELD], now(), minTimeOnPageMs)) {
        return json({ error: LEAD_ERRORS.tooFast, retry: true }, 422);
      }

      const stored = await storeLead(db, {
        tenant,
        lead: parsed.lead,
        idempotencyKey: key.key,
        spam,
        clientIp: ip,
        userAgent: req.headers.get("user-agent"),
      });
      if (stored.created && !spam) options.onStored?.(stored.leadId);
      return json(
        { lead_id: stored.leadId },
        stored.created ? 201 : 200,
        stored.created ? {} : { "idempotent-replayed": "true" },
      );
    } catch (error) {
      // A value Postgres refuses fails again on every retry: the shopper's to fix, not ours.
      if (isDataError(error)) {
        console.warn(`[leads] refused a value: ${error instanceof Error ? error.message : String(error)}`);
        return json({ error: LEAD_ERRORS.unreadable }, 400);
      }
      // Storage down or a broken site config: the shopper keeps the form and is told to retry.
      console.error(`[leads] could not take a lead: ${error instanceof Error ? error.stack : String(error)}`);
      return json({ error: LEAD_ERRORS.unavailable }, 503, { "retry-after": "5" });
    }
  };
}
