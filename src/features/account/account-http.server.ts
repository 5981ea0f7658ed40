/** What every account function shares: its limits and texts, options, and the POST and GET preambles. */

import type { Db } from "~/lib/db/db.server";
import { clock } from "~/server/clock";
import { type CallContext, handleCall } from "~/server/context";
import { ERRORS } from "~/server/errors";
import { json } from "~/server/http";
import { isJsonRequest, readJsonObject } from "~/server/json-post";
import type { RateLimit } from "~/server/rate-limit.server";
import type { TenantData } from "~/tenant/tenant.server";
import { ACCOUNT_TEXTS, offersAccounts } from "./account";
import { type SessionUser, sessionUser } from "./session.server";
import type { SmsAdapter } from "./sms.server";

export const ACCOUNT_LIMITS = {
  maxBodyBytes: 2048,
  /**
   * Codes texted to one number, and asked for from one address (an IPv6 client by its /48, as one
   * customer's allocation holds thousands of /64s), per 15 minutes.
   */
  codesPerPhone: { hits: 5, windowMs: 15 * 60_000 } satisfies RateLimit,
  codesPerIp: { hits: 20, windowMs: 15 * 60_000 } satisfies RateLimit,
  /**
   * Codes one site texts per hour to numbers that have never signed in there, whatever the numbers
   * and addresses: the dealer pays for each text, and an attack spread over many numbers and
   * addresses passes the limits above. Numbers that have signed in before are outside it (the
   * per-number and per-address limits bound them), so an attacker who uses it up cannot keep the
   * site's shoppers out.
   */
  codesPerTenant: { hits: 200, windowMs: 60 * 60_000 } satisfies RateLimit,
  /**
   * Once a site has texted this many of those codes in the hour it is being attacked (or is far
   * busier than any dealer's site is), and each address may ask for codes to new numbers only
   * `codesPerIpNearCap` times for the rest of the hour: using up the cap then takes some fifty
   * addresses instead of three, while a shopper who mistypes a number once still gets through.
   */
  nearCapFrom: 100,
  codesPerIpNearCap: { hits: 2, windowMs: 60 * 60_000 } satisfies RateLimit,
  /** Code checks from one address per 15 minutes (each code also allows only 5 tries). */
  verifiesPerIp: { hits: 30, windowMs: 15 * 60_000 } satisfies RateLimit,
  /** Code checks for one number per hour, across the codes sent to it, from any address. */
  verifiesPerPhone: { hits: 10, windowMs: 60 * 60_000 } satisfies RateLimit,
};

export type AccountLimits = Omit<typeof ACCOUNT_LIMITS, "maxBodyBytes">;

export interface AccountOptions extends CallContext {
  /** Null: no way to text codes here (deployed without SMS_WEBHOOK_URL). */
  sms: SmsAdapter | null;
  now?: () => Date;
  /** Six digits; injectable so tests know the code without reading the text. */
  newCode?: () => string;
  /** Overrides of ACCOUNT_LIMITS' rate limits, so tests can reach a cap in a few requests. */
  limits?: Partial<AccountLimits>;
}

type Body = { ok: true; body: Record<string, unknown> } | { ok: false; response: Response };

async function readJson(req: Request): Promise<Body> {
  if (!isJsonRequest(req)) return { ok: false, response: json({ error: ERRORS.request.contentType }, 415) };
  return readJsonObject(req, ACCOUNT_LIMITS.maxBodyBytes);
}

export const tooMany = (retryAfterSeconds: number) =>
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
  return handleCall({ name, allow: "POST", writes: "accounts" }, options, async ({ req, tenant, data }) => {
    if (!offersAccounts(data.site)) return json({ success: false, error: ERRORS.account.notOffered }, 404);
    const body = await readJson(req);
    if (!body.ok) return body.response;
    return run({ req, tenant, data, db: await options.db(), body: body.body });
  });
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
  return handleCall({ name, allow: "GET" }, options, async ({ req, tenant, data }) => {
    if (!offered.check(data.site)) return json({ success: false, error: offered.error }, 404);
    const db = await options.db();
    return run({ tenant, data, db, user: await sessionUser(db, tenant, req, now()) });
  });
}
