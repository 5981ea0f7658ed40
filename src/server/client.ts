/**
 * Who sent a request and what it carries, the same way for every function: the client's address as
 * Netlify gives it (and the local server from its socket), the key a rate limit counts it by, its
 * Idempotency-Key in the client namespace, and its body read within a size limit.
 */
import { isIPv4, isIPv6 } from "node:net";
import { readStreamWithin } from "~/lib/read-within.server";

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
 * since one home or phone network is handed a whole /64 and can use any of its 2^64 addresses
 * (or by its /48 where a limit must hold against one customer's whole allocation: providers hand
 * out /48s, and a /48 holds 65,536 /64s); an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as its
 * IPv4 address; anything else as UNKNOWN_CLIENT.
 */
export function clientKey(ip: string | null, ipv6Prefix: 48 | 64 = 64): string {
  const address = ip?.trim() ?? "";
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return UNKNOWN_CLIENT;
  const [g6 = 0, g7 = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255].join(".");
  }
  return `${groups
    .slice(0, ipv6Prefix / 16)
    .map((group) => group.toString(16))
    .join(":")}::/${ipv6Prefix}`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing IPv4 read), or null. */
export function ipv6Groups(address: string): number[] | null {
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

/**
 * Reads at most `max` bytes of body; a bigger (or lying) body stops the read early and answers
 * null.
 */
export async function readBodyWithin(req: Request, max: number): Promise<string | null> {
  // A body whose length is declared cannot be longer (HTTP framing ends it there), so one within
  // the limit is read whole, without a stream.
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (Number.isInteger(declared) && declared >= 0 && declared <= max) {
    const bytes = await req.arrayBuffer();
    return bytes.byteLength <= max ? new TextDecoder().decode(bytes) : null;
  }
  const bytes = await readStreamWithin(req.body, max);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}
