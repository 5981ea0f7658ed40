/**
 * The trade-in functions through their real handlers and real storage (PGlite in memory): the lead
 * is stored (with its CRM outbox row) before any 2xx, the valuation, POST /api/miscellaneous
 * updating the lead, the '3. Offer Accepted' acceptance, and bad input answered 400 in the
 * shopper's words, never 5xx.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueLeads } from "~/features/leads/outbox/outbox.server";
import { leadsDb } from "~/features/leads/tables";
import type { Geocoder } from "~/features/trade-in/geocode.server";
import { localRegoLookup } from "~/features/trade-in/rego";
import { ADJUSTMENT_QUESTIONS } from "~/features/trade-in/trade-in";
import {
  createAcceptHandler,
  createCarHandler,
  createMiscellaneousHandler,
  createRegoHandler,
  createTradeInHandler,
  createValuationHandler,
  type TradeInOptions,
} from "~/features/trade-in/trade-in.server";
import { localValuationAdapter } from "~/features/trade-in/valuation";
import { type Db, openDb } from "~/lib/db/db.server";
import type { Site } from "~/tenant/schema";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeLocation, makeSite, NOW } from "./helpers";
import { crmAt, startCrm } from "./leads-helpers";

let db: Db;
const sites: Record<string, Site> = {
  "test-motors": makeSite(),
  "no-trade-ins": makeSite({ slug: "no-trade-ins", features: { trade_in: false } }),
};
const data: TenantData = {
  site: sites["test-motors"] as Site,
  locations: [
    makeLocation({ id: 11, name: "Test Motors Brisbane", location_type: "sales" }),
    makeLocation({ id: 12, name: "Test Motors Service", location_type: "service" }),
  ],
  offers: [],
  pages: [],
  cars: [
    makeCar({ id: 101, dealership_id: 7, location_id: 11, stocknum: "TM101" }),
    makeCar({ id: 102, slug: "sold-one", status: "sold", sold: true }),
  ],
  now: NOW.toISOString(),
};

let ip = 0;
function deps(overrides: Partial<TradeInOptions> = {}): TradeInOptions {
  return {
    db: async () => db,
    tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
    snapshot: (slug) => {
      const site = sites[slug];
      return site ? { ...data, site } : null;
    },
    now: () => NOW,
    // The local stand-ins, as `npm start` has them: a test names its adapters, nothing defaults.
    rego: localRegoLookup,
    valuation: localValuationAdapter,
    ...overrides,
  };
}

function request(
  path: string,
  body: unknown,
  options: { host?: string; key?: string; raw?: string; type?: string } = {},
) {
  ip += 1;
  const headers: Record<string, string> = {
    host: options.host ?? "test-motors.localhost:4321",
    "content-type": options.type ?? "application/json",
    "user-agent": "Vitest shopper",
    // A fresh client per request keeps the rate limit out of tests that are not about it.
    "x-nf-client-connection-ip": `10.0.${Math.floor(ip / 250)}.${ip % 250}`,
  };
  if (options.key) headers["idempotency-key"] = options.key;
  return new Request(`http://test-motors.localhost:4321${path}`, {
    method: "POST",
    headers,
    body: options.raw ?? JSON.stringify(body),
  });
}

async function call(handler: (req: Request) => Promise<Response>, req: Request) {
  const response = await handler(req);
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whichever JSON answer each call gives.
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const goodAnswers = Object.fromEntries(ADJUSTMENT_QUESTIONS.map((q) => [q.id, q.options[0]?.value]));

function submission(userData: Record<string, unknown> = {}, envelope: Record<string, unknown> = {}) {
  return {
    userData: {
      make: "Toyota",
      model: "Corolla",
      year: 2022,
      kms: "60,000",
      badge: "SX",
      rego: "abc 123",
      regoState: "QLD",
      adjustmentAnswers: goodAnswers,
      finance: "Yes",
      amount_owing: "$12,000",
      name: "Jane",
      last_name: "Citizen",
      email: "jane@example.com.au",
      phone: "0412 345 678",
      postcode: "4000",
      location_id: "11",
      PreferredContactMethod: "SMS",
      ...userData,
    },
    isLastStep: true,
    url: "https://www.test-motors.example.com.au/cars/trade-in?car_id=101&utm_source=google",
    source: "Website",
    user_agent: "Mozilla/5.0 (shopper)",
    car_id: 101,
    car_dealership_id: 999,
    lead_attributes: {
      visited_pages: ["/", "/cars/2022-toyota-corolla-ascent-sport", "/cars/trade-in?car_id=101"],
      linked_query_params: { car_id: "101", utm_source: "google" },
    },
    category: "Trade In",
    page_id: "cars/trade-in",
    started_at: NOW.getTime() - 60_000,
    fax: "",
    ...envelope,
  };
}

const tradeIn = createTradeInHandler(deps());
const valuation = createValuationHandler(deps());
const miscellaneous = createMiscellaneousHandler(deps());
const acceptOffer = createAcceptHandler(deps());
const rego = createRegoHandler(deps());

async function createLead(userData: Record<string, unknown> = {}, key?: string) {
  const result = await call(tradeIn, request("/api/trade-in", submission(userData), key ? { key } : {}));
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return String(result.body.lead_id);
}

const leadRow = (id: string) =>
  leadsDb(db)
    .selectFrom("leads")
    .leftJoin("lead_outbox", "lead_outbox.lead_id", "leads.id")
    .select(["leads.kind", "leads.fields", "leads.spam", "leads.user_agent", "lead_outbox.lead_id as queued"])
    .where("leads.id", "=", id)
    .executeTakeFirstOrThrow();

// PGlite starts in about a second; a machine busy with builds can take far longer.
beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
}, 120_000);
afterAll(async () => {
  await db.destroy();
});

describe("POST /api/trade-in (lead submission with userData and isLastStep)", () => {
  it("stores the trade-in lead with its CRM outbox row before answering 201 with lead_id", async () => {
    const id = await createLead();
    const row = await leadRow(id);
    expect(row.kind).toBe("trade_in");
    expect(row.queued).toBe(id);
    expect(row.spam).toBe(false);
    expect(row.user_agent).toBe("Vitest shopper");
    expect(row.fields).toMatchObject({
      category: "Trade In",
      subcategory: "1. Valuation Requested",
      source: "Website",
      user_agent: "Mozilla/5.0 (shopper)",
      url: "https://www.test-motors.example.com.au/cars/trade-in?car_id=101&utm_source=google",
      make: "Toyota",
      model: "Corolla",
      year: 2022,
      kms: 60_000,
      rego: "ABC123",
      regoState: "QLD",
      finance: "Yes",
      amount_owing: 12_000,
      phone: "+61412345678",
      postcode: "4000",
      PreferredContactMethod: "SMS",
      location_id: "11",
      dealership_slug: "test-motors",
      adjustmentAnswers: goodAnswers,
      // The car comes from the published stock, not from what the browser claimed.
      car_id: "101",
      car_dealership_id: "7",
      stock_number: "TM101",
      lead_attributes: {
        visited_pages: ["/", "/cars/2022-toyota-corolla-ascent-sport", "/cars/trade-in?car_id=101"],
        linked_query_params: { car_id: "101", utm_source: "google" },
      },
      // No tick sent for the box the form showed: no consent to offers, and the record says so.
      opt_in: false,
      consent: {
        asked: true,
        opted_in: false,
        wording: "Yes, I would like to subscribe to receive latest offers & product updates.",
        pre_ticked: false,
        form: "trade_in",
        page: "/cars/trade-in?car_id=101&utm_source=google",
        at: NOW.toISOString(),
      },
    });
  });

  it("stores one lead for a retried submission with the same idempotency key", async () => {
    const first = await call(tradeIn, request("/api/trade-in", submission(), { key: "tradein-retry-1" }));
    const again = await call(tradeIn, request("/api/trade-in", submission(), { key: "tradein-retry-1" }));
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 200, body: { lead_id: first.body.lead_id } });
  });

  it("never lets the shopper set the acceptance or valuation fields", async () => {
    const id = await createLead({
      offer_accepted: true,
      form_completed: true,
      lead_id: "00000000-0000-4000-8000-000000000000",
      valuation: { eligible: true, offer: 999_999, low: 1, high: 2 },
    });
    const { fields } = await leadRow(id);
    expect(fields).not.toHaveProperty("offer_accepted");
    expect(fields).not.toHaveProperty("valuation");
    expect(fields).not.toHaveProperty("lead_id");
  });

  it("files /sell-my-car leads under Sell My Car", async () => {
    const result = await call(
      tradeIn,
      request("/api/trade-in", submission({}, { category: "Sell My Car", car_id: undefined })),
    );
    expect((await leadRow(String(result.body.lead_id))).fields).toMatchObject({ category: "Sell My Car" });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, string>]>([
    [
      "a 3-digit postcode",
      { postcode: "400" },
      {},
      { postcode: "Invalid postcode. Please enter a 4-digit number." },
    ],
    ["no postcode", { postcode: "" }, {}, { postcode: "Invalid postcode. Please enter a 4-digit number." }],
    ["a postcode that is not Australian", { postcode: "0000" }, {}, { postcode: "Invalid postcode" }],
    [
      "no condition answers",
      { adjustmentAnswers: undefined },
      {},
      { adjustmentAnswers: "Please answer this question." },
    ],
    [
      "a missing answer",
      { adjustmentAnswers: { ...goodAnswers, keys: "3" } },
      {},
      { adjustmentAnswers: "Please answer this question." },
    ],
    ["a service location", { location_id: "12" }, {}, { location_id: "Please select a dealership." }],
    [
      "no make and bad kms",
      { make: " ", kms: "lots" },
      {},
      {
        make: "Please enter the make of your car.",
        kms: "Please enter the kilometres as a number, e.g. 85,000.",
      },
    ],
    [
      "a bad rego state",
      { regoState: "XX" },
      {},
      { regoState: "Please choose the state your car is registered in." },
    ],
    [
      "not the last step",
      {},
      { isLastStep: false },
      { isLastStep: "Please complete every step before submitting." },
    ],
  ])("answers %s with 400 and the field's text", async (_, userData, envelope, fields) => {
    const result = await call(tradeIn, request("/api/trade-in", submission(userData, envelope)));
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("Please fix the following errors:");
    expect(result.body.fields).toMatchObject(fields);
  });

  it("asks the geocoder too: a postcode it cannot place in Australia is 'Invalid postcode'", async () => {
    const nowhere: Geocoder = { geocode: async () => null };
    const handler = createTradeInHandler(deps({ geocoder: nowhere }));
    const result = await call(handler, request("/api/trade-in", submission()));
    expect(result).toEqual({
      status: 400,
      body: { error: "Please fix the following errors:", fields: { postcode: "Invalid postcode" } },
    });
  });

  it("keeps a bot's submission for review without queuing it, and tells it nothing", async () => {
    const result = await call(tradeIn, request("/api/trade-in", submission({}, { fax: "buy now" })));
    expect(result.status).toBe(201);
    const row = await leadRow(String(result.body.lead_id));
    expect(row).toMatchObject({ spam: true, queued: null });
  });

  it("refuses a form filled in faster than a person can (422, retry)", async () => {
    const result = await call(
      tradeIn,
      request("/api/trade-in", submission({}, { started_at: NOW.getTime() - 500 })),
    );
    expect(result.status).toBe(422);
    expect(result.body.retry).toBe(true);
  });

  it("answers 404 on a site that does not take trade-ins, 415 for non-JSON and 400 for broken JSON", async () => {
    expect(
      (await call(tradeIn, request("/api/trade-in", submission(), { host: "no-trade-ins.localhost" })))
        .status,
    ).toBe(404);
    expect((await call(tradeIn, request("/api/trade-in", submission(), { type: "text/plain" }))).status).toBe(
      415,
    );
    expect((await call(tradeIn, request("/api/trade-in", null, { raw: "{not json" }))).status).toBe(400);
  });

  it("rate-limits one client (429 with Retry-After)", async () => {
    const handler = createTradeInHandler(deps({ rateLimit: { hits: 2, windowMs: 60_000 } }));
    const send = () => {
      const req = request("/api/trade-in", submission({ postcode: "400" }));
      req.headers.set("x-nf-client-connection-ip", "192.0.2.77");
      return handler(req);
    };
    expect((await send()).status).toBe(400);
    expect((await send()).status).toBe(400);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("valuation, POST /api/miscellaneous and the offer acceptance", () => {
  it("values the stored car with the condition answers (spec §3 valuation: id, adjustmentAnswers)", async () => {
    const id = await createLead();
    const result = await call(
      valuation,
      request("/api/trade-in/valuation", { id, adjustmentAnswers: goodAnswers }),
    );
    expect(result.status).toBe(200);
    expect(result.body.valuation).toEqual({
      id,
      adjustmentAnswers: goodAnswers,
      result: {
        eligible: true,
        offer: expect.any(Number),
        low: expect.any(Number),
        high: expect.any(Number),
      },
    });
  });

  it("gives no online estimate for a car over 7 years old, which is still a stored lead", async () => {
    const id = await createLead({ year: 2015 });
    expect((await leadRow(id)).queued).toBe(id);
    const result = await call(
      valuation,
      request("/api/trade-in/valuation", { id, adjustmentAnswers: goodAnswers }),
    );
    expect(result.body.valuation.result).toEqual({ eligible: false });
    const accepted = await call(
      acceptOffer,
      request("/api/trade-in/accept", { lead_id: id, form_completed: true, offer_accepted: true }),
    );
    expect(accepted).toEqual({
      status: 409,
      body: { error: "This car needs an in-person valuation, so there is no online offer to accept." },
    });
  });

  it("stores the valuation result on the lead under column_name valuation", async () => {
    const id = await createLead();
    const valued = await call(
      valuation,
      request("/api/trade-in/valuation", { id, adjustmentAnswers: goodAnswers }),
    );
    const saved = await call(
      miscellaneous,
      request("/api/miscellaneous", {
        lead_id: id,
        column_name: "valuation",
        valuation: valued.body.valuation,
      }),
    );
    expect(saved).toEqual({ status: 200, body: { lead_id: id, column_name: "valuation", saved: true } });
    const { fields } = await leadRow(id);
    expect(fields.valuation).toEqual(valued.body.valuation.result);
    // The rest of the lead is untouched.
    expect(fields).toMatchObject({ name: "Jane", make: "Toyota", subcategory: "1. Valuation Requested" });
  });

  it("refuses a valuation the server did not give (409) and leaves the lead as it was", async () => {
    const id = await createLead();
    const forged = {
      id,
      adjustmentAnswers: goodAnswers,
      result: { eligible: true, offer: 90_000, low: 85_000, high: 95_000 },
    };
    const result = await call(
      miscellaneous,
      request("/api/miscellaneous", { lead_id: id, column_name: "valuation", valuation: forged }),
    );
    expect(result.status).toBe(409);
    expect(result.body.error).toBe(
      "Your valuation has changed. Please reload the page to see the latest offer.",
    );
    expect((await leadRow(id)).fields).not.toHaveProperty("valuation");
  });

  it.each<[string, (id: string) => unknown, number, string]>([
    [
      "another column",
      (id) => ({ lead_id: id, column_name: "price", valuation: {} }),
      400,
      "That detail can't be saved on a trade-in.",
    ],
    [
      "an unknown lead",
      () => ({
        lead_id: "00000000-0000-4000-8000-000000000000",
        column_name: "valuation",
        valuation: {
          id: "00000000-0000-4000-8000-000000000000",
          adjustmentAnswers: goodAnswers,
          result: { eligible: false },
        },
      }),
      404,
      "We couldn't find your trade-in request. Please start again.",
    ],
  ])("answers %s on /api/miscellaneous with %i", async (_, body, status, text) => {
    const id = await createLead();
    const result = await call(miscellaneous, request("/api/miscellaneous", body(id)));
    expect(result.status).toBe(status);
    expect(JSON.stringify(result.body)).toContain(text);
  });

  it("records the acceptance as a '3. Offer Accepted' lead for the CRM, once", async () => {
    const id = await createLead();
    const body = { lead_id: id, form_completed: true, offer_accepted: true };
    const first = await call(acceptOffer, request("/api/trade-in/accept", body));
    expect(first.status).toBe(201);
    const again = await call(acceptOffer, request("/api/trade-in/accept", body));
    expect(again.status).toBe(200);
    expect(again.body.lead_id).toBe(first.body.lead_id);
    const row = await leadRow(String(first.body.lead_id));
    expect(row.kind).toBe("trade_in");
    expect(row.queued).toBe(first.body.lead_id);
    expect(row.fields).toMatchObject({
      subcategory: "3. Offer Accepted",
      lead_id: id,
      form_completed: true,
      offer_accepted: true,
      valuation: { eligible: true, offer: first.body.valuation.offer },
      name: "Jane",
      make: "Toyota",
      car_id: "101",
    });
  });

  it("delivers the trade-in lead and its acceptance to the CRM through the outbox", async () => {
    const crm = await startCrm();
    try {
      const id = await createLead({ name: "Outbox" });
      const accepted = await call(
        acceptOffer,
        request("/api/trade-in/accept", { lead_id: id, form_completed: true, offer_accepted: true }),
      );
      for (let pass = 0; pass < 10; pass += 1) {
        const result = await sendDueLeads({ db, tenant: null, receiversFor: () => crmAt(crm.url) });
        if (result.claimed === 0) break;
      }
      expect(crm.received.get(id)?.fields).toMatchObject({
        name: "Outbox",
        subcategory: "1. Valuation Requested",
      });
      expect(crm.received.get(String(accepted.body.lead_id))?.fields).toMatchObject({
        subcategory: "3. Offer Accepted",
        lead_id: id,
      });
    } finally {
      await crm.close();
    }
  });
});

describe("POST /api/trade-in/rego", () => {
  it("fills make, model, year and badge from rego and regoState", async () => {
    const result = await call(rego, request("/api/trade-in/rego", { rego: "abc 123", regoState: "WA" }));
    expect(result.status).toBe(200);
    expect(result.body.vehicle).toMatchObject({
      rego: "ABC123",
      regoState: "WA",
      make: expect.any(String),
      year: expect.any(Number),
    });
  });

  it("answers 404 with the manual-entry text for a plate not on the register", async () => {
    const handler = createRegoHandler(deps({ rego: { lookup: async () => null } }));
    const result = await call(handler, request("/api/trade-in/rego", { rego: "ABC123", regoState: "NSW" }));
    expect(result).toEqual({
      status: 404,
      body: { error: "We couldn't find that rego. Please check it or enter your car's details below." },
    });
  });

  it("answers a bad plate or state with 400 and a failing lookup service with 503", async () => {
    const bad = await call(rego, request("/api/trade-in/rego", { rego: "A", regoState: "ZZ" }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      rego: "Please enter a rego of 2 to 7 letters and numbers.",
      regoState: "Please choose the state your car is registered in.",
    });
    const down = createRegoHandler(
      deps({ rego: { lookup: async () => Promise.reject(new Error("timeout")) } }),
    );
    expect(
      (await call(down, request("/api/trade-in/rego", { rego: "ABC123", regoState: "NSW" }))).status,
    ).toBe(503);
  });
});

describe("GET /api/trade-in/car", () => {
  const car = createCarHandler(deps());
  const get = (query: string, host = "test-motors.localhost:4321") =>
    car(new Request(`http://${host}/api/trade-in/car?${query}`, { headers: { host } }));

  it("shows the published car the trade-in is against", async () => {
    const response = await get("car_id=101");
    expect(response.status).toBe(200);
    expect((await response.json()).car).toMatchObject({
      id: 101,
      dealership_id: 7,
      location_id: 11,
      stocknum: "TM101",
    });
  });

  it("answers 404 for a sold or unknown car, or a site without trade-ins", async () => {
    expect((await get("car_id=102")).status).toBe(404);
    expect((await get("car_id=nope")).status).toBe(404);
    expect((await get("car_id=101", "no-trade-ins.localhost")).status).toBe(404);
  });
});

describe("bad input is never a 5xx", () => {
  const handlers = { tradeIn, valuation, miscellaneous, acceptOffer, rego };
  it.each(Object.entries(handlers))("%s answers any JSON body with a 4xx", async (_, handler) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ userData: fc.dictionary(fc.string(), fc.jsonValue()), isLastStep: fc.jsonValue() }),
          fc.record({ lead_id: fc.uuid(), column_name: fc.string(), valuation: fc.jsonValue() }),
          fc.record({ id: fc.uuid(), adjustmentAnswers: fc.dictionary(fc.string(), fc.string()) }),
        ),
        async (body) => {
          const response = await handler(request("/api/x", body));
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });
});
