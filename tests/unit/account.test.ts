/**
 * Phone sign-in and the watchlist (spec §4 watchlist, §6 roles, §7 POST /api/watchlist/save-car and
 * remove-car): the pure rules, table-driven, and the functions against real storage (PGlite in
 * memory) with real Requests, as the browser sends them.
 */

import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ACCOUNT_TEXTS,
  CODE_MAX_ATTEMPTS,
  checkCode,
  checkoutNeedsSignIn,
  offersAccounts,
  parseLocalAccount,
  SIGN_IN_TYPES,
  safeReturnPath,
  showsWatchlistSave,
  signInHref,
  signInType,
  watchlistToast,
  withWatchlistChange,
} from "~/features/account/account";
import {
  type AccountOptions,
  createAccountHandler,
  createSignInCodeHandler,
  createSignInVerifyHandler,
  createSignOutHandler,
  createWatchlistHandler,
} from "~/features/account/account.server";
import { GARAGE_LIMIT, GARAGE_TEXTS, vehicleTitle } from "~/features/account/garage";
import { createGarageChangeHandler, createGarageHandler } from "~/features/account/garage.server";
import { checkMobile, displayMobile } from "~/features/account/mobile";
import { consoleSmsAdapter, type SmsMessage, smsAdapterFromEnv } from "~/features/account/sms.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { ERRORS } from "~/server/errors";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeSite, NOW } from "./helpers";

describe("sign-in rules", () => {
  it.each([
    ["0412 345 678", "+61412345678"],
    ["0412345678", "+61412345678"],
    ["+61 412 345 678", "+61412345678"],
    ["61412345678", "+61412345678"],
  ])("a mobile %j is kept as %j", (input, phone) => expect(checkMobile(input)).toEqual({ ok: true, phone }));

  it.each([
    ["", ACCOUNT_TEXTS.phoneRequired],
    ["   ", ACCOUNT_TEXTS.phoneRequired],
    ["07 3123 4567", ACCOUNT_TEXTS.phoneInvalid],
    ["0412 345", ACCOUNT_TEXTS.phoneInvalid],
    ["+64 21 123 4567", ACCOUNT_TEXTS.phoneInvalid],
    ["call me", ACCOUNT_TEXTS.phoneInvalid],
  ])("%j is refused: %s", (input, error) => expect(checkMobile(input)).toEqual({ ok: false, error }));

  it("shows a mobile as shoppers write it", () => expect(displayMobile("+61412345678")).toBe("0412 345 678"));

  it.each([
    ["123456", true],
    ["123 456", true],
    ["12345", false],
    ["1234567", false],
    ["12a456", false],
    ["", false],
  ])("code %j accepted: %s", (input, ok) => expect(checkCode(input).ok).toBe(ok));

  it("lists the spec's sign-in types and reads only those", () => {
    expect(SIGN_IN_TYPES).toEqual([
      "trade-in",
      "checkout",
      "finance",
      "spin-to-win",
      "online-payment",
      "car-finance",
      "my-garage",
      "watchlist",
    ]);
    expect(signInType("watchlist")).toBe("watchlist");
    expect(signInType("admin")).toBeNull();
    expect(signInType(null)).toBeNull();
  });

  it.each([
    ["/cars/a-car", "/cars/a-car"],
    ["/watchlist?x=1#top", "/watchlist?x=1#top"],
    ["//evil.example/path", "/"],
    ["https://evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [null, "/"],
  ])("return path %j → %j", (input, expected) => expect(safeReturnPath(input)).toBe(expected));

  it("builds /sign-in with type, redirect and back", () => {
    const href = signInHref("watchlist", "/cars/a-car");
    const url = new URL(href, "https://x.example");
    expect(url.pathname).toBe("/sign-in");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: "watchlist",
      redirect: "/cars/a-car",
      back: "/cars/a-car",
    });
  });
});

describe("spec §4 gated routes: which sites sign shoppers in", () => {
  it.each([
    ["watchlist on", { watchlist: true }, {}, false, true],
    ["checkout on and gated (the default)", { checkout: true }, {}, true, true],
    ["checkout on, not gated", { checkout: true }, { checkout: false }, false, false],
    ["checkout off, gating on", { checkout: false }, { checkout: true }, false, false],
    ["neither", {}, {}, false, false],
    ["finance gated", {}, { finance: true }, false, true],
    ["a car's personalised finance gated", {}, { car_finance: true }, false, true],
  ])("%s", (_name, features, gating, needs, offers) => {
    const site = makeSite({ features, gating });
    expect(checkoutNeedsSignIn(site)).toBe(needs);
    expect(offersAccounts(site)).toBe(offers);
  });
});

describe("spec §4 watchlist rules", () => {
  const on = { features: { watchlist: true } };
  const off = { features: { watchlist: false } };
  it.each([
    ["available, not saved", { sold: false }, false, on, true],
    ["available, saved", { sold: false }, true, on, true],
    ["sold, not saved: no Save", { sold: true }, false, on, false],
    ["sold, already saved: Save shows", { sold: true }, true, on, true],
    ["site without a watchlist", { sold: false }, false, off, false],
  ])("%s", (_name, car, saved, site, shows) => expect(showsWatchlistSave(car, saved, site)).toBe(shows));

  it.each([
    ["saved", "Car Saved In Watchlist", "2022 Toyota Corolla is now available in your watchlist"],
    ["removed", "Car Removed", "2022 Toyota Corolla is no longer in your watchlist"],
  ] as const)("the %s toast", (action, title, text) =>
    expect(watchlistToast(action, "2022 Toyota Corolla")).toEqual({ title, text }),
  );
});

describe("the account the browser remembers", () => {
  it.each([
    ['{"phone":"+61412345678","ids":[3,1,3]}', { phone: "+61412345678", ids: [3, 1] }],
    ['{"phone":"+61412345678","ids":[0,-1,"2",2.5,7]}', { phone: "+61412345678", ids: [7] }],
    ['{"phone":"+61412345678"}', { phone: "+61412345678", ids: [] }],
    ['{"phone":"0412345678","ids":[1]}', null],
    ['{"ids":[1]}', null],
    ["not json", null],
    [null, null],
  ])("%j reads as %j", (text, expected) => expect(parseLocalAccount(text)).toEqual(expected));

  it("Save adds the id at once, newest first; Remove takes it out", () => {
    const account = { phone: "+61412345678", ids: [1, 2] };
    expect(withWatchlistChange(account, "save", 3).ids).toEqual([3, 1, 2]);
    expect(withWatchlistChange(account, "save", 2).ids).toEqual([2, 1]);
    expect(withWatchlistChange(account, "remove", 1).ids).toEqual([2]);
  });
});

describe("SMS adapters", () => {
  it("locally, prints the text and appends it to the outbox file a developer (or test) reads", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "sms-")), "sms-outbox.jsonl");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await consoleSmsAdapter(file).send({ tenant: "t", to: "+61412345678", body: "123456 is your code" });
    expect(log).toHaveBeenCalledWith(expect.stringContaining("123456 is your code"));
    log.mockRestore();
    expect(JSON.parse(readFileSync(file, "utf8").trim())).toMatchObject({
      to: "+61412345678",
      body: "123456 is your code",
    });
  });

  it.each([
    [{ SMS_WEBHOOK_URL: "https://sms.example/send" }, "webhook"],
    [{ DATA_DIR: "memory" }, "console"],
    [{ AWS_LAMBDA_FUNCTION_NAME: "fn" }, null],
  ])("env %j → %s", (env, name) =>
    expect(smsAdapterFromEnv(env as NodeJS.ProcessEnv)?.name ?? null).toBe(name),
  );
});

// ---- the functions, against PGlite ----

const HOST = "test-motors.localhost:4321";
const car = makeCar({ id: 101, slug: "2022-toyota-corolla", name: "2022 Toyota Corolla" });
const soldCar = makeCar({
  id: 102,
  slug: "2019-mazda-cx-5",
  name: "2019 Mazda CX-5",
  status: "sold",
  sold: true,
});
const dataFor = (watchlist: boolean): TenantData => ({
  site: makeSite({ features: { watchlist } }),
  locations: [],
  offers: [],
  pages: [],
  cars: [car, soldCar],
  now: NOW.toISOString(),
});
const data = dataFor(true);
const garageData: TenantData = {
  ...dataFor(false),
  site: makeSite({ slug: "garage-motors", garage_enabled: true }),
};
let db: Db;
const sent: SmsMessage[] = [];
let nextCode = "123456";
let clock = NOW;
const options = (): AccountOptions => ({
  db: async () => db,
  tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
  snapshot: (slug) =>
    slug === "test-motors"
      ? data
      : slug === "plain-motors"
        ? dataFor(false)
        : slug === "garage-motors"
          ? garageData
          : null,
  sms: {
    name: "test",
    async send(message) {
      sent.push(message);
    },
  },
  now: () => clock,
  newCode: () => nextCode,
});

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
}, 180_000);
afterAll(async () => {
  await db?.destroy();
});

function post(body: unknown, init: { cookie?: string; host?: string; ip?: string } = {}): Request {
  const headers = new Headers({ "content-type": "application/json", host: init.host ?? HOST });
  if (init.cookie) headers.set("cookie", init.cookie);
  headers.set("x-forwarded-for", init.ip ?? "203.0.113.9");
  return new Request("http://localhost/api", { method: "POST", headers, body: JSON.stringify(body) });
}
const get = (cookie?: string) =>
  new Request("http://localhost/api/account", { headers: { host: HOST, ...(cookie ? { cookie } : {}) } });

/** Signs a number in and returns its cookie (`session=…`). */
async function signIn(phone: string, code = "654321"): Promise<string> {
  nextCode = code;
  expect((await createSignInCodeHandler(options())(post({ phone }))).status).toBe(200);
  const verified = await createSignInVerifyHandler(options())(post({ phone, code }));
  expect(verified.status).toBe(200);
  return (verified.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

describe("POST /api/sign-in/code and /api/sign-in/verify", () => {
  it("texts a code to the mobile, then the right code signs the browser in with an HttpOnly cookie", async () => {
    nextCode = "246810";
    const asked = await createSignInCodeHandler(options())(post({ phone: "0412 345 678" }));
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ success: true, phone: "0412 345 678" });
    expect(sent.at(-1)).toEqual({
      tenant: "test-motors",
      to: "+61412345678",
      body: `246810 is your ${data.site.name} sign-in code. It expires in 10 minutes.`,
    });
    const verified = await createSignInVerifyHandler(options())(
      post({ phone: "+61412345678", code: "246 810" }),
    );
    expect(verified.status).toBe(200);
    const body = await verified.json();
    expect(body).toMatchObject({ success: true, user: { phone: "+61412345678", id: expect.any(String) } });
    const cookie = verified.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^session=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    // The database keeps only a hash of the token.
    const token = cookie.split(";")[0]?.split("=")[1] ?? "";
    const rows = await db
      .selectFrom("sessions" as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    // The code works once.
    const again = await createSignInVerifyHandler(options())(post({ phone: "0412345678", code: "246810" }));
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe(ACCOUNT_TEXTS.codeWrong);
  });

  it("the same number signs in to the same user", async () => {
    const first = await signIn("0412 111 222");
    const second = await signIn("0412111222");
    const user = async (cookie: string) =>
      (await (await createAccountHandler(options())(get(cookie))).json()).user.id;
    expect(await user(first)).toBe(await user(second));
  });

  it(`a wrong code is refused, and after ${CODE_MAX_ATTEMPTS} wrong tries even the right one is`, async () => {
    nextCode = "111111";
    await createSignInCodeHandler(options())(post({ phone: "0413 000 000" }));
    for (let i = 1; i <= CODE_MAX_ATTEMPTS; i++) {
      const wrong = await createSignInVerifyHandler(options())(post({ phone: "0413000000", code: "999999" }));
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).error).toBe(
        i < CODE_MAX_ATTEMPTS ? ACCOUNT_TEXTS.codeWrong : ACCOUNT_TEXTS.codeLocked,
      );
    }
    const right = await createSignInVerifyHandler(options())(post({ phone: "0413000000", code: "111111" }));
    expect((await right.json()).error).toBe(ACCOUNT_TEXTS.codeLocked);
  });

  it("a code expires after 10 minutes", async () => {
    nextCode = "222222";
    await createSignInCodeHandler(options())(post({ phone: "0414 000 000" }));
    clock = new Date(NOW.getTime() + 10 * 60_000 + 1);
    const late = await createSignInVerifyHandler(options())(post({ phone: "0414000000", code: "222222" }));
    clock = NOW;
    expect((await late.json()).error).toBe(ACCOUNT_TEXTS.codeWrong);
  });

  it.each([
    [{ phone: "" }, 400, ACCOUNT_TEXTS.phoneRequired],
    [{ phone: "07 3123 4567" }, 400, ACCOUNT_TEXTS.phoneInvalid],
    [{}, 400, ACCOUNT_TEXTS.phoneRequired],
  ])("code request %j → %i %s", async (body, status, error) => {
    const response = await createSignInCodeHandler(options())(post(body));
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ success: false, error, fields: { phone: error } });
  });

  it("texts one number at most 5 codes per 15 minutes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await createSignInCodeHandler(options())(post({ phone: "0415 000 000" }, { ip: `198.51.100.${i}` })))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("answers 503 when codes cannot be texted, and 404 on a site without accounts", async () => {
    const noSms = await createSignInCodeHandler({ ...options(), sms: null })(post({ phone: "0416 000 000" }));
    expect(noSms.status).toBe(503);
    expect((await noSms.json()).error).toBe(ACCOUNT_TEXTS.unavailable);
    const failing = await createSignInCodeHandler({
      ...options(),
      sms: {
        name: "down",
        send: async () => {
          throw new Error("gateway down");
        },
      },
    })(post({ phone: "0416 000 000" }));
    expect(failing.status).toBe(503);
    const plain = await createSignInCodeHandler(options())(
      post({ phone: "0416 000 000" }, { host: "plain-motors.localhost" }),
    );
    expect(plain.status).toBe(404);
    expect((await plain.json()).error).toBe(ERRORS.account.notOffered);
  });
});

describe("the watchlist (spec §7 save-car / remove-car, phone_number and car_id)", () => {
  it("save, list, remove, for the signed-in number only", async () => {
    const cookie = await signIn("0420 000 001");
    const save = createWatchlistHandler("save", options());
    const remove = createWatchlistHandler("remove", options());
    const saved = await save(post({ phone_number: "+61420000001", car_id: 101 }, { cookie }));
    expect(await saved.json()).toEqual({ success: true, car_ids: [101] });
    // Saving twice keeps one entry; a sold car still on the site can be saved.
    await save(post({ phone_number: "0420 000 001", car_id: "101" }, { cookie }));
    clock = new Date(NOW.getTime() + 1000);
    expect(await (await save(post({ phone_number: "0420000001", car_id: 102 }, { cookie }))).json()).toEqual({
      success: true,
      car_ids: [102, 101],
    });
    clock = NOW;
    const account = await (await createAccountHandler(options())(get(cookie))).json();
    expect(account.user).toMatchObject({ phone: "+61420000001", phone_display: "0420 000 001" });
    expect(account.watchlist).toEqual([
      expect.objectContaining({ listed: true, id: 102, name: "2019 Mazda CX-5", sold: true }),
      expect.objectContaining({ listed: true, id: 101, slug: "2022-toyota-corolla", sold: false }),
    ]);
    expect(
      await (await remove(post({ phone_number: "0420000001", car_id: 102 }, { cookie }))).json(),
    ).toEqual({
      success: true,
      car_ids: [101],
    });
    // Another user's list is their own.
    const other = await signIn("0420 000 002");
    expect((await (await createAccountHandler(options())(get(other))).json()).watchlist).toEqual([]);
  });

  it.each([
    ["no session", null, { phone_number: "0420000003", car_id: 101 }, 401, ACCOUNT_TEXTS.signInNeeded],
    [
      "another number",
      "0420 000 003",
      { phone_number: "0499999999", car_id: 101 },
      403,
      ERRORS.account.otherPhone,
    ],
    ["no phone number", "0420 000 003", { car_id: 101 }, 403, ERRORS.account.otherPhone],
    ["a car not on the site", "0420 000 003", { phone_number: "0420000003", car_id: 999 }, 404, undefined],
    ["a car id that is not one", "0420 000 003", { phone_number: "0420000003", car_id: "x" }, 400, undefined],
  ])("save with %s is refused", async (_name, phone, body, status, error) => {
    const cookie = phone ? await signIn(phone) : undefined;
    const response = await createWatchlistHandler("save", options())(post(body, cookie ? { cookie } : {}));
    expect(response.status).toBe(status);
    const answer = await response.json();
    expect(answer.success).toBe(false);
    if (error) expect(answer.error).toBe(error);
  });

  it("a site that signs in only for checkout keeps no watchlist", async () => {
    const gatedOnly: TenantData = { ...data, site: makeSite({ features: { checkout: true } }) };
    const gatedOptions = { ...options(), snapshot: () => gatedOnly };
    nextCode = "333333";
    await createSignInCodeHandler(gatedOptions)(post({ phone: "0420 000 006" }));
    const verified = await createSignInVerifyHandler(gatedOptions)(
      post({ phone: "0420000006", code: "333333" }),
    );
    expect(verified.status).toBe(200);
    const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const save = await createWatchlistHandler(
      "save",
      gatedOptions,
    )(post({ phone_number: "0420000006", car_id: 101 }, { cookie }));
    expect(save.status).toBe(404);
    expect((await save.json()).error).toBe(ERRORS.account.notOffered);
  });

  it("signing out ends the session on the server, not just in the browser", async () => {
    const cookie = await signIn("0420 000 004");
    const out = await createSignOutHandler(options())(post({}, { cookie }));
    expect(out.headers.get("set-cookie")).toMatch(/^session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    expect((await (await createAccountHandler(options())(get(cookie))).json()).user).toBeNull();
    const save = await createWatchlistHandler(
      "save",
      options(),
    )(post({ phone_number: "0420000004", car_id: 101 }, { cookie }));
    expect(save.status).toBe(401);
  });

  it("a session expires after 30 days", async () => {
    const cookie = await signIn("0420 000 005");
    clock = new Date(NOW.getTime() + 30 * 86_400_000 + 1);
    const account = await (await createAccountHandler(options())(get(cookie))).json();
    clock = NOW;
    expect(account.user).toBeNull();
  });
});

describe("My Garage (spec §2 /my-garage, always behind sign-in)", () => {
  const GARAGE_HOST = "garage-motors.localhost:4321";
  const add = (body: unknown, cookie?: string, host = GARAGE_HOST) =>
    createGarageChangeHandler("add", options())(post(body, { host, ...(cookie ? { cookie } : {}) }));
  const remove = (id: unknown, cookie?: string) =>
    createGarageChangeHandler(
      "remove",
      options(),
    )(post({ id }, { host: GARAGE_HOST, ...(cookie ? { cookie } : {}) }));
  const list = (cookie?: string, host = GARAGE_HOST) =>
    createGarageHandler(options())(
      new Request("http://localhost/api/garage", { headers: { host, ...(cookie ? { cookie } : {}) } }),
    );
  async function signInHere(phone: string): Promise<string> {
    nextCode = "135790";
    expect((await createSignInCodeHandler(options())(post({ phone }, { host: GARAGE_HOST }))).status).toBe(
      200,
    );
    const verified = await createSignInVerifyHandler(options())(
      post({ phone, code: "135790" }, { host: GARAGE_HOST }),
    );
    expect(verified.status).toBe(200);
    return (verified.headers.get("set-cookie") ?? "").split(";")[0] as string;
  }
  const CX5 = { rego: "abc 123", rego_state: "QLD", make: "Mazda", model: "CX-5", year: "2018" };

  it("adds a vehicle (the rego as on the plate), lists it, updates it by plate and removes it", async () => {
    const cookie = await signInHere("0420 000 101");
    const added = await add(CX5, cookie);
    expect(added.status).toBe(201);
    const { vehicles } = (await added.json()) as { vehicles: { id: string }[] };
    expect(vehicles).toEqual([
      { id: expect.any(String), rego: "ABC123", rego_state: "QLD", make: "Mazda", model: "CX-5", year: 2018 },
    ]);
    // The same plate again changes its details instead of adding a copy.
    const again = await add({ ...CX5, rego: "ABC-123", model: "CX-5 Maxx", year: null }, cookie);
    expect(again.status).toBe(200);
    expect(await (await list(cookie)).json()).toEqual({
      success: true,
      vehicles: [
        {
          id: vehicles[0]?.id,
          rego: "ABC123",
          rego_state: "QLD",
          make: "Mazda",
          model: "CX-5 Maxx",
          year: null,
        },
      ],
    });
    const removed = await remove(vehicles[0]?.id, cookie);
    expect(await removed.json()).toEqual({ success: true, vehicles: [] });
    expect((await remove(vehicles[0]?.id, cookie)).status).toBe(404);
  });

  it("lists the fields to fix, in the shopper's words", async () => {
    const cookie = await signInHere("0420 000 102");
    const answer = await add({ rego: "!", rego_state: "XX", make: "", model: " ", year: 1890 }, cookie);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      success: false,
      error: "Please fix the following errors:",
      fields: {
        rego: GARAGE_TEXTS.rego,
        rego_state: GARAGE_TEXTS.regoState,
        make: GARAGE_TEXTS.make,
        model: GARAGE_TEXTS.model,
        year: GARAGE_TEXTS.year,
      },
    });
  });

  it(`holds up to ${GARAGE_LIMIT} vehicles`, async () => {
    const cookie = await signInHere("0420 000 103");
    for (let i = 0; i < GARAGE_LIMIT; i++)
      expect((await add({ ...CX5, rego: `AB${i}CD` }, cookie)).status).toBe(201);
    const over = await add({ ...CX5, rego: "ZZZ999" }, cookie);
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({ success: false, error: GARAGE_TEXTS.full });
    expect((await add({ ...CX5, rego: "AB0CD", model: "CX-9" }, cookie)).status).toBe(200);
  });

  it("one shopper never sees or removes another's vehicles", async () => {
    const owner = await signInHere("0420 000 104");
    const other = await signInHere("0420 000 105");
    const { vehicles } = (await (await add(CX5, owner)).json()) as { vehicles: { id: string }[] };
    expect(await (await list(other)).json()).toEqual({ success: true, vehicles: [] });
    expect((await remove(vehicles[0]?.id, other)).status).toBe(404);
    expect(((await (await list(owner)).json()) as { vehicles: unknown[] }).vehicles).toHaveLength(1);
  });

  it.each([
    ["no session", () => list(), 401, ERRORS.garage.signInNeeded],
    ["no session, adding", () => add(CX5), 401, ERRORS.garage.signInNeeded],
    ["a site without a garage", () => list(undefined, HOST), 404, ERRORS.garage.notOffered],
  ])("%s answers %s", async (_, call, status, error) => {
    const response = await call();
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ success: false, error });
  });

  it("names a vehicle by year, make and model", () => {
    expect(vehicleTitle({ year: 2018, make: "Mazda", model: "CX-5" })).toBe("2018 Mazda CX-5");
    expect(vehicleTitle({ year: null, make: "Mazda", model: "CX-5" })).toBe("Mazda CX-5");
  });

  it("a site with a garage offers sign-in", () => {
    expect(offersAccounts(makeSite({ garage_enabled: true }))).toBe(true);
  });
});
