/**
 * Phone sign-in and the watchlist (spec §6, §7 POST /api/watchlist/save-car and remove-car with
 * JSON phone_number and car_id, answering a success flag). A code is texted to an Australian
 * mobile; a right code starts a 30-day session held in an HttpOnly cookie (a random token; the
 * database keeps only its hash, so sign-out really ends it). The watchlist is server-side per user.
 */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import { type CarFields, carFields, findCarIn } from "~/features/vehicle/car-fields";
import { CALL_ERRORS } from "~/features/vehicle/http.server";
import type { Db } from "~/lib/db/db.server";
import { json, methodNotAllowed } from "~/lib/http.server";
import { MAX_CAR_ID } from "~/lib/shopper-input";
import { clientIp, clientKey } from "~/server/client";
import { clock } from "~/server/clock";
import { type CallContext, guarded, resolveTenant } from "~/server/context";
import { REQUEST_ERRORS } from "~/server/errors";
import { isJsonRequest, readJsonObject } from "~/server/json-post";
import { hitRateLimit, type RateLimit } from "~/server/rate-limit.server";
import type { TenantData } from "~/tenant/tenant.server";
import {
  ACCOUNT_TEXTS,
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  checkCode,
  offersAccounts,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from "./account";
import { checkMobile, displayMobile } from "./mobile";
import type { SmsAdapter } from "./sms.server";
import { accountDb } from "./tables";

export const ACCOUNT_LIMITS = {
  maxBodyBytes: 2048,
  /** Codes texted to one number, and asked for from one address, per 15 minutes. */
  codesPerPhone: { hits: 5, windowMs: 15 * 60_000 } satisfies RateLimit,
  codesPerIp: { hits: 20, windowMs: 15 * 60_000 } satisfies RateLimit,
  /**
   * Codes one site texts per hour, whatever the numbers and addresses: the dealer pays for each
   * text, and an attack spread over many numbers and addresses passes the limits above.
   */
  codesPerTenant: { hits: 200, windowMs: 60 * 60_000 } satisfies RateLimit,
  /** Code checks from one address per 15 minutes (each code also allows only 5 tries). */
  verifiesPerIp: { hits: 30, windowMs: 15 * 60_000 } satisfies RateLimit,
  /** Code checks for one number per hour, across the codes sent to it, from any address. */
  verifiesPerPhone: { hits: 10, windowMs: 60 * 60_000 } satisfies RateLimit,
};

export type AccountLimits = Omit<typeof ACCOUNT_LIMITS, "maxBodyBytes">;

export const ACCOUNT_ERRORS = {
  notOffered: "Sign-in is not offered on this site.",
  otherPhone: "This phone number is not the one you signed in with.",
} as const;

export interface AccountOptions extends CallContext {
  db: () => Promise<Db>;
  /** Null: no way to text codes here (deployed without SMS_WEBHOOK_URL). */
  sms: SmsAdapter | null;
  now?: () => Date;
  /** Six digits; injectable so tests know the code without reading the text. */
  newCode?: () => string;
  /** Overrides of ACCOUNT_LIMITS' rate limits, so tests can reach a cap in a few requests. */
  limits?: Partial<AccountLimits>;
}

export interface SessionUser {
  id: string;
  phone: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const codeHash = (tenant: string, phone: string, code: string) => sha256(`${tenant}\0${phone}\0${code}`);
const randomCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");

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
function sessionToken(req: Request): string | null {
  const secure = cookieValue(req, SECURE_SESSION_COOKIE);
  if (secure || isHttps(req)) return secure;
  return cookieValue(req, SESSION_COOKIE);
}

function sessionCookie(req: Request, token: string | null): string {
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

type Body = { ok: true; body: Record<string, unknown> } | { ok: false; response: Response };

async function readJson(req: Request): Promise<Body> {
  if (!isJsonRequest(req)) return { ok: false, response: json({ error: REQUEST_ERRORS.contentType }, 415) };
  return readJsonObject(req, ACCOUNT_LIMITS.maxBodyBytes);
}

const tooMany = (retryAfterSeconds: number) =>
  json({ success: false, error: ACCOUNT_TEXTS.tooMany }, 429, { "retry-after": String(retryAfterSeconds) });

/** Runs a POST for a site that offers accounts, with its JSON body. */
export function accountPost(
  name: string,
  options: AccountOptions,
  run: (input: {
    req: Request;
    tenant: string;
    data: TenantData;
    db: Db;
    body: Record<string, unknown>;
  }) => Promise<Response>,
): (req: Request) => Promise<Response> {
  return (req) =>
    guarded(name, async () => {
      if (req.method !== "POST") return methodNotAllowed("POST");
      const resolved = resolveTenant(req, options);
      if (!resolved.ok) return resolved.response;
      if (!offersAccounts(resolved.data.site))
        return json({ success: false, error: ACCOUNT_ERRORS.notOffered }, 404);
      const body = await readJson(req);
      if (!body.ok) return body.response;
      return run({
        req,
        tenant: resolved.tenant,
        data: resolved.data,
        db: await options.db(),
        body: body.body,
      });
    });
}

/** POST /api/sign-in/code `{ phone }`: texts a one-time code. */
export function createSignInCodeHandler(options: AccountOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const newCode = options.newCode ?? randomCode;
  const limits = { ...ACCOUNT_LIMITS, ...options.limits };
  return accountPost("sign-in-code", options, async ({ req, tenant, data, db, body }) => {
    if (!options.sms) return json({ success: false, error: ACCOUNT_TEXTS.unavailable }, 503);
    const phone = checkMobile(typeof body.phone === "string" ? body.phone : "");
    if (!phone.ok) return json({ success: false, error: phone.error, fields: { phone: phone.error } }, 400);
    const at = now();
    const ip = clientIp(req);
    // The site's cap comes last, so requests another limit refuses do not use it up.
    for (const [bucket, limit] of [
      [`sign-in-code:${tenant}:${phone.phone}`, limits.codesPerPhone],
      [`sign-in-code:${tenant}:${clientKey(ip)}`, limits.codesPerIp],
      [`sign-in-code-site:${tenant}`, limits.codesPerTenant],
    ] as const) {
      const hit = await hitRateLimit(db, bucket, limit, at);
      if (!hit.allowed) return tooMany(hit.retryAfterSeconds);
    }
    const code = newCode();
    const row = {
      tenant,
      phone: phone.phone,
      code_hash: codeHash(tenant, phone.phone, code),
      expires_at: new Date(at.getTime() + CODE_TTL_MS),
      attempts: 0,
      created_at: at,
    };
    // A code re-sent while the last one is live keeps its tries, or asking for a new code would
    // buy five more guesses; with no tries left nothing is sent (the code could not be used).
    const live = sql<boolean>`sign_in_codes.expires_at > ${at}`;
    const written = await accountDb(db)
      .insertInto("sign_in_codes")
      .values(row)
      .onConflict((conflict) =>
        conflict
          .columns(["tenant", "phone"])
          .doUpdateSet({
            code_hash: row.code_hash,
            expires_at: row.expires_at,
            attempts: sql<number>`case when ${live} then sign_in_codes.attempts else 0 end`,
            created_at: at,
          })
          .where((eb) => eb.or([eb.not(live), eb("sign_in_codes.attempts", "<", CODE_MAX_ATTEMPTS)])),
      )
      .returning("expires_at")
      .executeTakeFirst();
    if (!written) {
      const locked = await accountDb(db)
        .selectFrom("sign_in_codes")
        .select("expires_at")
        .where("tenant", "=", tenant)
        .where("phone", "=", phone.phone)
        .executeTakeFirst();
      const waitMs = (locked?.expires_at.getTime() ?? at.getTime()) - at.getTime();
      return tooMany(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    try {
      await options.sms.send({
        tenant,
        to: phone.phone,
        body: `${code} is your ${data.site.name} sign-in code. It expires in ${CODE_TTL_MS / 60_000} minutes.`,
      });
    } catch (error) {
      console.error(
        `[sign-in-code] ${tenant}: could not send the code: ${error instanceof Error ? error.message : error}`,
      );
      return json({ success: false, error: ACCOUNT_TEXTS.unavailable }, 503);
    }
    return json({ success: true, phone: displayMobile(phone.phone) });
  });
}

/** POST /api/sign-in/verify `{ phone, code }`: a right code signs the browser in (cookie). */
export function createSignInVerifyHandler(options: AccountOptions): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  const limits = { ...ACCOUNT_LIMITS, ...options.limits };
  return accountPost("sign-in-verify", options, async ({ req, tenant, db, body }) => {
    const phone = checkMobile(typeof body.phone === "string" ? body.phone : "");
    if (!phone.ok) return json({ success: false, error: phone.error, fields: { phone: phone.error } }, 400);
    const code = checkCode(typeof body.code === "string" ? body.code : "");
    if (!code.ok) return json({ success: false, error: code.error, fields: { code: code.error } }, 400);
    const at = now();
    const ip = clientIp(req);
    // Per number as well as per address: guesses spread over many addresses still meet a cap,
    // whatever codes were sent in between.
    for (const [bucket, limit] of [
      [`sign-in-verify:${tenant}:${clientKey(ip)}`, limits.verifiesPerIp],
      [`sign-in-verify-phone:${tenant}:${phone.phone}`, limits.verifiesPerPhone],
    ] as const) {
      const hit = await hitRateLimit(db, bucket, limit, at);
      if (!hit.allowed) return tooMany(hit.retryAfterSeconds);
    }
    const accounts = accountDb(db);
    const wrong = (message: string) =>
      json({ success: false, error: message, fields: { code: message } }, 400);
    // Claim a try before comparing, in one statement: concurrent guesses each take their own try,
    // so no more than CODE_MAX_ATTEMPTS of them are ever compared.
    const claimed = await accounts
      .updateTable("sign_in_codes")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("tenant", "=", tenant)
      .where("phone", "=", phone.phone)
      .where("attempts", "<", CODE_MAX_ATTEMPTS)
      .where("expires_at", ">", at)
      .returning(["code_hash", "attempts"])
      .executeTakeFirst();
    if (!claimed) {
      const stored = await accounts
        .selectFrom("sign_in_codes")
        .select(["attempts", "expires_at"])
        .where("tenant", "=", tenant)
        .where("phone", "=", phone.phone)
        .executeTakeFirst();
      const locked = stored && stored.expires_at > at && stored.attempts >= CODE_MAX_ATTEMPTS;
      return wrong(locked ? ACCOUNT_TEXTS.codeLocked : ACCOUNT_TEXTS.codeWrong);
    }
    const expected = Buffer.from(claimed.code_hash, "hex");
    const given = Buffer.from(codeHash(tenant, phone.phone, code.code), "hex");
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return wrong(
        claimed.attempts >= CODE_MAX_ATTEMPTS ? ACCOUNT_TEXTS.codeLocked : ACCOUNT_TEXTS.codeWrong,
      );
    // One use: a second request with the same code, or one racing a re-sent code, finds nothing.
    const used = await accounts
      .deleteFrom("sign_in_codes")
      .where("tenant", "=", tenant)
      .where("phone", "=", phone.phone)
      .where("code_hash", "=", claimed.code_hash)
      .executeTakeFirst();
    if (Number(used.numDeletedRows) === 0) return wrong(ACCOUNT_TEXTS.codeWrong);
    await accounts
      .insertInto("users")
      .values({ id: randomUUID(), tenant, phone: phone.phone, created_at: at })
      .onConflict((conflict) => conflict.columns(["tenant", "phone"]).doNothing())
      .execute();
    const user = await accounts
      .selectFrom("users")
      .select(["id", "phone"])
      .where("tenant", "=", tenant)
      .where("phone", "=", phone.phone)
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString("base64url");
    await accounts
      .insertInto("sessions")
      .values({
        token_hash: sha256(token),
        user_id: user.id,
        tenant,
        expires_at: new Date(at.getTime() + SESSION_TTL_MS),
        created_at: at,
      })
      .execute();
    return json({ success: true, user }, 200, { "set-cookie": sessionCookie(req, token) });
  });
}

/**
 * Deletes sessions and sign-in codes that have expired (of one tenant when `tenant` is given,
 * as a deployed site's worker must), so neither table grows without end. Sign-in never needs
 * them: every read already skips what has expired.
 */
export async function pruneAccounts(
  db: Db,
  now: Date,
  tenant?: string | null,
): Promise<{ sessions: number; codes: number }> {
  const accounts = accountDb(db);
  let sessions = accounts.deleteFrom("sessions").where("expires_at", "<", now);
  let codes = accounts.deleteFrom("sign_in_codes").where("expires_at", "<", now);
  if (tenant) {
    sessions = sessions.where("tenant", "=", tenant);
    codes = codes.where("tenant", "=", tenant);
  }
  const deletedSessions = await sessions.executeTakeFirst();
  const deletedCodes = await codes.executeTakeFirst();
  return {
    sessions: Number(deletedSessions.numDeletedRows),
    codes: Number(deletedCodes.numDeletedRows),
  };
}

/** POST /api/sign-out: ends this browser's session. */
export function createSignOutHandler(options: AccountOptions): (req: Request) => Promise<Response> {
  return accountPost("sign-out", options, async ({ req, tenant, db }) => {
    const token = sessionToken(req);
    if (token)
      await accountDb(db)
        .deleteFrom("sessions")
        .where("token_hash", "=", sha256(token))
        .where("tenant", "=", tenant)
        .execute();
    return json({ success: true }, 200, { "set-cookie": sessionCookie(req, null) });
  });
}

/** What /watchlist shows of a saved car; `listed: false` once it has left the site. */
export type WatchlistCar =
  | ({ listed: true } & Pick<
      CarFields,
      "id" | "slug" | "name" | "price_text" | "was_price_text" | "sold" | "image" | "car_type_label" | "km"
    >)
  | { listed: false; id: number };

async function watchlistIds(db: Db, tenant: string, userId: string): Promise<number[]> {
  const rows = await accountDb(db)
    .selectFrom("watchlist")
    .select("car_id")
    .where("tenant", "=", tenant)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => row.car_id);
}

/**
 * Runs a GET for a site that offers what `offered` checks (else 404 with `notOffered`), with the
 * signed-in user of the request or null.
 */
export function accountGet(
  name: string,
  options: AccountOptions,
  offered: { check: (site: TenantData["site"]) => boolean; error: string },
  run: (input: { tenant: string; data: TenantData; db: Db; user: SessionUser | null }) => Promise<Response>,
): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  return (req) =>
    guarded(name, async () => {
      if (req.method !== "GET") return methodNotAllowed("GET");
      const resolved = resolveTenant(req, options);
      if (!resolved.ok) return resolved.response;
      const { tenant, data } = resolved;
      if (!offered.check(data.site)) return json({ success: false, error: offered.error }, 404);
      const db = await options.db();
      return run({ tenant, data, db, user: await sessionUser(db, tenant, req, now()) });
    });
}

/** GET /api/account: who is signed in here, with their watchlist (`{ user: null }` when nobody). */
export function createAccountHandler(options: AccountOptions): (req: Request) => Promise<Response> {
  return accountGet(
    "account",
    options,
    { check: offersAccounts, error: ACCOUNT_ERRORS.notOffered },
    async ({ tenant, data, db, user }) => {
      if (!user) return json({ user: null });
      const ids = await watchlistIds(db, tenant, user.id);
      const cars: WatchlistCar[] = ids.map((id) => {
        const car = findCarIn(data, { id });
        if (!car) return { listed: false, id };
        const { slug, name, price_text, was_price_text, sold, image, car_type_label, km } = carFields(
          data,
          car,
        );
        return { listed: true, id, slug, name, price_text, was_price_text, sold, image, car_type_label, km };
      });
      return json({ user: { ...user, phone_display: displayMobile(user.phone) }, watchlist: cars });
    },
  );
}

/** POST /api/watchlist/save-car and remove-car `{ phone_number, car_id }` (spec §7). */
export function createWatchlistHandler(
  action: "save" | "remove",
  options: AccountOptions,
): (req: Request) => Promise<Response> {
  const now = options.now ?? clock;
  return accountPost(`watchlist-${action}`, options, async ({ req, tenant, data, db, body }) => {
    if (!data.site.features.watchlist) return json({ success: false, error: ACCOUNT_ERRORS.notOffered }, 404);
    const user = await sessionUser(db, tenant, req, now());
    if (!user) return json({ success: false, error: ACCOUNT_TEXTS.signInNeeded }, 401);
    const phone = checkMobile(typeof body.phone_number === "string" ? body.phone_number : "");
    if (!phone.ok || phone.phone !== user.phone)
      return json({ success: false, error: ACCOUNT_ERRORS.otherPhone }, 403);
    const carId = Number(body.car_id);
    if (!Number.isInteger(carId) || carId <= 0 || carId > MAX_CAR_ID)
      return json(
        { success: false, error: CALL_ERRORS.unknownCar, fields: { car_id: "must be a car id" } },
        400,
      );
    const accounts = accountDb(db);
    if (action === "save") {
      // Only cars on the site can be saved; a car that has since left can still be removed.
      if (!findCarIn(data, { id: carId }))
        return json({ success: false, error: CALL_ERRORS.unknownCar }, 404);
      await accounts
        .insertInto("watchlist")
        .values({ user_id: user.id, tenant, car_id: carId, created_at: now() })
        .onConflict((conflict) => conflict.columns(["user_id", "car_id"]).doNothing())
        .execute();
    } else {
      await accounts
        .deleteFrom("watchlist")
        .where("user_id", "=", user.id)
        .where("tenant", "=", tenant)
        .where("car_id", "=", carId)
        .execute();
    }
    return json({ success: true, car_ids: await watchlistIds(db, tenant, user.id) });
  });
}
