/**
 * Spin to Win (spec §2 /spin-to-win; §4 gated per site): the campaign window, the weighted draw,
 * the wheel's geometry, the campaign config's errors, and POST /api/spin-to-win against real
 * storage (PGlite in memory) with real Requests, as the page sends them.
 */

import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offersAccounts, spinNeedsSignIn } from "~/features/account/account";
import {
  type AccountOptions,
  createSignInCodeHandler,
  createSignInVerifyHandler,
} from "~/features/account/account.server";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { footerGroups } from "~/features/navigation/navigation";
import {
  closedMessage,
  pickPrize,
  prizeOdds,
  SPIN_TEXTS,
  totalWeight,
  wheelRotation,
  wheelSegments,
} from "~/features/spin-to-win/spin-to-win";
import { createSpinHandler, type SpinOptions } from "~/features/spin-to-win/spin-to-win.server";
import { campaignState } from "~/lib/campaign";
import { type Db, openDb } from "~/lib/db/db.server";
import { ERRORS } from "~/server/errors";
import { siteSchema } from "~/tenant/schema";
import type { SpinToWin } from "~/tenant/schemas/spin-to-win";
import type { TenantData } from "~/tenant/tenant.server";
import { makeLocation, makeSite, NOW } from "./helpers";

const CAMPAIGN: SpinToWin = {
  id: "winter-2026",
  title: "Winter Spin to Win",
  intro: "Every spin wins.",
  start: "2026-06-01T00:00:00+10:00",
  expiry: "2026-06-30T23:59:59+10:00",
  prizes: [
    { label: "$50 fuel card", weight: 6 },
    { label: "Free car wash", weight: 3 },
    { label: "$250 accessory pack", weight: 1 },
  ],
  terms: "One spin per mobile number. Claim within 60 days.",
};

describe("the campaign window (open on/after start and on/before expiry, each optional)", () => {
  it.each([
    ["2026-05-31T13:59:59Z", "upcoming"],
    ["2026-05-31T14:00:00Z", "open"],
    ["2026-06-15T02:00:00Z", "open"],
    ["2026-06-30T13:59:59Z", "open"],
    ["2026-06-30T14:00:00Z", "ended"],
  ] as const)("at %s the campaign is %s", (at, state) => {
    expect(campaignState(CAMPAIGN, new Date(at))).toBe(state);
  });

  it("a campaign without dates is always open", () => {
    expect(campaignState({}, new Date("2040-01-01T00:00:00Z"))).toBe("open");
  });

  it.each([
    [
      { start: CAMPAIGN.start },
      "2026-05-20T00:00:00Z",
      "Australia/Brisbane",
      SPIN_TEXTS.upcoming("1 Jun 2026"),
    ],
    // Midnight in Brisbane is still 31 May in Perth.
    [
      { start: CAMPAIGN.start },
      "2026-05-20T00:00:00Z",
      "Australia/Perth",
      SPIN_TEXTS.upcoming("31 May 2026"),
    ],
    [{ expiry: CAMPAIGN.expiry }, "2026-07-01T00:00:00Z", "Australia/Brisbane", SPIN_TEXTS.ended],
    [CAMPAIGN, "2026-06-15T00:00:00Z", "Australia/Brisbane", null],
  ])("%j at %s in %s says %j", (campaign, at, zone, message) => {
    expect(closedMessage(campaign, new Date(at), zone)).toBe(message);
  });
});

describe("the draw (a whole number in [0, total weight), each prize owning `weight` numbers)", () => {
  it.each([
    [0, 0],
    [5, 0],
    [6, 1],
    [8, 1],
    [9, 2],
    // Out of range never falls off the wheel.
    [-3, 0],
    [10, 2],
    [99, 2],
    [5.9, 0],
  ])("roll %d lands on prize %d", (roll, index) => {
    expect(pickPrize(CAMPAIGN.prizes, roll)).toBe(index);
  });

  it("every number of the range lands on its prize as often as its weight says", () => {
    const total = totalWeight(CAMPAIGN.prizes);
    const counts = [0, 0, 0];
    for (let roll = 0; roll < total; roll++) {
      const index = pickPrize(CAMPAIGN.prizes, roll);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    expect(counts).toEqual(CAMPAIGN.prizes.map((prize) => prize.weight));
    expect(prizeOdds(CAMPAIGN.prizes)).toEqual([0.6, 0.3, 0.1]);
  });
});

describe("the wheel", () => {
  it.each([
    // Segments run clockwise from the top; the pointer is at the top.
    [0, 4, 1, 360 + 315],
    [1, 4, 1, 360 + 225],
    [3, 4, 1, 360 + 45],
    [0, 3, 5, 1800 + 300],
    [2, 3, 5, 1800 + 60],
  ])("segment %d of %d after %d turns: rotate %d°", (index, count, turns, degrees) => {
    expect(wheelRotation(index, count, turns)).toBe(degrees);
  });

  it("the rotation puts the middle of the prize's slice under the pointer", () => {
    const segments = wheelSegments(CAMPAIGN.prizes);
    for (const [index, segment] of segments.entries()) {
      const landed = (segment.middle + wheelRotation(index, segments.length)) % 360;
      expect(landed).toBeCloseTo(0);
    }
  });

  it("draws one slice per prize, clockwise from the top", () => {
    const segments = wheelSegments(CAMPAIGN.prizes);
    expect(segments.map((segment) => segment.middle)).toEqual([60, 180, 300]);
    expect(segments[0]?.path).toBe("M100 100 L100 0 A100 100 0 0 1 186.6 150 Z");
    expect(segments.map((segment) => segment.label)).toEqual(CAMPAIGN.prizes.map((prize) => prize.label));
  });
});

describe("the campaign in site.json", () => {
  const parse = (spin_to_win: unknown) => siteSchema.safeParse({ ...makeSite(), spin_to_win });

  it("is off unless configured", () => expect(siteSchema.parse(makeSite()).spin_to_win).toBeNull());

  it.each([
    [{ ...CAMPAIGN, id: "Winter 2026" }, "id"],
    [{ ...CAMPAIGN, prizes: [{ label: "Only one", weight: 1 }] }, "prizes"],
    [{ ...CAMPAIGN, prizes: [...CAMPAIGN.prizes, { label: "Nothing", weight: 0 }] }, "prizes"],
    [{ ...CAMPAIGN, terms: "" }, "terms"],
    [{ ...CAMPAIGN, expiry: "30 June" }, "expiry"],
  ])("refuses %j (field %s)", (campaign, field) => {
    const result = parse(campaign);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toContain(field);
  });

  it("gates the page only where the site runs a campaign and gates it", () => {
    const gated = makeSite({ spin_to_win: CAMPAIGN, gating: { spin_to_win: true } });
    expect(spinNeedsSignIn(gated)).toBe(true);
    expect(offersAccounts(gated)).toBe(true);
    const open = makeSite({ spin_to_win: CAMPAIGN });
    expect(spinNeedsSignIn(open)).toBe(false);
    expect(spinNeedsSignIn(makeSite({ gating: { spin_to_win: true } }))).toBe(false);
  });

  it("a site running a campaign, gated or not, texts sign-in codes (the spin needs a proven mobile)", () => {
    expect(offersAccounts(makeSite({ spin_to_win: CAMPAIGN }))).toBe(true);
    expect(offersAccounts(makeSite())).toBe(false);
  });

  it("the footer's Buyer Tools link it only while a campaign is configured", () => {
    const link = (site: ReturnType<typeof makeSite>) =>
      footerGroups(site, [], new Set(["spin-to-win"]))
        .find((group) => group.title === "Buyer Tools")
        ?.links.find((item) => item.label === "Spin to Win");
    expect(link(makeSite({ spin_to_win: CAMPAIGN }))).toEqual({ label: "Spin to Win", href: "/spin-to-win" });
    expect(link(makeSite())).toBeUndefined();
  });
});

const HOST = "spin-motors.localhost";
const siteData = (slug: string, overrides: Parameters<typeof makeSite>[0]): TenantData => ({
  site: makeSite({ slug, ...overrides }),
  locations: [makeLocation()],
  offers: [],
  pages: [],
  cars: [],
  now: NOW.toISOString(),
});
const tenants: Record<string, TenantData> = {
  "spin-motors": siteData("spin-motors", { spin_to_win: CAMPAIGN }),
  "gated-motors": siteData("gated-motors", { spin_to_win: CAMPAIGN, gating: { spin_to_win: true } }),
  "plain-motors": siteData("plain-motors", {}),
};
let db: Db;
let clock = NOW;
let rolls: number[] = [];
const options = (extra: Partial<SpinOptions> = {}): SpinOptions => ({
  db: async () => db,
  tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
  snapshot: (slug) => tenants[slug] ?? null,
  now: () => clock,
  draw: (total) => {
    const roll = rolls.shift() ?? 0;
    expect(roll).toBeLessThan(total);
    return roll;
  },
  ...extra,
});
const accountOptions = (): AccountOptions => ({
  ...options(),
  sms: { name: "test", async send() {} },
  newCode: () => "123456",
});

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
}, 180_000);
afterAll(async () => {
  await db?.destroy();
});

const GATED = "gated-motors.localhost";
let ip = 1;
// A fresh address per request: the rate limits have their own tests.
const nextIp = () => `203.0.113.${ip++ % 250}`;
function post(path: string, body: unknown, init: { host?: string; cookie?: string; ip?: string } = {}) {
  const headers = new Headers({
    "content-type": "application/json",
    host: init.host ?? HOST,
    "x-forwarded-for": init.ip ?? nextIp(),
  });
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`http://localhost${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

/**
 * Proves a mobile as the page does (POST /api/sign-in/code, then /api/sign-in/verify with the
 * texted code) and answers the session cookie; each number signs in once per site.
 */
const sessions = new Map<string, string>();
async function signIn(phone: string, host = HOST): Promise<string> {
  const key = `${host} ${phone}`;
  const known = sessions.get(key);
  if (known) return known;
  const sent = await createSignInCodeHandler(accountOptions())(
    post("/api/sign-in/code", { phone }, { host }),
  );
  expect(sent.status, `${host}: a code is texted to ${phone}`).toBe(200);
  const verified = await createSignInVerifyHandler(accountOptions())(
    post("/api/sign-in/verify", { phone, code: "123456" }, { host }),
  );
  expect(verified.status).toBe(200);
  const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] as string;
  sessions.set(key, cookie);
  return cookie;
}

const entry = (overrides: Record<string, unknown> = {}) => ({
  name: "Jane",
  last_name: "Citizen",
  email: "jane@example.com.au",
  started_at: NOW.getTime() - 30_000,
  fax: "",
  ...overrides,
});
async function spin(
  body: unknown,
  init: { host?: string; cookie?: string; ip?: string } = {},
  extra: Partial<SpinOptions> = {},
) {
  const response = await createSpinHandler(options(extra))(post("/api/spin-to-win", body, init));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
/** A spin by the holder of `phone`: signed in with it first. */
async function spinAs(phone: string, body: Record<string, unknown> = {}, extra: Partial<SpinOptions> = {}) {
  return spin(entry(body), { cookie: await signIn(phone) }, extra);
}
const leadsOf = (phone: string) =>
  leadsDb(db)
    .selectFrom("leads")
    .innerJoin("lead_outbox", "lead_outbox.lead_id", "leads.id")
    .select(["leads.id", "leads.kind", "leads.fields"])
    .where("leads.kind", "=", "spin_to_win")
    .where(sql<string>`leads.fields->>'phone'`, "=", phone)
    .execute();

describe("POST /api/spin-to-win", () => {
  it("draws a prize on the server, keeps the spin and sends the dealer a lead with the prize", async () => {
    clock = NOW;
    rolls = [7];
    const { status, body } = await spinAs("0412 345 678", { prize: "$250 accessory pack", opt_in: true });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      prize: "Free car wash",
      index: 1,
      already: false,
      lead_id: expect.any(String),
    });
    const leads = await leadsOf("+61412345678");
    expect(leads).toHaveLength(1);
    expect(leads[0]?.id).toBe(body.lead_id);
    expect(leads[0]?.fields).toMatchObject({
      name: "Jane",
      email: "jane@example.com.au",
      phone: "+61412345678",
      category: "Spin to Win",
      subcategory: "Free car wash",
      prize: "Free car wash",
      campaign: "winter-2026",
      message: `Spin to Win (Winter Spin to Win): won Free car wash. ${CAMPAIGN.terms}`,
      // The opt-in as the form showed it and the shopper ticked it (Spam Act consent record).
      opt_in: true,
      consent: {
        asked: true,
        opted_in: true,
        wording: "Yes, I would like to subscribe to receive latest offers & product updates.",
        pre_ticked: false,
        form: "spin_to_win",
        page: null,
        at: NOW.toISOString(),
      },
    });
  });

  it("a second spin by the same proven number (however the form writes it) answers the first prize and sends nothing new", async () => {
    rolls = [9];
    const { status, body } = await spinAs("0412 345 678", { phone: "+61 412 345 678", name: "Janet" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ prize: "Free car wash", index: 1, already: true });
    expect(await leadsOf("+61412345678")).toHaveLength(1);
  });

  it("a second spin after the dealer renamed the first spin's prize answers that prize, with no slice to land on", async () => {
    const renamed = {
      ...CAMPAIGN,
      prizes: CAMPAIGN.prizes.map((prize) =>
        prize.label === "Free car wash" ? { ...prize, label: "Free detail" } : prize,
      ),
    };
    const snapshot = (slug: string) =>
      slug === "spin-motors" ? siteData("spin-motors", { spin_to_win: renamed }) : (tenants[slug] ?? null);
    rolls = [9];
    const { status, body } = await spinAs("0412 345 678", {}, { snapshot });
    expect(status).toBe(200);
    expect(body).toMatchObject({ prize: "Free car wash", index: null, already: true });
    expect(await leadsOf("+61412345678")).toHaveLength(1);
  });

  it("two spins of one new number at the same moment keep one prize and one lead", async () => {
    rolls = [0, 9];
    const cookie = await signIn("0413 000 111");
    const answers = await Promise.all([
      spin(entry({ phone: "0413 000 111" }), { cookie }),
      spin(entry({ phone: "0413000111" }), { cookie }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((answer) => answer.body.prize)).size).toBe(1);
    expect(await leadsOf("+61413000111")).toHaveLength(1);
  });

  it.each([
    [
      { subcategory: "$5,000 cash" },
      { subcategory: "This form cannot file your enquiry under that category." },
    ],
    [
      { category: "Finance Enquiry" },
      { category: "This form cannot file your enquiry under that category." },
    ],
  ])("refuses a spin that files its lead under %j (400), drawing nothing", async (fields, errors) => {
    rolls = [0];
    const { status, body } = await spinAs("0415 333 444", fields);
    expect(status).toBe(400);
    expect(body).toEqual({ error: LEAD_TEXTS.fixErrors, fields: errors });
    expect(await leadsOf("+61415333444")).toHaveLength(0);
  });

  it("files the lead under the drawn prize, with the shopper's words only as their comments", async () => {
    rolls = [7];
    const { status } = await spinAs("0416 555 666", { category: "Spin to Win", message: "won $5,000 cash" });
    expect(status).toBe(201);
    const [lead] = await leadsOf("+61416555666");
    expect(lead?.fields).toMatchObject({
      category: "Spin to Win",
      subcategory: "Free car wash",
      prize: "Free car wash",
      message: `Spin to Win (Winter Spin to Win): won Free car wash. ${CAMPAIGN.terms}\n\nShopper's comments: won $5,000 cash`,
    });
  });

  it("answers the shopper's words for each field that is missing or wrong", async () => {
    const { status, body } = await spinAs("0412 345 678", { name: "", email: "jane@" });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: LEAD_TEXTS.fixErrors,
      fields: { name: LEAD_TEXTS.name, email: LEAD_TEXTS.emailInvalid },
    });
  });

  it.each([
    ["2026-05-20T00:00:00Z", SPIN_TEXTS.upcoming("1 Jun 2026")],
    ["2026-07-01T00:00:00Z", SPIN_TEXTS.ended],
  ])("outside the campaign (%s) says %j and draws nothing", async (at, error) => {
    const cookie = await signIn("0414 222 333");
    clock = new Date(at);
    const { status, body } = await spin(entry(), { cookie });
    clock = NOW;
    expect(status).toBe(409);
    expect(body).toEqual({ error });
    expect(await leadsOf("+61414222333")).toHaveLength(0);
  });

  it("a site without a campaign has no Spin to Win", async () => {
    const { status, body } = await spin(entry(), { host: "plain-motors.localhost" });
    expect(status).toBe(404);
    expect(body).toEqual({ error: SPIN_TEXTS.notRunning });
  });

  it("a bot that fills the honeypot sees a spin, but nothing is kept", async () => {
    const { status } = await spinAs("0415 444 555", { fax: "buy now" });
    expect(status).toBe(201);
    expect(await leadsOf("+61415444555")).toHaveLength(0);
    const spins = await db
      .selectFrom("spins" as never)
      .selectAll()
      .where("phone" as never, "=", "+61415444555" as never)
      .execute();
    expect(spins).toEqual([]);
  });

  it("a form sent faster than a person types is asked to try again", async () => {
    const { status, body } = await spinAs("0416 555 666", { started_at: NOW.getTime() - 500 });
    expect(status).toBe(422);
    expect(body).toEqual({ error: ERRORS.leads.tooFast, retry: true });
  });

  it("one address may ask only so often", async () => {
    const cookie = await signIn("0417 666 777");
    const limited = { rateLimit: { hits: 2, windowMs: 60_000 } };
    const same = () => spin(entry(), { cookie, ip: "198.51.100.7" }, limited);
    expect((await same()).status).toBe(201);
    expect((await same()).status).toBe(200);
    const third = await createSpinHandler(options(limited))(
      post("/api/spin-to-win", entry(), { cookie, ip: "198.51.100.7" }),
    );
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses what is not a JSON POST", async () => {
    const handler = createSpinHandler(options());
    expect(
      (await handler(new Request("http://localhost/api/spin-to-win", { headers: { host: HOST } }))).status,
    ).toBe(405);
    const form = await handler(
      new Request("http://localhost/api/spin-to-win", {
        method: "POST",
        headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" },
        body: "name=Jane",
      }),
    );
    expect(form.status).toBe(415);
    const broken = await handler(
      new Request("http://localhost/api/spin-to-win", {
        method: "POST",
        headers: { host: HOST, "content-type": "application/json" },
        body: "{",
      }),
    );
    expect(broken.status).toBe(400);
  });

  describe("only a mobile proven by a texted code spins, and only for itself", () => {
    it("on a site that does not gate the page, a spin without a proven mobile is refused, and nothing is drawn or kept", async () => {
      rolls = [0];
      const { status, body } = await spin(entry({ phone: "0418 100 200" }));
      expect(status).toBe(401);
      expect(body).toEqual({ error: SPIN_TEXTS.codeNeeded });
      expect(body.error).toBe(
        "Please confirm your mobile number with the code we text you, then spin the wheel.",
      );
      expect(await leadsOf("+61418100200")).toHaveLength(0);
    });

    it("a proven mobile may not spin for another number (403), on an open site and a gated one", async () => {
      for (const host of [GATED, HOST]) {
        const cookie = await signIn("0418 200 300", host);
        const { status, body } = await spin(entry({ phone: "0418 300 400" }), { host, cookie });
        expect(status, host).toBe(403);
        expect(body).toEqual({ error: SPIN_TEXTS.otherPhone });
      }
      expect(await leadsOf("+61418200300")).toHaveLength(0);
      expect(await leadsOf("+61418300400")).toHaveLength(0);
    });

    it("another person's number cannot read back their prize: neither without a session nor with one's own", async () => {
      // The owner's spin, as stored (a spin and the lead that carried its prize).
      const leadId = crypto.randomUUID();
      await leadsDb(db)
        .insertInto("leads")
        .values({ id: leadId, tenant: "spin-motors", kind: "spin_to_win", fields: JSON.stringify({}) })
        .execute();
      await db
        .insertInto("spins" as never)
        .values({
          tenant: "spin-motors",
          campaign: CAMPAIGN.id,
          phone: "+61418500600",
          prize: "$250 accessory pack",
          lead_id: leadId,
        } as never)
        .execute();
      const anonymous = await spin(entry({ phone: "0418 500 600" }));
      expect(anonymous.status).toBe(401);
      expect(JSON.stringify(anonymous.body)).not.toContain("accessory pack");
      const other = await spin(entry({ phone: "0418 500 600" }), { cookie: await signIn("0418 700 800") });
      expect(other.status).toBe(403);
      expect(JSON.stringify(other.body)).not.toContain("accessory pack");
      // The owner, once proven, reads it back.
      const owner = await spinAs("0418 500 600");
      expect(owner).toMatchObject({ status: 200, body: { prize: "$250 accessory pack", already: true } });
    });
  });

  describe("on a site that gates it (spec §4)", () => {
    it("a signed-out shopper is asked to sign in", async () => {
      const { status, body } = await spin(entry(), { host: GATED });
      expect(status).toBe(401);
      expect(body).toEqual({ error: SPIN_TEXTS.signInNeeded });
    });

    it("a signed-in shopper spins with their account's number when the form names none", async () => {
      const cookie = await signIn("0418 777 888", GATED);
      rolls = [9];
      const { status, body } = await spin(entry({ phone: "" }), { host: GATED, cookie });
      expect(status).toBe(201);
      expect(body).toMatchObject({ prize: "$250 accessory pack", index: 2 });
      const again = await spin(entry(), { host: GATED, cookie });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ prize: "$250 accessory pack", already: true });
      expect(await leadsOf("+61418777888")).toHaveLength(1);
    });
  });
});
