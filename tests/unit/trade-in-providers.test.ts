/**
 * The trade-in's providers: AutoGrab's registration lookup and valuation adapters against a local
 * stub that answers the shapes AutoGrab documents (README "Trade-in valuations"), each outcome
 * mapped to the shopper's words through the real handlers; which service answers in which
 * environment; and a deployed site without providers end to end (real requests, PGlite): the lead
 * is stored, no number is shown and nothing can be accepted.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadsDb } from "~/features/leads/tables";
import {
  autograbRegoLookup,
  autograbValuation,
  providerWarnings,
  tradeInProvidersFromEnv,
} from "~/features/trade-in/providers.server";
import { localRegoLookup } from "~/features/trade-in/rego";
import { ADJUSTMENT_QUESTIONS } from "~/features/trade-in/trade-in";
import {
  createAcceptHandler,
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
import { makeLocation, makeSite, NOW } from "./helpers";

const KEY = "sec_test_key";

/** AutoGrab's documented vehicle object (devhub "Registration Plate Search"), for plate BMT038 in VIC. */
const POLO = {
  id: "5804870883868672",
  region: "au",
  title: "2019 Volkswagen Polo 85TSI Comfortline Auto",
  year: "2019",
  make: "Volkswagen",
  model: "Polo",
  badge: "85TSI Comfortline",
  series: "AW",
  body_type: "Hatchback",
  options: [],
};

/** What the stub was asked, to show which calls a flow makes. */
interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  apiKey: string | undefined;
  body: unknown;
}

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => resolve(raw ? JSON.parse(raw) : null));
  });

let stub: Server;
let base = "";
const seen: Seen[] = [];

/**
 * AutoGrab's two calls, by plate: BMT038 a registered car; NOMATCH `vehicle: null` (no match);
 * GONE404 a 404; DENY403 a 403; DOWN502 a 502; SLOW1 no answer within the adapter's timeout.
 */
async function startStub() {
  stub = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const body = await readBody(req);
    seen.push({
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      apiKey: req.headers.apikey as string | undefined,
      body,
    });
    const send = (status: number, payload: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
    if (req.headers.apikey !== KEY) return send(401, { error: true, message: "Unauthorized" });
    const plate = /^\/v2\/vehicles\/registrations\/([^/]+)$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && plate) {
      if (url.searchParams.get("region") !== "au" || !url.searchParams.get("state"))
        return send(400, { error: true, message: "region and state are required" });
      if (plate === "BMT038" && url.searchParams.get("state") === "VIC")
        return send(200, { success: true, vehicle: POLO });
      if (plate === "GONE404") return send(404, { error: true, message: "Vehicle not found" });
      if (plate === "DENY403") return send(403, { error: true, message: "Forbidden" });
      if (plate === "DOWN502") return send(502, { error: true, message: "Bad gateway" });
      if (plate === "SLOW1") {
        setTimeout(() => send(200, { success: true, vehicle: POLO }), 2_000).unref();
        return;
      }
      return send(200, { success: true, vehicle: null, upstream_vehicle: null });
    }
    if (req.method === "POST" && url.pathname === "/v2/valuations/predict") {
      const request = body as { region?: string; vehicle_id?: string; kms?: number };
      if (request.region !== "au" || request.vehicle_id !== POLO.id)
        return send(404, { error: true, message: "Vehicle not found in database" });
      // AutoGrab's documented prediction for this car (devhub "Valuation Features": features=bounds).
      return send(200, {
        success: true,
        prediction: {
          id: "e2813b16-1012-41b5-9ea3-3b65675c50fd",
          vehicle_id: POLO.id,
          kms: request.kms,
          price: 20622,
          score: 0.9239,
          retail_price: 20622,
          trade_price: 17122,
          adjustment: null,
        },
        bounds: { retail: { lower: 19622, upper: 21872 }, trade: { lower: 16122, upper: 18372 } },
      });
    }
    return send(404, { error: true, message: "No such route" });
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
}

let db: Db;
const site: Site = makeSite();
const data: TenantData = {
  site,
  locations: [makeLocation({ id: 11, name: "Test Motors Brisbane", location_type: "sales" })],
  offers: [],
  pages: [],
  cars: [],
  now: NOW.toISOString(),
};

beforeAll(async () => {
  await startStub();
  db = await openDb({ kind: "pglite", dataDir: null });
}, 120_000);
afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
  await db.destroy();
});

let ip = 0;
function deps(overrides: Partial<TradeInOptions>): TradeInOptions {
  return {
    db: async () => db,
    tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
    snapshot: (slug) => (slug === "test-motors" ? data : null),
    now: () => NOW,
    ...overrides,
  };
}

function request(path: string, body?: unknown, key?: string) {
  ip += 1;
  const headers: Record<string, string> = {
    host: "test-motors.localhost:4321",
    "content-type": "application/json",
    "user-agent": "Vitest shopper",
    "x-nf-client-connection-ip": `10.9.${Math.floor(ip / 250)}.${ip % 250}`,
  };
  if (key) headers["idempotency-key"] = key;
  return new Request(`http://test-motors.localhost:4321${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function call(handler: (req: Request) => Promise<Response>, req: Request) {
  const response = await handler(req);
  // biome-ignore lint/suspicious/noExplicitAny: the tests read whichever JSON answer each call gives.
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const answers = Object.fromEntries(ADJUSTMENT_QUESTIONS.map((q) => [q.id, q.options[0]?.value]));

function submission(userData: Record<string, unknown>) {
  return {
    userData: {
      make: "Volkswagen",
      model: "Polo",
      year: 2019,
      kms: 57306,
      adjustmentAnswers: answers,
      name: "Jane",
      last_name: "Citizen",
      email: "jane@example.com.au",
      phone: "0412 345 678",
      postcode: "3000",
      location_id: "11",
      ...userData,
    },
    isLastStep: true,
    category: "Trade In",
    page_id: "trade-in",
    started_at: NOW.getTime() - 60_000,
    fax: "",
  };
}

let leads = 0;
async function createLead(handlers: TradeInOptions, userData: Record<string, unknown>) {
  leads += 1;
  const created = await call(
    createTradeInHandler(handlers),
    request("/api/trade-in", submission(userData), `providers-${leads}`),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return String(created.body.lead_id);
}

const storedFields = async (id: string) =>
  (await leadsDb(db).selectFrom("leads").select("fields").where("id", "=", id).executeTakeFirstOrThrow())
    .fields;

const TEXTS = {
  regoNotFound: "We couldn't find that rego. Please check it or enter your car's details below.",
  lookupFailed: "We couldn't look up that rego just now. Please enter your car's details below.",
  lookupUnavailable: "Rego lookup isn't available here. Please enter your car's details below.",
  byPhone: "Thanks, we have your car's details. Our team will call you soon with a valuation.",
  noOnlineOffer: "This car needs an in-person valuation, so there is no online offer to accept.",
};

describe("AutoGrab registration lookup (GET /v2/vehicles/registrations/{plate}?region=au&state=)", () => {
  // Made per test: the stub's address is known only once it listens.
  const handler = () =>
    createRegoHandler(deps({ rego: autograbRegoLookup({ baseUrl: base, apiKey: KEY, timeoutMs: 300 }) }));

  it("fills make, model, year and badge from AutoGrab's vehicle, asking with the plate, state, region and key", async () => {
    seen.length = 0;
    const result = await call(
      handler(),
      request("/api/trade-in/rego", { rego: "bmt 038", regoState: "VIC" }),
    );
    expect(result).toEqual({
      status: 200,
      body: {
        vehicle: {
          rego: "BMT038",
          regoState: "VIC",
          make: "Volkswagen",
          model: "Polo",
          year: 2019,
          badge: "85TSI Comfortline",
        },
      },
    });
    expect(seen).toEqual([
      {
        method: "GET",
        path: "/v2/vehicles/registrations/BMT038",
        query: { region: "au", state: "VIC" },
        apiKey: KEY,
        body: null,
      },
    ]);
  });

  it.each([
    ["a plate AutoGrab cannot match (vehicle: null)", "NOMATCH", 404, TEXTS.regoNotFound],
    ["a plate AutoGrab answers 404 for", "GONE404", 404, TEXTS.regoNotFound],
    ["a refusal (4xx)", "DENY403", 503, TEXTS.lookupFailed],
    ["a failing AutoGrab (5xx)", "DOWN502", 503, TEXTS.lookupFailed],
    ["no answer in time", "SLOW1", 503, TEXTS.lookupFailed],
  ])("answers %s with %i and the shopper's text", async (_, plate, status, text) => {
    const result = await call(handler(), request("/api/trade-in/rego", { rego: plate, regoState: "NSW" }));
    expect(result).toEqual({ status, body: { error: text } });
  });

  it("counts a wrong key (401) as a failing lookup, never as a plate not found", async () => {
    const wrongKey = createRegoHandler(
      deps({ rego: autograbRegoLookup({ baseUrl: base, apiKey: "sec_wrong", timeoutMs: 300 }) }),
    );
    const result = await call(wrongKey, request("/api/trade-in/rego", { rego: "BMT038", regoState: "VIC" }));
    expect(result).toEqual({ status: 503, body: { error: TEXTS.lookupFailed } });
  });
});

describe("AutoGrab valuation (POST /v2/valuations/predict?features=bounds)", () => {
  const providers = () =>
    deps({ valuation: autograbValuation({ baseUrl: base, apiKey: KEY, timeoutMs: 300 }) });

  it("offers AutoGrab's trade price within its trade bounds, and accepts exactly that, asking once", async () => {
    const id = await createLead(providers(), { rego: "BMT038", regoState: "VIC" });
    seen.length = 0;
    const valued = await call(
      createValuationHandler(providers()),
      request("/api/trade-in/valuation", { id, adjustmentAnswers: answers }),
    );
    expect(valued.status).toBe(200);
    expect(valued.body.valuation.result).toEqual({ eligible: true, offer: 17122, low: 16122, high: 18372 });
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ["GET", "/v2/vehicles/registrations/BMT038", null],
      ["POST", "/v2/valuations/predict", { region: "au", vehicle_id: "5804870883868672", kms: 57306 }],
    ]);
    expect(seen[1]?.query).toEqual({ features: "bounds" });

    const saved = await call(
      createMiscellaneousHandler(providers()),
      request("/api/miscellaneous", {
        lead_id: id,
        column_name: "valuation",
        valuation: valued.body.valuation,
      }),
    );
    expect(saved.status).toBe(200);
    const accepted = await call(
      createAcceptHandler(providers()),
      request("/api/trade-in/accept", { lead_id: id, form_completed: true, offer_accepted: true }),
    );
    expect(accepted.status).toBe(201);
    expect(accepted.body.valuation).toEqual({ eligible: true, offer: 17122, low: 16122, high: 18372 });
    // Saving and accepting use the figure AutoGrab gave: no second paid lookup or prediction.
    expect(seen).toHaveLength(2);
  });

  it.each([
    ["a plate AutoGrab cannot match", "NOMATCH", 409, TEXTS.noOnlineOffer],
    ["a plate AutoGrab answers 404 for", "GONE404", 409, TEXTS.noOnlineOffer],
    // A failing AutoGrab at acceptance is one to retry, never an offer taken without its figure.
    [
      "a refusal (4xx)",
      "DENY403",
      503,
      "We couldn't send your enquiry just now. Please try again in a moment.",
    ],
    [
      "a failing AutoGrab (5xx)",
      "DOWN502",
      503,
      "We couldn't send your enquiry just now. Please try again in a moment.",
    ],
    [
      "no answer in time",
      "SLOW1",
      503,
      "We couldn't send your enquiry just now. Please try again in a moment.",
    ],
  ])(
    "answers %s with no number: the dealer will call, and accepting answers %i",
    async (_, plate, status, text) => {
      const id = await createLead(providers(), { rego: plate, regoState: "NSW" });
      const valued = await call(
        createValuationHandler(providers()),
        request("/api/trade-in/valuation", { id, adjustmentAnswers: answers }),
      );
      expect(valued).toEqual({ status: 200, body: { valuation: null, notice: TEXTS.byPhone } });
      const accepted = await call(
        createAcceptHandler(providers()),
        request("/api/trade-in/accept", { lead_id: id, form_completed: true, offer_accepted: true }),
      );
      expect(accepted.status).toBe(status);
      expect(accepted.body.error).toBe(text);
      expect(await storedFields(id)).not.toHaveProperty("valuation");
    },
  );

  it("asks AutoGrab nothing for a car without a plate, or one spec §9 keeps offline", async () => {
    const typed = await createLead(providers(), {});
    const old = await createLead(providers(), { rego: "BMT038", regoState: "VIC", year: 2015 });
    seen.length = 0;
    const valuation = createValuationHandler(providers());
    expect(
      (await call(valuation, request("/api/trade-in/valuation", { id: typed, adjustmentAnswers: answers })))
        .body,
    ).toEqual({ valuation: null, notice: TEXTS.byPhone });
    expect(
      (await call(valuation, request("/api/trade-in/valuation", { id: old, adjustmentAnswers: answers })))
        .body.valuation.result,
    ).toEqual({ eligible: false });
    expect(seen).toEqual([]);
  });
});

describe("which service answers where", () => {
  it("names AutoGrab when the URL and key are set, and the stand-ins only when asked for locally", async () => {
    const configured = tradeInProvidersFromEnv({
      REGO_LOOKUP_URL: base,
      REGO_LOOKUP_KEY: KEY,
      VALUATION_URL: base,
      VALUATION_KEY: KEY,
      TRADE_IN_STAND_INS: "local",
    });
    expect(configured.standIns).toEqual([]);
    expect(await configured.rego?.lookup("BMT038", "VIC")).toMatchObject({ make: "Volkswagen", year: 2019 });

    const local = tradeInProvidersFromEnv({ TRADE_IN_STAND_INS: "local" });
    expect(local).toEqual({
      rego: localRegoLookup,
      valuation: localValuationAdapter,
      standIns: ["rego", "valuation"],
    });
    expect(tradeInProvidersFromEnv({})).toEqual({ rego: null, valuation: null, standIns: [] });
  });

  it.each([
    ["NETLIFY=true", { NETLIFY: "true" }],
    ["any NETLIFY", { NETLIFY: "1" }],
    ["a Lambda", { AWS_LAMBDA_FUNCTION_NAME: "trade-in" }],
  ])("never uses the stand-ins on a host (%s), whatever TRADE_IN_STAND_INS says", (_, host) => {
    expect(tradeInProvidersFromEnv({ ...host, TRADE_IN_STAND_INS: "local" })).toEqual({
      rego: null,
      valuation: null,
      standIns: [],
    });
  });

  it("refuses a plain-http provider on a host", () => {
    const providers = tradeInProvidersFromEnv({
      NETLIFY: "true",
      VALUATION_URL: "http://api.autograb.com.au",
      VALUATION_KEY: KEY,
    });
    expect(providers.valuation).toBeNull();
  });
});

describe("a deployed site without providers (no REGO_LOOKUP_URL, no VALUATION_URL)", () => {
  // What the trade-in functions build on Netlify: the environment as a deployed function sees it.
  const deployed = tradeInProvidersFromEnv({
    NETLIFY: "true",
    TENANT: "test-motors",
    TRADE_IN_STAND_INS: "local",
  });
  const handlers = () => deps({ rego: deployed.rego, valuation: deployed.valuation });

  it("offers no rego lookup: the shopper types the car", async () => {
    const rego = createRegoHandler(handlers());
    expect(await call(rego, request("/api/trade-in/rego"))).toEqual({ status: 200, body: { lookup: false } });
    expect(await call(rego, request("/api/trade-in/rego", { rego: "ABC123", regoState: "QLD" }))).toEqual({
      status: 404,
      body: { error: TEXTS.lookupUnavailable },
    });
  });

  it("stores the lead with its car, answers and contact details, shows no number and refuses accept", async () => {
    const id = await createLead(handlers(), { make: "Toyota", model: "Corolla", year: 2022, kms: 40_000 });
    expect(await storedFields(id)).toMatchObject({
      make: "Toyota",
      model: "Corolla",
      year: 2022,
      kms: 40_000,
      adjustmentAnswers: answers,
      name: "Jane",
      email: "jane@example.com.au",
      subcategory: "1. Valuation Requested",
    });
    const valued = await call(
      createValuationHandler(handlers()),
      request("/api/trade-in/valuation", { id, adjustmentAnswers: answers }),
    );
    expect(valued).toEqual({ status: 200, body: { valuation: null, notice: TEXTS.byPhone } });
    expect(JSON.stringify(valued.body)).not.toMatch(/\d{3}/);

    // The local stand-in's figure for this car is not accepted as if a service had given it.
    const forged = {
      id,
      adjustmentAnswers: answers,
      result: { eligible: true, offer: 20_000, low: 19_000, high: 21_000 },
    };
    expect(
      await call(
        createMiscellaneousHandler(handlers()),
        request("/api/miscellaneous", { lead_id: id, column_name: "valuation", valuation: forged }),
      ),
    ).toEqual({ status: 409, body: { error: TEXTS.noOnlineOffer } });
    expect(
      await call(
        createAcceptHandler(handlers()),
        request("/api/trade-in/accept", { lead_id: id, form_completed: true, offer_accepted: true }),
      ),
    ).toEqual({ status: 409, body: { error: TEXTS.noOnlineOffer } });
    const stored = await storedFields(id);
    expect(stored).not.toHaveProperty("valuation");
    expect(stored).not.toHaveProperty("offer_accepted");
    const acceptances = await leadsDb(db)
      .selectFrom("leads")
      .select("id")
      .where(sql<string>`fields->>'lead_id'`, "=", id)
      .execute();
    expect(acceptances).toEqual([]);
  });
});

describe("the build's provider warnings (printed under NETLIFY=true)", () => {
  const on = makeSite();
  it("names the missing variables of each service the site turns on", () => {
    expect(providerWarnings(on, { NETLIFY: "true" })).toEqual([
      "the trade-in flow is on (features.trade_in) but VALUATION_URL and VALUATION_KEY are not set: shoppers get no online offer, the dealer calls each one with a valuation",
      "the trade-in flow is on (features.trade_in) but REGO_LOOKUP_URL and REGO_LOOKUP_KEY are not set: there is no rego lookup, shoppers type their car's make, model and year",
    ]);
    expect(
      providerWarnings(on, { VALUATION_URL: "https://api.autograb.com.au", REGO_LOOKUP_URL: "https://x" }),
    ).toEqual([
      "the trade-in flow is on (features.trade_in) but VALUATION_KEY is not set: shoppers get no online offer, the dealer calls each one with a valuation",
      "the trade-in flow is on (features.trade_in) but REGO_LOOKUP_KEY is not set: there is no rego lookup, shoppers type their car's make, model and year",
    ]);
  });

  it("says nothing when the settings are there or no provider is turned on", () => {
    const all = {
      REGO_LOOKUP_URL: "https://a",
      REGO_LOOKUP_KEY: "k",
      VALUATION_URL: "https://a",
      VALUATION_KEY: "k",
    };
    expect(providerWarnings(on, all)).toEqual([]);
    expect(providerWarnings(makeSite({ features: { trade_in: false } }), {})).toEqual([]);
    expect(providerWarnings(makeSite({ features: { trade_in: false }, redbook: true }), {})).toEqual([
      "site.json sets redbook but VALUATION_URL and VALUATION_KEY are not set: shoppers get no online offer, the dealer calls each one with a valuation",
    ]);
  });
});
