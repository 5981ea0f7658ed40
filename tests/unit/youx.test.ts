/**
 * The YouX quote (spec §3 Quote request, §4 when it is fetched, §7 POST /api/youx/quote, §8 quote
 * failure): the page's rules, the local stand-in's rate card, and the function through real Requests.
 */

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { amortise, comparisonRate } from "~/features/finance/finance";
import {
  LOCAL_FEES,
  localQuote,
  QUOTE_REQUEST_DEFAULTS,
  type QuoteRequest,
  quoteRequestSchema,
  youxEstimate,
  youxQuoteRequest,
} from "~/features/finance/youx";
import {
  createQuoteHandler,
  httpQuoteAdapter,
  localQuoteAdapter,
  type QuoteAdapter,
  quoteAdapterFromEnv,
} from "~/features/finance/youx.server";
import { ERRORS } from "~/server/errors";
import type { Site } from "~/tenant/schema";
import { type CarInput, makeCar, makeSite, makeSnapshot, NOW } from "./helpers";

const quoteSite = makeSite({ features: { youx_quote: true } });
const plainSite = makeSite();
const QUOTE = { weeklyRepaymentAmount: 187, advertisedRate: 8.49, comparisonRate: 9.12 };

const request = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
  ...QUOTE_REQUEST_DEFAULTS,
  purchasePrice: 29990,
  year: 2022,
  vin: "JTNKU3JE60J123456",
  nvic: "0A1B22",
  ...overrides,
});

describe("when the page asks for a quote (spec §4: site feature on, no quote exists, price above 0)", () => {
  it.each<[string, Site, Partial<CarInput>, boolean]>([
    ["asks on a quote site for a priced car without a quote", quoteSite, {}, true],
    ["does not ask when the site feature is off", plainSite, {}, false],
    ["does not ask when the car already has a quote", quoteSite, { youxQuote: QUOTE }, false],
    ["does not ask for a $0 car", quoteSite, { price: 0 }, false],
    ["asks for a $1 car", quoteSite, { price: 1 }, true],
  ])("%s", (_, site, car, asks) => {
    expect(youxQuoteRequest(makeCar(car), site) !== null).toBe(asks);
  });

  it("sends a GREAT self-assessed score, a 5 year term and nobody helping, with the car's price, year, VIN and NVIC (spec §7)", () => {
    const car = makeCar({ price: 31990, year: 2021, vin: "JTNKU3JE60J123456", nvic: "0A1B22" });
    expect(youxQuoteRequest(car, quoteSite)).toEqual({
      selfAssessedCreditScore: "GREAT",
      purchasePrice: 31990,
      loanTerm: 5,
      year: 2021,
      vin: "JTNKU3JE60J123456",
      nvic: "0A1B22",
      whoIsHelping: "",
    });
  });

  it("sends null for a missing VIN or NVIC, which the function accepts", () => {
    const asked = youxQuoteRequest(makeCar({ vin: null, nvic: undefined }), quoteSite);
    expect(asked).toMatchObject({ vin: null, nvic: null });
    expect(quoteRequestSchema.safeParse(asked).success).toBe(true);
  });
});

describe("the YouX estimate on the vehicle page", () => {
  it.each<[string, Site, Partial<CarInput>, "dashes" | number | null]>([
    ["dashes until the fetched quote fills them", quoteSite, {}, "dashes"],
    ["the feed's quote when the car has one", quoteSite, { youxQuote: QUOTE }, 187],
    [
      "rounds the feed's weekly figure to whole dollars",
      quoteSite,
      { youxQuote: { ...QUOTE, weeklyRepaymentAmount: 186.6 } },
      187,
    ],
    [
      "nothing when the feed's quote has no weekly figure",
      quoteSite,
      { youxQuote: { ...QUOTE, weeklyRepaymentAmount: 0 } },
      null,
    ],
    ["nothing on sites without quotes", plainSite, {}, null],
    ["nothing for a sold car", quoteSite, { status: "sold" }, null],
    ["nothing for a coming-soon car", quoteSite, { status: "coming_soon" }, null],
    ["nothing for a Suzuki (finance exclusion)", quoteSite, { make: "Suzuki" }, null],
    ["nothing at $200 (finance estimate gating)", quoteSite, { price: 200 }, null],
    ["dashes at $201", quoteSite, { price: 201 }, "dashes"],
  ])("%s", (_, site, car, expected) => {
    const estimate = youxEstimate(makeCar(car), site);
    if (expected === null) expect(estimate).toBeNull();
    else if (expected === "dashes")
      expect(estimate).toMatchObject({ weekly: null, request: expect.any(Object) });
    else expect(estimate).toMatchObject({ weekly: expected, request: null, advertisedRate: 8.49 });
  });

  it("leaves out sites' excluded dealerships", () => {
    const site = makeSite({
      features: { youx_quote: true },
      finance_calculator: { excluded_dealerships: [7] },
    });
    expect(youxEstimate(makeCar({ dealership_id: 7 }), site)).toBeNull();
  });
});

describe("local quote stand-in (a rate card priced with the calculator's amortisation)", () => {
  it.each<[string, Partial<QuoteRequest>, number]>([
    ["GREAT credit, a car up to 3 years old", { year: 2023 }, 7.49],
    ["EXCELLENT credit", { year: 2023, selfAssessedCreditScore: "EXCELLENT" }, 6.49],
    ["POOR credit", { year: 2023, selfAssessedCreditScore: "POOR" }, 15.99],
    ["4 to 7 years old adds 1 point", { year: 2019 }, 8.49],
    ["8 to 12 years old adds 2.5 points", { year: 2014 }, 9.99],
    ["older than 12 years adds 4 points", { year: 2010 }, 11.49],
    ["a loan under $15,000 adds 1 point", { year: 2023, purchasePrice: 14999 }, 8.49],
    ["a car from next year counts as new", { year: 2027 }, 7.49],
  ])("%s", (_, overrides, rate) => {
    expect(localQuote(request(overrides), NOW).advertisedRate).toBe(rate);
  });

  it("repays the price plus the $495 establishment fee weekly over the term, plus the $10 monthly fee pro rata", () => {
    const quote = localQuote(request({ year: 2023, purchasePrice: 30000 }), NOW);
    const expected = amortise(30000 + 495, 7.49, 52, 260) + (10 * 12) / 52;
    expect(quote.weeklyRepaymentAmount).toBe(Math.round(expected));
    expect(quote.weeklyRepaymentAmount).toBe(143);
    expect(quote.comparisonRate).toBe(comparisonRate(7.49, LOCAL_FEES));
    expect(quote.comparisonRate).toBeGreaterThan(quote.advertisedRate);
  });

  it("is deterministic", () => {
    expect(localQuote(request(), NOW)).toEqual(localQuote(request(), new Date(NOW)));
  });
});

describe("POST /api/youx/quote", () => {
  const sites: Record<string, Site> = { "quote-motors": quoteSite, "plain-motors": plainSite };
  const handlerWith = (adapter: QuoteAdapter = localQuoteAdapter(() => NOW)) =>
    createQuoteHandler({
      tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
      snapshot: (slug) => (sites[slug] ? makeSnapshot(sites[slug]) : null),
      adapter,
    });
  const handler = handlerWith();
  const post = (body: unknown, init: { host?: string; type?: string; method?: string } = {}) =>
    new Request("http://localhost/api/youx/quote", {
      method: init.method ?? "POST",
      headers: {
        host: init.host ?? "quote-motors.localhost:4321",
        "content-type": init.type ?? "application/json",
      },
      ...(init.method === "GET" ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });
  const answer = async (req: Request, h = handler) => {
    const response = await h(req);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("answers the weekly repayment, advertised rate and comparison rate", async () => {
    const { status, body } = await answer(post(request({ year: 2023, purchasePrice: 30000 })));
    expect(status).toBe(200);
    expect(body).toEqual({
      weeklyRepaymentAmount: 143,
      advertisedRate: 7.49,
      comparisonRate: expect.any(Number),
    });
  });

  it.each<[string, unknown, string]>([
    ["a missing purchase price", { ...request(), purchasePrice: undefined }, "purchasePrice"],
    ["a $0 purchase price", request({ purchasePrice: 0 }), "purchasePrice"],
    ["a text purchase price", { ...request(), purchasePrice: "29990" }, "purchasePrice"],
    [
      "an unknown credit score",
      { ...request(), selfAssessedCreditScore: "AMAZING" },
      "selfAssessedCreditScore",
    ],
    ["a 10 year term", request({ loanTerm: 10 }), "loanTerm"],
    ["a year out of range", request({ year: 1800 }), "year"],
    ["an unexpected field", { ...request(), deposit: 5000 }, "body"],
  ])("refuses %s with 400 and names the field", async (_, body, field) => {
    const { status, body: error } = await answer(post(body));
    expect(status).toBe(400);
    expect(error.error).toBe(ERRORS.quote.invalid);
    expect(Object.keys(error.fields as object)).toContain(field);
  });

  it.each<[string, Request, number, string]>([
    ["broken JSON", post("{"), 400, ERRORS.quote.badJson],
    [
      "a form post",
      post("a=1", { type: "application/x-www-form-urlencoded" }),
      415,
      ERRORS.quote.contentType,
    ],
    ["a GET", post(null, { method: "GET" }), 405, "Use POST for this address."],
    [
      "an unknown site",
      post(request(), { host: "nobody.localhost:4321" }),
      404,
      "This site is not available.",
    ],
    [
      "a site without quotes",
      post(request(), { host: "plain-motors.localhost:4321" }),
      404,
      ERRORS.quote.notOffered,
    ],
    ["a huge body", post({ ...request(), whoIsHelping: "x".repeat(5000) }), 413, ERRORS.quote.tooLarge],
  ])("answers %s with %d", async (_, req, status, error) => {
    const result = await answer(req);
    expect(result).toEqual({ status, body: { error } });
  });

  it("answers 502 (which the page ignores) when the quote service fails, and logs it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failing = handlerWith({
      name: "youx",
      quote: async () => {
        throw new Error("down");
      },
    });
    expect(await answer(post(request()), failing)).toEqual({
      status: 502,
      body: { error: ERRORS.quote.unavailable },
    });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it("never answers 5xx to any body a client can send", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string()), async (body) => {
        const response = await handler(post(typeof body === "string" ? body : JSON.stringify(body)));
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the quote adapter", () => {
  let server: Server;
  let url: string;
  const received: { body: unknown; authorization: string | undefined }[] = [];
  let reply: { status: number; body: string } = { status: 200, body: JSON.stringify(QUOTE) };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = "";
      req.on("data", (chunk) => {
        text += chunk;
      });
      req.on("end", () => {
        received.push({ body: JSON.parse(text), authorization: req.headers.authorization });
        res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/quote`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("is the YouX service when YOUX_API_URL is set, else the local stand-in", () => {
    expect(quoteAdapterFromEnv({ YOUX_API_URL: url }).name).toBe("youx");
    expect(quoteAdapterFromEnv({}).name).toBe("local");
  });

  it("posts the Quote request as JSON with the API key and reads the answer", async () => {
    const quote = await httpQuoteAdapter(url, { apiKey: "secret" }).quote(request());
    expect(quote).toEqual(QUOTE);
    expect(received.at(-1)).toEqual({ body: request(), authorization: "Bearer secret" });
  });

  it.each<[string, { status: number; body: string }]>([
    ["a non-OK answer", { status: 503, body: "{}" }],
    ["an answer without the figures", { status: 200, body: JSON.stringify({ weekly: 187 }) }],
  ])("fails on %s", async (_, answer) => {
    reply = answer;
    await expect(httpQuoteAdapter(url).quote(request())).rejects.toThrow();
    reply = { status: 200, body: JSON.stringify(QUOTE) };
  });
});
