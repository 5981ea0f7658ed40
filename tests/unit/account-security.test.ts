/**
 * Sign-in under attack: the five-try limit under concurrent guesses (PGlite and a throwaway
 * PostgreSQL 15), the per-number verify cap, re-sent codes, the per-site cap on texted codes, the
 * return path after sign-in, the session cookie's name and pruning of what has expired.
 */

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS, CODE_MAX_ATTEMPTS, safeReturnPath } from "~/features/account/account";
import {
  ACCOUNT_LIMITS,
  type AccountOptions,
  createAccountHandler,
  createSignInCodeHandler,
  createSignInVerifyHandler,
  createSignOutHandler,
  createWatchlistHandler,
  pruneAccounts,
} from "~/features/account/account.server";
import type { SmsMessage } from "~/features/account/sms.server";
import { type Db, openDb } from "~/lib/db/db.server";
import type { TenantData } from "~/tenant/tenant.server";
import { makeSite, NOW } from "./helpers";
import { type Postgres, startPostgres } from "./leads-helpers";

const postgres: Promise<Postgres> = startPostgres();
// Started early, beside the PGlite tests; a machine without PostgreSQL fails the PostgreSQL suite
// (its beforeAll awaits this) with what to install.
postgres.catch(() => {});
afterAll(async () => {
  (await postgres.catch(() => null))?.stop();
});

const siteData = (slug: string): TenantData => ({
  site: makeSite({ slug, features: { watchlist: true } }),
  locations: [],
  offers: [],
  pages: [],
  cars: [],
  now: NOW.toISOString(),
});
const tenants = new Map(["test-motors", "cap-motors", "other-motors"].map((slug) => [slug, siteData(slug)]));

interface World {
  db: Db;
  sent: SmsMessage[];
  code: string;
  clock: Date;
  options(extra?: Partial<AccountOptions>): AccountOptions;
}

function world(db: Db): World {
  const w: World = {
    db,
    sent: [],
    code: "123456",
    clock: NOW,
    options: (extra = {}) => ({
      db: async () => db,
      tenantFor: (req) => /^([a-z0-9-]+)\./.exec(req.headers.get("host") ?? "")?.[1] ?? null,
      snapshot: (slug) => tenants.get(slug) ?? null,
      sms: {
        name: "test",
        async send(message) {
          w.sent.push(message);
        },
      },
      now: () => w.clock,
      newCode: () => w.code,
      ...extra,
    }),
  };
  return w;
}

let ipCounter = 0;
/** Every request from its own address, as a spread-out attacker sends them. */
const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;
let phoneCounter = 0;
const nextPhone = () => `04${String(30_000_000 + phoneCounter++).padStart(8, "0")}`;

function post(
  body: unknown,
  init: { cookie?: string; tenant?: string; https?: boolean; ip?: string } = {},
): Request {
  const host = `${init.tenant ?? "test-motors"}.example.com.au`;
  const headers = new Headers({ "content-type": "application/json", host });
  if (init.cookie) headers.set("cookie", init.cookie);
  headers.set("x-forwarded-for", init.ip ?? nextIp());
  return new Request(`${init.https ? "https" : "http"}://${host}/api`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
}

function get(init: { cookie?: string; https?: boolean } = {}): Request {
  const host = "test-motors.example.com.au";
  return new Request(`${init.https ? "https" : "http"}://${host}/api/account`, {
    headers: { host, ...(init.cookie ? { cookie: init.cookie } : {}) },
  });
}

async function answer(response: Response) {
  const body = (await response.json()) as { success: boolean; error?: string };
  return { status: response.status, error: body.error, cookie: response.headers.get("set-cookie") };
}

const backends: { name: string; open: () => Promise<Db> }[] = [
  { name: "PGlite", open: () => openDb({ kind: "pglite", dataDir: null }) },
  {
    name: "PostgreSQL",
    open: async () => openDb({ kind: "postgres", url: (await postgres).url, poolSize: 10 }),
  },
];

describe.each(backends)("sign-in codes on $name", ({ name, open }) => {
  let w: World;
  beforeAll(async () => {
    w = world(await open());
  });
  afterAll(async () => {
    await w?.db.destroy();
  });

  const attemptsOf = async (db: Db, phone: string) =>
    (
      await db
        .selectFrom("sign_in_codes" as never)
        .select("attempts" as never)
        .where("phone" as never, "=", `+61${phone.slice(1)}` as never)
        .executeTakeFirst()
    )?.attempts as number | undefined;

  it(`five-try limit on sign-in codes cannot be raced (${name})`, async () => {
    const world = w;
    // Only the attempt claim is under test here: the per-number verify cap is lifted.
    const options = world.options({
      limits: { verifiesPerPhone: { hits: 1000, windowMs: 3_600_000 } },
    });
    const send = createSignInCodeHandler(options);
    const verify = createSignInVerifyHandler(options);
    const burst = (phone: string, guesses: string[]) =>
      Promise.all(guesses.map(async (code) => answer(await verify(post({ phone, code })))));

    // 40 wrong guesses at once: the stored try count is how many were compared.
    const wrongOnly = nextPhone();
    world.code = "482913";
    expect((await send(post({ phone: wrongOnly }))).status).toBe(200);
    await burst(
      wrongOnly,
      Array.from({ length: 40 }, (_, i) => String(100_000 + i)),
    );
    expect
      .soft(await attemptsOf(world.db, wrongOnly), "codes compared of 40 concurrent wrong guesses")
      .toBe(CODE_MAX_ATTEMPTS);

    // 40 at once with the right code placed late: it comes after the fifth try, so it is refused.
    const phone = nextPhone();
    world.code = "730146";
    expect((await send(post({ phone }))).status).toBe(200);
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 30 ? "730146" : String(200_000 + i)));
    const answers = await burst(phone, guesses);
    const compared = answers.filter((a) => a.status === 200 || a.error === ACCOUNT_TEXTS.codeWrong);
    expect(compared.length, "answers other than locked").toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
    expect(
      answers.map((a) => a.status),
      "the right guess after the fifth try signs in",
    ).not.toContain(200);
    expect(answers.every((a) => a.cookie === null)).toBe(true);
    expect(await attemptsOf(world.db, phone)).toBe(CODE_MAX_ATTEMPTS);
  });

  it(`a right code sent many times at once signs in once (${name})`, async () => {
    const world = w;
    const verify = createSignInVerifyHandler(world.options());
    const phone = nextPhone();
    world.code = "918273";
    expect((await createSignInCodeHandler(world.options())(post({ phone }))).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => answer(await verify(post({ phone, code: "918273" })))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.cookie !== null)).toHaveLength(1);
  });

  it(`checks one number at most ${ACCOUNT_LIMITS.verifiesPerPhone.hits} times an hour, across codes (${name})`, async () => {
    const world = w;
    world.clock = NOW;
    const send = createSignInCodeHandler(world.options());
    const verify = createSignInVerifyHandler(world.options());
    const phone = nextPhone();
    try {
      // Two codes, five wrong tries each (each code expires before the next is asked for).
      for (const minute of [0, 11]) {
        world.clock = new Date(NOW.getTime() + minute * 60_000);
        world.code = "555000";
        expect((await send(post({ phone }))).status).toBe(200);
        for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
          expect((await verify(post({ phone, code: "000999" }))).status).toBe(400);
      }
      world.clock = new Date(NOW.getTime() + 22 * 60_000);
      world.code = "246801";
      expect((await send(post({ phone }))).status).toBe(200);
      const eleventh = await verify(post({ phone, code: "246801" }));
      expect(eleventh.status).toBe(429);
      expect((await eleventh.json()).error).toBe(ACCOUNT_TEXTS.tooMany);
      expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      world.clock = NOW;
    }
  });

  it(`a code re-sent while the last one is live keeps its tries (${name})`, async () => {
    const world = w;
    const send = createSignInCodeHandler(world.options());
    const verify = createSignInVerifyHandler(world.options());
    const phone = nextPhone();
    try {
      world.clock = NOW;
      world.code = "111000";
      await send(post({ phone }));
      for (let i = 1; i < CODE_MAX_ATTEMPTS; i++)
        expect((await answer(await verify(post({ phone, code: "999999" })))).error).toBe(
          ACCOUNT_TEXTS.codeWrong,
        );
      world.clock = new Date(NOW.getTime() + 60_000);
      world.code = "222000";
      expect((await send(post({ phone }))).status).toBe(200);
      // The fifth try of the window, though the first of the new code.
      expect((await answer(await verify(post({ phone, code: "999999" })))).error).toBe(
        ACCOUNT_TEXTS.codeLocked,
      );
      expect((await answer(await verify(post({ phone, code: "222000" })))).error).toBe(
        ACCOUNT_TEXTS.codeLocked,
      );
      // While locked no code is texted: it could not be used.
      const sentBefore = world.sent.length;
      const locked = await send(post({ phone }));
      expect(locked.status).toBe(429);
      expect(world.sent.length).toBe(sentBefore);
      // Once the window has closed a new code works.
      world.clock = new Date(NOW.getTime() + 60_000 + 10 * 60_000 + 1);
      world.code = "333000";
      expect((await send(post({ phone }))).status).toBe(200);
      expect((await verify(post({ phone, code: "333000" }))).status).toBe(200);
    } finally {
      world.clock = NOW;
    }
  });
});

describe("the per-site cap on texted codes", () => {
  let w: World;
  beforeAll(async () => {
    w = world(await openDb({ kind: "pglite", dataDir: null }));
  });
  afterAll(async () => {
    await w?.db.destroy();
  });

  it("caps the codes one site texts in an hour, whatever the numbers and addresses", async () => {
    expect(ACCOUNT_LIMITS.codesPerTenant).toEqual({ hits: 200, windowMs: 3_600_000 });
    const options = w.options({
      limits: { codesPerTenant: { hits: 3, windowMs: 3_600_000 } },
    });
    const send = createSignInCodeHandler(options);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await send(post({ phone: nextPhone() }, { tenant: "cap-motors" }))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(w.sent.filter((m) => m.tenant === "cap-motors")).toHaveLength(3);
    const refused = await send(post({ phone: nextPhone() }, { tenant: "cap-motors" }));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(ACCOUNT_TEXTS.tooMany);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another site's shoppers are not held up.
    expect((await send(post({ phone: nextPhone() }, { tenant: "other-motors" }))).status).toBe(200);
    // The next hour the site texts again.
    w.clock = new Date(NOW.getTime() + 3_600_000);
    try {
      expect((await send(post({ phone: nextPhone() }, { tenant: "cap-motors" }))).status).toBe(200);
    } finally {
      w.clock = NOW;
    }
  });
});

describe("Medium: the per-site cap on texted codes is not an off switch for sign-in", () => {
  let w: World;
  beforeAll(async () => {
    w = world(await openDb({ kind: "pglite", dataDir: null }));
  });
  afterAll(async () => {
    await w?.db.destroy();
  });

  /** Each test's site, so the hour's counters of one test never reach another. */
  const sites = ["cap-motors", "other-motors"];
  const textsTo = (tenant: string, phones: Set<string>) =>
    w.sent.filter((m) => m.tenant === tenant && phones.has(`0${m.to.slice(3)}`)).length;

  /** Signs `phone` in on `tenant` with a code, as a shopper does, at `at`. */
  async function signIn(tenant: string, phone: string, at: Date): Promise<{ code: number; verify: number }> {
    w.clock = at;
    w.code = "650321";
    try {
      const code = (await createSignInCodeHandler(w.options())(post({ phone }, { tenant }))).status;
      const verified = await createSignInVerifyHandler(w.options())(
        post({ phone, code: "650321" }, { tenant }),
      );
      if (verified.status === 200) expect(verified.headers.get("set-cookie")).toMatch(/^session=/);
      return { code, verify: verified.status };
    } finally {
      w.clock = NOW;
    }
  }

  it("three addresses and random numbers no longer use up the site's codes for the hour", async () => {
    const tenant = sites[0] as string;
    expect(ACCOUNT_LIMITS).toMatchObject({
      codesPerPhone: { hits: 5, windowMs: 900_000 },
      codesPerIp: { hits: 20, windowMs: 900_000 },
      codesPerTenant: { hits: 200, windowMs: 3_600_000 },
      nearCapFrom: 100,
      codesPerIpNearCap: { hits: 2, windowMs: 3_600_000 },
    });
    const send = createSignInCodeHandler(w.options());
    const attackers = ["198.51.100.1", "198.51.100.2", "198.51.100.3"];
    const numbers = new Set<string>();
    // Every quarter of one hour, each address asks for 25 codes, each to a number never seen before.
    for (const quarter of [0, 1, 2, 3]) {
      w.clock = new Date(NOW.getTime() + quarter * 900_000);
      for (const ip of attackers)
        for (let i = 0; i < 25; i++) {
          const phone = nextPhone();
          numbers.add(phone);
          await send(post({ phone }, { tenant, ip }));
        }
    }
    w.clock = new Date(NOW.getTime() + 50 * 60_000);
    try {
      // 100 codes before the site is near its cap, then two more per address for the hour.
      expect(textsTo(tenant, numbers)).toBe(106);
      // A shopper new to the site still gets a code the same hour; near the cap one address gets
      // codes for two new numbers an hour, not a third.
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await answer(await send(post({ phone: nextPhone() }, { tenant, ip: "203.0.113.50" }))));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
      expect(answers[2]?.error).toBe(ACCOUNT_TEXTS.tooMany);
    } finally {
      w.clock = NOW;
    }
  });

  it("an attacker at the cap cannot stop a returning shopper signing in", async () => {
    const tenant = sites[1] as string;
    // The shopper signed in on this site yesterday.
    const returning = nextPhone();
    expect(await signIn(tenant, returning, new Date(NOW.getTime() - 86_400_000))).toEqual({
      code: 200,
      verify: 200,
    });
    // An attacker with an address for every request asks for codes to 210 new numbers this hour.
    const send = createSignInCodeHandler(w.options());
    const numbers = new Set<string>();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 210; i++) {
      const phone = nextPhone();
      numbers.add(phone);
      const { status } = await send(post({ phone }, { tenant }));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // The cap holds the dealer's bill: 200 texts, then new numbers wait for the next hour.
    expect(Object.fromEntries(statuses)).toEqual({ 200: 200, 429: 10 });
    expect(textsTo(tenant, numbers)).toBe(200);
    expect((await send(post({ phone: nextPhone() }, { tenant }))).status).toBe(429);
    // The returning shopper is not held up by it.
    expect(await signIn(tenant, returning, new Date(NOW.getTime() + 10 * 60_000))).toEqual({
      code: 200,
      verify: 200,
    });
  });

  it("code requests from one IPv6 /48 count together, whichever /64 they come from", async () => {
    const tenant = "cap-motors";
    const send = createSignInCodeHandler(w.options());
    w.clock = new Date(NOW.getTime() + 2 * 3_600_000);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++)
        statuses.push(
          (await send(post({ phone: nextPhone() }, { tenant, ip: `2001:db8:7:${i}::1` }))).status,
        );
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
      // The next /48 is another network.
      expect((await send(post({ phone: nextPhone() }, { tenant, ip: "2001:db8:8::1" }))).status).toBe(200);
    } finally {
      w.clock = NOW;
    }
  });
});

describe("the session cookie and pruning", () => {
  let w: World;
  beforeAll(async () => {
    w = world(await openDb({ kind: "pglite", dataDir: null }));
  });
  afterAll(async () => {
    await w?.db.destroy();
  });

  async function signIn(https: boolean, phone = nextPhone()): Promise<string> {
    w.code = "864201";
    expect((await createSignInCodeHandler(w.options())(post({ phone }, { https }))).status).toBe(200);
    const verified = await createSignInVerifyHandler(w.options())(post({ phone, code: "864201" }, { https }));
    expect(verified.status).toBe(200);
    return verified.headers.get("set-cookie") ?? "";
  }
  const userOf = async (cookie: string, https: boolean) =>
    (await (await createAccountHandler(w.options())(get({ cookie, https }))).json()).user;

  it("__Host- session cookie over https; a plain name only over http", async () => {
    const secure = await signIn(true);
    expect(secure).toMatch(
      /^__Host-session=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/,
    );
    expect(secure).not.toMatch(/domain=/i);
    const pair = secure.split(";")[0] as string;
    const token = pair.split("=")[1] as string;
    expect(await userOf(pair, true)).toMatchObject({ phone: expect.any(String) });
    // Over https a cookie without the prefix (one a sibling subdomain could set) is not read.
    expect(await userOf(`session=${token}`, true)).toBeNull();
    // Over http (npm start, tests) browsers keep a plain name; both names are read there.
    const plain = await signIn(false);
    expect(plain).toMatch(/^session=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    expect(await userOf(plain.split(";")[0] as string, false)).not.toBeNull();
    expect(await userOf(pair, false)).not.toBeNull();
    // Signing out over https clears the prefixed cookie and ends the session.
    const out = await createSignOutHandler(w.options())(post({}, { cookie: pair, https: true }));
    expect(out.headers.get("set-cookie")).toBe(
      "__Host-session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
    expect(await userOf(pair, true)).toBeNull();
  });

  it("expired sessions and expired sign-in codes are pruned", async () => {
    const count = async (table: string) =>
      Number(
        (
          await w.db
            .selectFrom(table as never)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sessionsBefore = await count("sessions");
    await signIn(false);
    await createSignInCodeHandler(w.options())(post({ phone: nextPhone() }));
    const codes = await count("sign_in_codes");
    expect(codes).toBeGreaterThan(0);
    // A session started a day later outlives the others.
    w.clock = new Date(NOW.getTime() + 86_400_000);
    const later = (await signIn(false)).split(";")[0] as string;
    w.clock = NOW;
    // Another site's rows are left to that site.
    expect(await pruneAccounts(w.db, new Date(NOW.getTime() + 31 * 86_400_000), "other-motors")).toEqual({
      sessions: 0,
      codes: 0,
    });
    const pruned = await pruneAccounts(w.db, new Date(NOW.getTime() + 30 * 86_400_000 + 1));
    expect(pruned).toEqual({ sessions: sessionsBefore + 1, codes });
    expect(await count("sessions")).toBe(1);
    expect(await count("sign_in_codes")).toBe(0);
    w.clock = new Date(NOW.getTime() + 30 * 86_400_000 + 1);
    try {
      expect(await userOf(later, false)).not.toBeNull();
    } finally {
      w.clock = NOW;
    }
  });
});

describe("the return path after sign-in", () => {
  it.each([
    ["/.//evil.com", "/"],
    ["/..//evil.com", "/"],
    ["/./\t/evil.com", "/"],
    ["/.\n//evil.com", "/"],
    ["/\t/evil.com", "/"],
    ["/ /evil.com", "/"],
    ["/cars/../..//evil.com", "/"],
    ["/%2e%2e//evil.com", "/"],
    ["/./%5Cevil.com", "/%5Cevil.com"],
    ["/%2F%2Fevil.com", "/%2F%2Fevil.com"],
    ["/cars/./a-car", "/cars/a-car"],
    ["/cars/a-car?x=//evil.com#//evil.com", "/cars/a-car?x=//evil.com#//evil.com"],
  ])("open redirect after sign-in: %j → %j", (input, expected) => {
    const out = safeReturnPath(input);
    expect(out).toBe(expected);
    expect(out.startsWith("//") || out.startsWith("/\\")).toBe(false);
  });

  it("open redirect after sign-in: any input gives the fallback or a path on this site", () => {
    const pieces = [
      "/",
      "\\",
      ".",
      "..",
      "./",
      "%2F",
      "%5C",
      "%2e",
      "\t",
      "\n",
      " ",
      "evil.com",
      ":",
      "@",
      "?",
      "#",
    ];
    const input = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(input, (value) => {
        const out = safeReturnPath(value, "/fallback");
        if (out === "/fallback") return;
        expect(out.startsWith("/")).toBe(true);
        expect(out.startsWith("//") || out.startsWith("/\\")).toBe(false);
        expect(new URL(out, "https://site.example").origin).toBe("https://site.example");
      }),
      { numRuns: 2000 },
    );
  });
});

describe("rate-limit identity and bounds on sign-in and the watchlist", () => {
  let w: World;
  beforeAll(async () => {
    w = world(await openDb({ kind: "pglite", dataDir: null }));
  });
  afterAll(async () => {
    await w.db.destroy();
  });

  /** A request that carries no client address at all (no proxy header). */
  const anonymous = (body: unknown, cookie?: string) =>
    new Request("http://test-motors.example.com.au/api", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        host: "test-motors.example.com.au",
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });

  it("codes asked for without any client address are still limited per address (one shared bucket)", async () => {
    const ask = createSignInCodeHandler(
      w.options({ limits: { codesPerIp: { hits: 2, windowMs: 900_000 } } }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask(anonymous({ phone: nextPhone() }))).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("code checks without any client address are still limited per address", async () => {
    const check = createSignInVerifyHandler(
      w.options({ limits: { verifiesPerIp: { hits: 2, windowMs: 900_000 } } }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await check(anonymous({ phone: nextPhone(), code: "000000" }))).status);
    expect(statuses).toEqual([400, 400, 429]);
  });

  it("a watchlist car_id past the database's integer range is a 400, not a 503", async () => {
    const phone = nextPhone();
    await createSignInCodeHandler(w.options())(post({ phone }));
    const verified = await createSignInVerifyHandler(w.options())(post({ phone, code: w.code }));
    expect(verified.status).toBe(200);
    const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const remove = createWatchlistHandler("remove", w.options());
    const response = await remove(post({ phone_number: phone, car_id: 3_000_000_000 }, { cookie }));
    expect(response.status).toBe(400);
  });
});
