/**
 * Signed webhooks in the scheme Stripe uses: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<raw body>")>`. Our outbound calls (leads to a CRM, codes to an SMS gateway) carry it so a
 * receiver can tell them from forgeries; inbound webhooks are checked against it. Several `v1=`
 * values let a sender sign with an old and a new secret during a rotation.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_TOLERANCE_S = 300;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

/** The header value for `body` signed with each secret at `now`. */
export function signatureHeader(secrets: string | readonly string[], body: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return [`t=${t}`, ...[secrets].flat().map((secret) => `v1=${hmac(secret, t, body)}`)].join(",");
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

/**
 * Whether `header` signs `body` with any of `secrets` within `toleranceS` of `now`. Every candidate
 * is compared in constant time.
 */
export function verifySignature(
  header: string | null,
  body: string,
  secrets: readonly string[],
  now: Date,
  toleranceS = SIGNATURE_TOLERANCE_S,
): SignatureCheck {
  if (!header) return { ok: false, reason: "missing" };
  let timestamp: number | null = null;
  const given: string[] = [];
  for (const part of header.split(",")) {
    const [key, value = ""] = part.trim().split("=", 2) as [string, string?];
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) given.push(value.toLowerCase());
  }
  if (timestamp === null || given.length === 0) return { ok: false, reason: "malformed" };
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceS) return { ok: false, reason: "stale" };
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
    for (const candidate of given) {
      if (timingSafeEqual(expected, Buffer.from(candidate, "hex"))) matched = true;
    }
  }
  return matched ? { ok: true } : { ok: false, reason: "mismatch" };
}
