/** Phone sign-in (spec §6): a code texted to an Australian mobile; a right code starts a session. */
import { randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "~/lib/db/db.server";
import { recordOpsEvent } from "~/lib/db/ops-events.server";
import { clientIp, clientKey } from "~/server/client";
import { clock } from "~/server/clock";
import { json } from "~/server/http";
import { hitRateLimit, type RateLimit, rateLimitHits } from "~/server/rate-limit.server";
import {
  ACCOUNT_TEXTS,
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  checkCode,
  SESSION_TTL_MS,
} from "./account";
import {
  ACCOUNT_LIMITS,
  type AccountLimits,
  type AccountOptions,
  accountPost,
  tooMany,
} from "./account-http.server";
import { checkMobile, displayMobile } from "./mobile";
import { sessionCookie, sessionToken, sha256 } from "./session.server";
import { accountDb } from "./tables";

const codeHash = (tenant: string, phone: string, code: string) => sha256(`${tenant}\0${phone}\0${code}`);
const randomCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");

/** Whether `phone` has signed in on this site before (a right code made it a user). */
async function signedInBefore(db: Db, tenant: string, phone: string): Promise<boolean> {
  const user = await accountDb(db)
    .selectFrom("users")
    .select("id")
    .where("tenant", "=", tenant)
    .where("phone", "=", phone)
    .executeTakeFirst();
  return user !== undefined;
}

/**
 * The limits a code request must pass, in order: per number and per address (an IPv6 client by
 * its /48) for every number; then, for a number new to the site, the site's hourly cap, and near
 * that cap a stricter per-address limit first. The cap comes last, so requests another limit
 * refuses do not use it up; numbers that have signed in before stay outside it, so whoever uses
 * it up cannot keep the site's returning shoppers out (ACCOUNT_LIMITS says why).
 */
async function codeLimits(
  db: Db,
  input: { tenant: string; phone: string; network: string; limits: AccountLimits; at: Date },
): Promise<[string, RateLimit][]> {
  const { tenant, phone, network, limits, at } = input;
  const limitsFor: [string, RateLimit][] = [
    [`sign-in-code:${tenant}:${phone}`, limits.codesPerPhone],
    [`sign-in-code:${tenant}:${network}`, limits.codesPerIp],
  ];
  if (await signedInBefore(db, tenant, phone)) return limitsFor;
  const site = `sign-in-code-site:${tenant}`;
  if ((await rateLimitHits(db, site, limits.codesPerTenant, at)) >= limits.nearCapFrom)
    limitsFor.push([`sign-in-code-near-cap:${tenant}:${network}`, limits.codesPerIpNearCap]);
  limitsFor.push([site, limits.codesPerTenant]);
  return limitsFor;
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
    const network = clientKey(clientIp(req), 48);
    for (const [bucket, limit] of await codeLimits(db, { tenant, phone: phone.phone, network, limits, at })) {
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
      const why = error instanceof Error ? error.message : String(error);
      console.error(`[sign-in-code] ${tenant}: could not send the code: ${why}`);
      await recordOpsEvent(db, tenant, "sms_failed", why, now());
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
