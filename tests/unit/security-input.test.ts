/**
 * What a shopper may send and what it may never do (the outside review's input findings), through
 * the real handlers and real storage (PGlite in memory): text Postgres cannot hold is refused or
 * cleaned before it reaches a group-committed batch, one bad member of a batch never fails the
 * others, a value Postgres refuses is the shopper's 400 (not a retryable 503), server-made trade-in
 * fields never come from a shopper, car ids stay within int4, and a shopper's Idempotency-Key
 * lives in its own namespace.
 */

import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { KyselyPlugin, RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AccountOptions,
  createSignInCodeHandler,
  createSignInVerifyHandler,
} from "~/features/account/account.server";
import { createGarageChangeHandler } from "~/features/account/garage.server";
import { FORM_LEAD_KINDS } from "~/features/leads/kinds";
import { type PaymentNotice, storeLead } from "~/features/leads/leads.server";
import { LEAD_TEXTS, parseLead } from "~/features/leads/schemas";
import { createLeadsHandler } from "~/features/leads/submit.server";
import { leadsDb } from "~/features/leads/tables";
import { unsubscribeSchema } from "~/features/leads/unsubscribe/unsubscribe.schema";
import { ADJUSTMENT_QUESTIONS, OFFER_ACCEPTED_SUBCATEGORY } from "~/features/trade-in/trade-in";
import {
  createAcceptHandler,
  createTradeInHandler,
  type TradeInOptions,
} from "~/features/trade-in/trade-in.server";
import { localValuationAdapter } from "~/features/trade-in/valuation";
import { createPhoneRevealHandler } from "~/features/vehicle/phone-reveal.server";
import { batched } from "~/lib/db/batch";
import { type Db, openDb } from "~/lib/db/db.server";
import { isUuid } from "~/lib/ids";
import { ERRORS } from "~/server/errors";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeLocation, makeSite, makeSnapshot, NOW } from "./helpers";
import { leadRequest, validBody } from "./leads-helpers";

let db: Db;
// Nor is the site's write quota: its highest ceiling, as these send hundreds of leads in one minute.
const site = makeSite({ write_quotas: { leads: 1200 } });
const tenantFor = (req: Request) =>
  /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null;
// The limit is not what these tests are about; a fresh address per request keeps it out of them.
const generous = { hits: 1_000_000, windowMs: 60_000 };

function leadsHandler(options: Partial<Parameters<typeof createLeadsHandler>[0]> = {}) {
  return createLeadsHandler({
    db: async () => db,
    tenantFor,
    snapshot: (slug) => (slug === "test-motors" ? makeSnapshot(site) : null),
    rateLimit: generous,
    ...options,
  });
}
const leads = leadsHandler();

let ip = 0;
const nextIp = () => {
  ip += 1;
  return `10.9.${Math.floor(ip / 250) % 250}.${ip % 250}`;
};

async function post(
  body: unknown,
  options: Parameters<typeof leadRequest>[1] = {},
  handler: (req: Request) => Promise<Response> = leads,
) {
  const response = await handler(leadRequest(body, { ip: nextIp(), ...options }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const storedFields = async (id: unknown) =>
  (
    await leadsDb(db)
      .selectFrom("leads")
      .select("fields")
      .where("id", "=", String(id))
      .executeTakeFirstOrThrow()
  ).fields as Record<string, unknown>;

/** A database that answers every statement touching the leads table with the given Postgres error. */
function refusingLeads(code: string): Db {
  const refuse: KyselyPlugin = {
    transformQuery({ node }): RootOperationNode {
      if (JSON.stringify(node).includes('"name":"leads"')) {
        throw Object.assign(new Error(`refused by Postgres (${code})`), { code, severity: "ERROR" });
      }
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return db.withPlugin(refuse);
}

// Trade-in handlers (the same wiring as trade-in-api.test.ts).
const tradeInData: TenantData = {
  site,
  locations: [makeLocation({ id: 11, name: "Test Motors Brisbane", location_type: "sales" })],
  offers: [],
  pages: [],
  cars: [makeCar({ id: 101, dealership_id: 7, location_id: 11, stocknum: "TM101" })],
  now: NOW.toISOString(),
};
function tradeInOptions(overrides: Partial<TradeInOptions> = {}): TradeInOptions {
  return {
    db: async () => db,
    tenantFor,
    snapshot: (slug) => (slug === "test-motors" ? tradeInData : null),
    now: () => NOW,
    rateLimit: generous,
    lookupRateLimit: generous,
    valuation: localValuationAdapter,
    ...overrides,
  };
}
const goodAnswers = Object.fromEntries(ADJUSTMENT_QUESTIONS.map((q) => [q.id, q.options[0]?.value]));
function tradeInBody(userData: Record<string, unknown> = {}, envelope: Record<string, unknown> = {}) {
  return {
    userData: {
      make: "Toyota",
      model: "Corolla",
      year: 2022,
      kms: "60,000",
      adjustmentAnswers: goodAnswers,
      name: "Jane",
      email: "jane@example.com.au",
      phone: "0412 345 678",
      postcode: "4000",
      location_id: "11",
      ...userData,
    },
    isLastStep: true,
    car_id: 101,
    lead_attributes: { visited_pages: ["/"], linked_query_params: { utm_source: "google" } },
    started_at: NOW.getTime() - 60_000,
    ...envelope,
  };
}
function tradeInRequest(path: string, body: unknown, key?: string) {
  const headers: Record<string, string> = {
    host: "test-motors.localhost:4321",
    "content-type": "application/json",
    "x-nf-client-connection-ip": nextIp(),
  };
  if (key !== undefined) headers["idempotency-key"] = key;
  return new Request(`http://test-motors.localhost:4321${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
}
const tradeIn = createTradeInHandler(tradeInOptions());
const acceptOffer = createAcceptHandler(tradeInOptions());
async function call(handler: (req: Request) => Promise<Response>, req: Request) {
  const response = await handler(req);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
}, 120_000);
afterAll(async () => {
  await db.destroy();
});

describe("a lone UTF-16 surrogate never fails a batch of leads", () => {
  it("answers 400 to a name with a lone surrogate and stores the two genuine leads sent beside it", async () => {
    const [bad, good1, good2] = await Promise.all([
      post(validBody("enquiry", { name: "Bad\ud800" })),
      post(validBody("enquiry", { name: "Good One" })),
      post(validBody("contact", { name: "Good Two" })),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: LEAD_TEXTS.fixErrors, fields: { name: LEAD_TEXTS.unreadable } });
    expect([good1.status, good2.status]).toEqual([201, 201]);
    expect(await storedFields(good1.body.lead_id)).toMatchObject({ name: "Good One" });
    expect(await storedFields(good2.body.lead_id)).toMatchObject({ name: "Good Two" });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["the comments", { message: "Hi \udc00 there" }, "message"],
    ["a last name", { last_name: "\ud83d" }, "last_name"],
    ["the car's make", { "Vehicle Make": "Toy\udfffota" }, "Vehicle Make"],
    ["a stock number", { stock_number: "TM\ud800" }, "stock_number"],
  ])("refuses a lone surrogate in %s with 400 naming the field", async (_, overrides, field) => {
    const { status, body } = await post(validBody("enquiry", overrides));
    expect(status).toBe(400);
    expect(body.fields).toEqual({ [field]: LEAD_TEXTS.unreadable });
  });

  it("refuses a lone surrogate in a service booking's extra services", async () => {
    const { status, body } = await post(
      validBody("service_booking", { additional_services: ["Tyres\ud800"] }),
    );
    expect(status).toBe(400);
    expect(body.fields).toEqual({ additional_services: LEAD_TEXTS.unreadable });
  });

  it("keeps a well-formed emoji (a surrogate pair) as typed", async () => {
    const { status, body } = await post(validBody("enquiry", { message: "Love it 🚗👍" }));
    expect(status).toBe(201);
    expect(await storedFields(body.lead_id)).toMatchObject({ message: "Love it 🚗👍" });
  });

  it("refuses a lone surrogate anywhere in a trade-in with 400, never a 503", async () => {
    for (const body of [
      tradeInBody({ make: "Bad\ud800" }),
      tradeInBody({ badge: "\udc00" }),
      tradeInBody({}, { lead_attributes: { visited_pages: ["/cars/\ud800"] } }),
      tradeInBody({}, { lead_attributes: { linked_query_params: { "utm\ud800": "x" } } }),
      tradeInBody({}, { url: "https://example.com/\udbff" }),
    ]) {
      const { status } = await call(tradeIn, tradeInRequest("/api/trade-in", body));
      expect(status, JSON.stringify(body)).toBe(400);
    }
  });

  it("never lets NUL (which Postgres cannot hold) fail a trade-in: it is dropped from what is stored", async () => {
    const { status, body } = await call(
      tradeIn,
      tradeInRequest(
        "/api/trade-in",
        tradeInBody(
          {},
          {
            lead_attributes: { visited_pages: ["/a\u0000b"], linked_query_params: { "u\u0000": "v\u0000" } },
          },
        ),
      ),
    );
    expect(status).toBe(201);
    expect(await storedFields(body.lead_id)).toMatchObject({
      lead_attributes: { visited_pages: ["/ab"], linked_query_params: { u: "v" } },
    });
  });

  it("refuses a lone surrogate in an unsubscribe request", () => {
    expect(
      unsubscribeSchema.safeParse({ email: "jane@example.com.au", phone: "0412 345 678\ud800" }).success,
    ).toBe(false);
    expect(unsubscribeSchema.safeParse({ email: "jane@example.com.au\u0000" }).data?.email).toBe(
      "jane@example.com.au",
    );
  });
});

describe("group commit: one bad member never fails the others", () => {
  it("retries the members of a failed batch one by one, so only the bad one fails", async () => {
    const runs: string[][] = [];
    const write = batched(async (items: string[]) => {
      runs.push(items);
      if (items.includes("bad")) throw new Error("the statement failed");
      return items.map((item) => item.toUpperCase());
    });
    const results = await Promise.allSettled([write("a"), write("bad"), write("b")]);
    expect(results).toEqual([
      { status: "fulfilled", value: "A" },
      { status: "rejected", reason: new Error("the statement failed") },
      { status: "fulfilled", value: "B" },
    ]);
    expect(runs[0]).toEqual(["a", "bad", "b"]);
  });

  it("stores the genuine leads of a batch Postgres refused because of one lead", async () => {
    const good = parseLead(validBody("enquiry"));
    if (!good.success) throw new Error("fixture lead is invalid");
    const input = (name: string, key: string) => ({
      tenant: "test-motors",
      lead: { ...good.lead, name },
      idempotencyKey: key,
      spam: false,
      clientIp: null,
      userAgent: null,
    });
    const results = await Promise.allSettled([
      storeLead(db, input("Good A", `batch-a-${randomUUID()}`)),
      storeLead(db, input("Bad\ud800", `batch-bad-${randomUUID()}`)),
      storeLead(db, input("Good B", `batch-b-${randomUUID()}`)),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    for (const result of [results[0], results[2]]) {
      if (result?.status !== "fulfilled") throw new Error("expected a stored lead");
      expect(result.value.created).toBe(true);
      expect((await storedFields(result.value.leadId)).name).toMatch(/^Good /);
    }
  });
});

describe("a value Postgres refuses is the shopper's 400, not a retryable 503", () => {
  it.each(["22P02", "22003", "54000", "22021", "22P05"])(
    "SQLSTATE %s from storing a lead answers 400 with what to do",
    async (code) => {
      const handler = leadsHandler({ db: async () => refusingLeads(code) });
      const { status, body } = await post(validBody("enquiry"), {}, handler);
      expect(status).toBe(400);
      expect(body).toEqual({ error: ERRORS.leads.unreadable });
    },
  );

  it("the same for a trade-in", async () => {
    const handler = createTradeInHandler(tradeInOptions({ db: async () => refusingLeads("22P05") }));
    const { status, body } = await call(handler, tradeInRequest("/api/trade-in", tradeInBody()));
    expect(status).toBe(400);
    expect(body).toEqual({ error: ERRORS.leads.unreadable });
  });

  it("storage that is down is still a 503 the form retries", async () => {
    const handler = leadsHandler({ db: async () => refusingLeads("57P01") });
    expect((await post(validBody("enquiry"), {}, handler)).status).toBe(503);
  });
});

describe("property: no body gives a 5xx, and a bad body never harms a concurrent good one", () => {
  // Strings as an attacker sends them: lone surrogates, NUL, emoji, anything else.
  const nasty = fc.oneof(
    fc.constantFrom("\ud800", "\udfff", "\u0000", "🚗", "\ud83d\u0000", "a\udc00b"),
    fc.string({ unit: "binary", maxLength: 3 }),
    fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  );
  const nastyString = fc.string({ unit: nasty, maxLength: 12 });
  const nastyJson = fc.jsonValue({ stringUnit: nasty, maxDepth: 2 });
  const fieldNames = [
    "name",
    "last_name",
    "email",
    "phone",
    "postcode",
    "message",
    "category",
    "subcategory",
    "car_id",
    "stock_number",
    "Vehicle Make",
    "Vehicle Model",
    "additional_services",
    "make",
    "model",
    "badge",
    "url",
    "lead_attributes",
    "valuation",
    "Rego",
  ];
  const badBody = fc.oneof(
    nastyJson,
    fc
      .record({
        kind: fc.constantFrom(...FORM_LEAD_KINDS),
        overrides: fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(nastyString, nastyJson)),
      })
      .map(({ kind, overrides }) => validBody(kind, overrides)),
  );

  it("POST /api/leads never answers 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(badBody, async (body) => {
        const response = await leads(leadRequest(body, { ip: nextIp() }));
        expect(response.status, JSON.stringify(body)).toBeLessThan(500);
        await response.body?.cancel();
      }),
      { numRuns: 120 },
    );
  });

  it("genuine leads sent at the same moment as a bad body are all 201 and stored", async () => {
    await fc.assert(
      fc.asyncProperty(badBody, async (body) => {
        const [bad, ...good] = await Promise.all([
          leads(leadRequest(body, { ip: nextIp() })),
          leads(leadRequest(validBody("enquiry", { name: "Concurrent A" }), { ip: nextIp() })),
          leads(leadRequest(validBody("contact", { name: "Concurrent B" }), { ip: nextIp() })),
        ]);
        expect(bad?.status, JSON.stringify(body)).toBeLessThan(500);
        await bad?.body?.cancel();
        for (const response of good) {
          expect(response.status).toBe(201);
          const { lead_id } = (await response.json()) as { lead_id: string };
          expect((await storedFields(lead_id)).name).toMatch(/^Concurrent /);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("server-made trade-in fields never come from a shopper", () => {
  const forged = {
    offer_accepted: true,
    form_completed: true,
    valuation: { eligible: true, offer: 95_000, low: 94_000, high: 96_000 },
    lead_id: randomUUID(),
    subcategory: OFFER_ACCEPTED_SUBCATEGORY,
    source: "Forged",
  };

  const { subcategory: _stage, ...forgedValues } = forged;

  it("POST /api/leads refuses a shopper's stage (400) and stores a trade-in without the shopper's valuation or acceptance", async () => {
    const refused = await post(validBody("trade_in", forged));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      subcategory: "This form cannot file your enquiry under that category.",
    });
    const { status, body } = await post(validBody("trade_in", forgedValues));
    expect(status).toBe(201);
    const fields = await storedFields(body.lead_id);
    for (const field of ["offer_accepted", "form_completed", "valuation", "lead_id", "source"]) {
      expect(fields).not.toHaveProperty(field);
    }
    expect(fields.subcategory).not.toBe(OFFER_ACCEPTED_SUBCATEGORY);
    expect(fields).toMatchObject({ make: "Mazda", model: "CX-5" });
  });

  it("POST /api/trade-in refuses a stage or category from the shopper and drops the rest from userData", async () => {
    const refused = await call(tradeIn, tradeInRequest("/api/trade-in", tradeInBody(forged)));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      subcategory: "This form cannot file your enquiry under that category.",
    });
    const refiled = await call(
      tradeIn,
      tradeInRequest("/api/trade-in", { ...tradeInBody(forgedValues), category: "Finance Enquiry" }),
    );
    expect(refiled.status).toBe(400);
    expect(refiled.body.fields).toEqual({
      category: "This form cannot file your enquiry under that category.",
    });
    const { status, body } = await call(tradeIn, tradeInRequest("/api/trade-in", tradeInBody(forgedValues)));
    expect(status).toBe(201);
    const fields = await storedFields(body.lead_id);
    for (const field of ["offer_accepted", "form_completed", "valuation", "lead_id"]) {
      expect(fields).not.toHaveProperty(field);
    }
    expect(fields).toMatchObject({ subcategory: "1. Valuation Requested", source: "Website" });
  });

  it("the server's own acceptance still carries them", async () => {
    const created = await call(tradeIn, tradeInRequest("/api/trade-in", tradeInBody()));
    expect(created.status).toBe(201);
    const accepted = await call(
      acceptOffer,
      tradeInRequest("/api/trade-in/accept", {
        lead_id: created.body.lead_id,
        form_completed: true,
        offer_accepted: true,
      }),
    );
    expect(accepted.status).toBe(201);
    expect(await storedFields(accepted.body.lead_id)).toMatchObject({
      lead_id: created.body.lead_id,
      offer_accepted: true,
      form_completed: true,
      subcategory: OFFER_ACCEPTED_SUBCATEGORY,
      valuation: accepted.body.valuation,
    });
  });
});

describe("ids a shopper sends", () => {
  it.each([
    ["36 dashes", "-".repeat(36), false],
    ["36 hex digits without dashes", "0".repeat(36), false],
    ["the nil uuid (no version)", "00000000-0000-0000-0000-000000000000", false],
    ["a non-hex letter", "g23e4567-e89b-42d3-a456-426614174000", false],
    ["a bad variant", "123e4567-e89b-42d3-c456-426614174000", false],
    ["a random (v4) uuid", "123e4567-e89b-42d3-a456-426614174000", true],
    ["a time-ordered (v7) uuid in capitals", "0190A6E1-7C3B-7D2E-9F10-0123456789AB", true],
  ])("isUuid: %s (%s) → %s", (_, id, expected) => {
    expect(isUuid(id)).toBe(expected);
  });
  it("isUuid accepts what randomUUID makes", () => {
    for (let i = 0; i < 20; i++) expect(isUuid(randomUUID())).toBe(true);
  });

  it.each<[string, unknown, number]>([
    ["a car id past int4", 2_147_483_648, 400],
    ["a car id past int4, as text", "99999999999", 400],
    ["a car id of 0", 0, 400],
    ["a car id that is not a number", "abc", 400],
    ["a negative car id", "-5", 400],
    ["the largest int4 car id", 2_147_483_647, 201],
    ["a car id as text from a query string", "101", 201],
  ])("POST /api/leads: %s (%j) answers %s", async (_, carId, expected) => {
    const { status, body } = await post(validBody("enquiry", { car_id: carId }));
    expect(status).toBe(expected);
    if (expected === 400) expect(body.fields).toEqual({ car_id: LEAD_TEXTS.vehicle });
  });

  it("POST /api/trade-in: a car id past int4 answers 400", async () => {
    const { status, body } = await call(
      tradeIn,
      tradeInRequest("/api/trade-in", tradeInBody({}, { car_id: 3_000_000_000 })),
    );
    expect(status).toBe(400);
    expect(body.fields).toMatchObject({ car_id: LEAD_TEXTS.vehicle });
  });
});

describe("Idempotency-Key", () => {
  it.each([["x".repeat(201)], ["has space"], ["tab\tkey"]])(
    "POST /api/trade-in refuses a malformed key %j with 400 like POST /api/leads",
    async (key) => {
      const { status, body } = await call(tradeIn, tradeInRequest("/api/trade-in", tradeInBody(), key));
      expect(status).toBe(400);
      expect(body).toEqual({ error: ERRORS.leads.idempotencyKey });
    },
  );

  it("a shopper's key cannot pre-empt a server-made one (payment-<id>)", async () => {
    const paymentId = randomUUID();
    const shopper = await post(validBody("contact"), { key: `payment-${paymentId}` });
    expect(shopper.status).toBe(201);
    const notice: PaymentNotice = {
      kind: "online_payment",
      payment_id: paymentId,
      name: "Jane",
      email: "jane@example.com.au",
      phone: "+61412345678",
      purpose: "Deposit",
      reference: "TM1001",
      amount: "$500.00",
      amount_cents: 50_000,
      provider: "test",
      provider_ref: null,
    };
    const stored = await storeLead(db, {
      tenant: "test-motors",
      lead: notice,
      idempotencyKey: `payment-${paymentId}`,
      spam: false,
      clientIp: null,
      userAgent: null,
    });
    expect(stored.created).toBe(true);
    expect(stored.leadId).not.toBe(shopper.body.lead_id);
  });

  it("a shopper's key cannot pre-empt a trade-in's acceptance (offer-accepted:<lead>)", async () => {
    const created = await call(tradeIn, tradeInRequest("/api/trade-in", tradeInBody()));
    const leadId = String(created.body.lead_id);
    const squatter = await post(validBody("contact"), { key: `offer-accepted:${leadId}` });
    expect(squatter.status).toBe(201);
    const accepted = await call(
      acceptOffer,
      tradeInRequest("/api/trade-in/accept", { lead_id: leadId, form_completed: true, offer_accepted: true }),
    );
    expect(accepted.status).toBe(201);
    expect(accepted.body.lead_id).not.toBe(squatter.body.lead_id);
  });

  it("a retried submission with the same key is still stored once", async () => {
    const key = `retry-${randomUUID()}`;
    const first = await post(validBody("contact"), { key });
    const again = await post(validBody("contact"), { key });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.lead_id).toBe(first.body.lead_id);
  });
});

describe("My Garage: what a shopper types never fails with a 503", () => {
  const garageData: TenantData = {
    ...tradeInData,
    site: makeSite({ slug: "garage-motors", garage_enabled: true }),
  };
  const GARAGE_HOST = "garage-motors.localhost:4321";
  let code = "246810";
  const options = (): AccountOptions => ({
    db: async () => db,
    tenantFor,
    snapshot: (slug) => (slug === "garage-motors" ? garageData : null),
    sms: { name: "test", async send() {} },
    now: () => NOW,
    newCode: () => code,
  });
  const request = (body: unknown, cookie?: string) =>
    new Request("http://localhost/api", {
      method: "POST",
      headers: {
        host: GARAGE_HOST,
        "content-type": "application/json",
        "x-forwarded-for": nextIp(),
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  async function signIn(phone: string): Promise<string> {
    code = String(100_000 + Math.floor(Math.random() * 900_000));
    expect((await createSignInCodeHandler(options())(request({ phone }))).status).toBe(200);
    const verified = await createSignInVerifyHandler(options())(request({ phone, code }));
    expect(verified.status).toBe(200);
    return (verified.headers.get("set-cookie") ?? "").split(";")[0] as string;
  }
  const add = (body: unknown, cookie: string) =>
    createGarageChangeHandler("add", options())(request(body, cookie));
  const remove = (id: unknown, cookie: string) =>
    createGarageChangeHandler("remove", options())(request({ id }, cookie));
  const CX5 = { rego: "abc 123", rego_state: "QLD", make: "Mazda", model: "CX-5", year: "2018" };

  it("drops NUL from a make instead of failing the insert", async () => {
    const cookie = await signIn("0420 000 901");
    const added = await add({ ...CX5, make: "Maz\u0000da" }, cookie);
    expect(added.status).toBe(201);
    expect(((await added.json()) as { vehicles: { make: string }[] }).vehicles[0]?.make).toBe("Mazda");
  });

  it("refuses a lone surrogate in a model with 400 instead of storing a replacement character", async () => {
    const cookie = await signIn("0420 000 902");
    const answer = await add({ ...CX5, rego: "XYZ789", model: "CX\ud800" }, cookie);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { fields: Record<string, string> }).fields).toEqual({
      model: LEAD_TEXTS.unreadable,
    });
  });

  it("answers 404 to removing an id of 36 dashes (it reached the uuid column as a 503)", async () => {
    const cookie = await signIn("0420 000 903");
    const answer = await remove("-".repeat(36), cookie);
    expect(answer.status).toBe(404);
  });
});

describe("POST /api/phone-reveal: what a shopper sends", () => {
  const handler = createPhoneRevealHandler({
    tenantFor,
    snapshot: (slug) => (slug === "test-motors" ? tradeInData : null),
    db: async () => db,
    now: () => NOW,
  });
  const reveal = (body: unknown) =>
    handler(
      new Request("http://test-motors.localhost:4321/api/phone-reveal", {
        method: "POST",
        headers: {
          host: "test-motors.localhost:4321",
          "content-type": "application/json",
          "x-nf-client-connection-ip": nextIp(),
        },
        body: JSON.stringify(body),
      }),
    );

  it("refuses a car id past int4 with 400", async () => {
    const response = await reveal({ car_id: 2_147_483_648, dealership_id: 7 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toHaveProperty("car_id");
  });

  it("keeps NUL out of the stored website id instead of failing the insert (503)", async () => {
    const response = await reveal({ car_id: 101, dealership_id: 7, website_id: "test\u0000motors" });
    expect(response.status).toBe(201);
  });

  it("refuses a lone surrogate in the website id with 400", async () => {
    expect((await reveal({ car_id: 101, dealership_id: 7, website_id: "test\ud800" })).status).toBe(400);
  });
});
