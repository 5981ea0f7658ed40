/**
 * The session of a signed-in browser: a random token in an HttpOnly cookie, of which the database
 * keeps only the hash, so signing out really ends it.
 */
import { createHash } from "node:crypto";
import type { Db } from "~/lib/db/db.server";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SESSION_TTL_MS } from "./account";
import { accountDb } from "./tables";

export interface SessionUser {
  id: string;
  phone: string;
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function cookieValue(req: Request, name: string): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

const isHttps = (req: Request) => new URL(req.url).protocol === "https:";

/**
 * The session token the browser sent. Over https only the `__Host-` cookie counts: a plain-named
 * one may have been planted by a sibling subdomain or an http page. Over http (local runs, where
 * browsers refuse the prefix) the plain name is read too.
 */
export function sessionToken(req: Request): string | null {
  const secure = cookieValue(req, SECURE_SESSION_COOKIE);
  if (secure || isHttps(req)) return secure;
  return cookieValue(req, SESSION_COOKIE);
}

export function sessionCookie(req: Request, token: string | null): string {
  const life = token ? `; Max-Age=${SESSION_TTL_MS / 1000}` : "; Max-Age=0";
  // `__Host-` needs Secure, Path=/ and no Domain, which browsers grant only over https.
  const [name, secure] = isHttps(req) ? [SECURE_SESSION_COOKIE, "; Secure"] : [SESSION_COOKIE, ""];
  return `${name}=${token ?? ""}; Path=/; HttpOnly; SameSite=Lax${life}${secure}`;
}

/** The signed-in user of a request on this site, or null. */
export async function sessionUser(
  db: Db,
  tenant: string,
  req: Request,
  now: Date,
): Promise<SessionUser | null> {
  const token = sessionToken(req);
  if (!token || !/^[\w-]{20,100}$/.test(token)) return null;
  const row = await accountDb(db)
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.phone"])
    .where("sessions.token_hash", "=", sha256(token))
    .where("sessions.tenant", "=", tenant)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
  return row ?? null;
}
