/**
 * GET /cars/{slug}/autogauge and GET /api/finance-disclaimer?car_id= (spec §7) through real
 * Requests: first the handlers over an in-memory tenant, then the deployed function modules over a
 * published snapshot on disk (.cache/<slug>/tenant.json), the way `npm start` and Netlify run them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAutogaugeHandler } from "~/features/finance/autogauge.server";
import { createDisclaimerHandler } from "~/features/finance/disclaimer.server";
import { COMPARISON_RATE_WARNING } from "~/features/finance/finance";
import { createFinanceCarHandler } from "~/features/finance/finance-car.server";
import type { AutogaugeResult } from "~/features/finance/gauge";
import type { CallContext } from "~/server/context";
import { ERRORS } from "~/server/errors";
import type { Site } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import { type CarInput, makeCar, makeSite, makeSnapshot } from "./helpers";

const GAUGE: AutogaugeResult = {
  fill: 0.72,
  listing_price: 28990,
  market_range_min: 27500,
  market_range_max: 33900,
  confidence: 0.81,
  description: "Compared with 31 similar Toyota Corolla listings in WA over the last 90 days.",
};
const DISCLAIMER = `Estimated repayments of $141 per week are based on a 5 year secured consumer loan. ${COMPARISON_RATE_WARNING}`;

const site = makeSite({
  slug: "market-motors",
  autograb: true,
  plugins: ["Autogauge"],
  finance_provider: "360 Finance",
});
const car = (overrides: Partial<CarInput>) => makeCar({ price: 28990, ...overrides });
const cars: Car[] = [
  car({
    id: 11,
    slug: "used-with-gauge",
    autograb_data: { state_average_market_price: 31000, autogauge: GAUGE },
  }),
  car({ id: 12, slug: "used-thin-data", autograb_data: { autogauge: { ...GAUGE, confidence: 0.12 } } }),
  car({ id: 13, slug: "used-averages-only", autograb_data: { state_average_market_price: 31000 } }),
  car({ id: 14, slug: "new-with-gauge", car_type: "new", autograb_data: { autogauge: GAUGE } }),
  car({ id: 15, slug: "reserved-with-gauge", reserved: true, autograb_data: { autogauge: GAUGE } }),
  car({ id: 16, slug: "with-lender", finance_lenders: { "360 Finance": { disclaimer: DISCLAIMER } } }),
  car({
    id: 17,
    slug: "lender-short",
    finance_lenders: { "360 finance": { disclaimer: "Fees and charges apply." } },
  }),
  car({ id: 18, slug: "other-lender", finance_lenders: { taurus: { disclaimer: DISCLAIMER } } }),
  car({ id: 19, slug: "sold-car", status: "sold", sold: true }),
  car({ id: 20, slug: "no-photos", price: 0, car_type: "new", images: [], primary_image_url: null }),
];

const lookup = (sites: Record<string, { site: Site; cars: Car[] }>): Omit<CallContext, "db"> => ({
  tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
  snapshot: (slug) => {
    const tenant = sites[slug];
    return tenant ? makeSnapshot(tenant.site, { cars: tenant.cars }) : null;
  },
});
const tenants = lookup({
  "market-motors": { site, cars },
  "no-market": { site: makeSite({ finance_provider: null }), cars },
});

const get = (pathname: string, host = "market-motors.localhost:4321", method = "GET") =>
  new Request(`http://localhost${pathname}`, { method, headers: { host } });
async function answer(handler: (req: Request) => Promise<Response>, req: Request) {
  const response = await handler(req);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("GET /cars/{slug}/autogauge", () => {
  const handler = createAutogaugeHandler(tenants);

  it("answers the used car's Autogauge result", async () => {
    expect(await answer(handler, get("/cars/used-with-gauge/autogauge"))).toEqual({
      status: 200,
      body: GAUGE,
    });
  });

  it("answers a result the page will hide (confidence 0.2 or less): the display rule is the page's", async () => {
    const { status, body } = await answer(handler, get("/cars/used-thin-data/autogauge"));
    expect(status).toBe(200);
    expect(body).toMatchObject({ confidence: 0.12 });
  });

  it.each<[string, string, string, number, string]>([
    [
      "an unknown car",
      "/cars/no-such-car/autogauge",
      "market-motors",
      404,
      "We couldn't find that car. It may have been sold.",
    ],
    [
      "a car with market averages only",
      "/cars/used-averages-only/autogauge",
      "market-motors",
      404,
      ERRORS.autogauge.noResult,
    ],
    [
      "a new car (Autogauge is for used cars)",
      "/cars/new-with-gauge/autogauge",
      "market-motors",
      404,
      ERRORS.autogauge.noResult,
    ],
    [
      "a reserved car (not Autograb eligible)",
      "/cars/reserved-with-gauge/autogauge",
      "market-motors",
      404,
      ERRORS.autogauge.noResult,
    ],
    [
      "a site without market data",
      "/cars/used-with-gauge/autogauge",
      "no-market",
      404,
      ERRORS.autogauge.noResult,
    ],
    ["an unknown site", "/cars/used-with-gauge/autogauge", "nobody", 404, "This site is not available."],
    [
      "a path that is not a car slug",
      "/cars/Used%20Car/autogauge",
      "market-motors",
      400,
      ERRORS.autogauge.badPath,
    ],
  ])("answers %s with %d", async (_, pathname, tenant, status, error) => {
    expect(await answer(handler, get(pathname, `${tenant}.localhost:4321`))).toEqual({
      status,
      body: { error },
    });
  });

  it("answers 405 to a POST", async () => {
    const response = await handler(get("/cars/used-with-gauge/autogauge", undefined, "POST"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });
});

describe("GET /api/finance/car?car_id= (the car on /personalised/finance)", () => {
  const handler = createFinanceCarHandler(tenants);

  it("answers the car as its page shows it: name, price as displayed, type and first photo", async () => {
    const { status, body } = await answer(handler, get("/api/finance/car?car_id=16"));
    expect(status).toBe(200);
    const shown = (cars.find((c) => c.id === 16) as Car).images[0];
    expect(body).toEqual({
      car: {
        id: 16,
        slug: "with-lender",
        name: (cars.find((c) => c.id === 16) as Car).name,
        price_text: "$28,990",
        car_type_label: "Used",
        image: shown ? { url: shown.url, alt: expect.any(String) } : expect.anything(),
      },
    });
  });

  it("a car with no price or photos reads the site's no-price text and the image-not-found picture", async () => {
    const { body } = await answer(handler, get("/api/finance/car?car_id=20"));
    expect(body).toMatchObject({
      car: {
        price_text: "Enquire for price.",
        car_type_label: "New",
        image: { url: expect.stringContaining("image-not-found") },
      },
    });
  });

  it.each<[string, string, string, number, string]>([
    ["no car id", "/api/finance/car", "market-motors", 400, ERRORS.financeCar.badCarId],
    [
      "a car id that is not a number",
      "/api/finance/car?car_id=1e3",
      "market-motors",
      400,
      ERRORS.financeCar.badCarId,
    ],
    [
      "an unknown car",
      "/api/finance/car?car_id=999",
      "market-motors",
      404,
      "We couldn't find that car. It may have been sold.",
    ],
    [
      "a sold car",
      "/api/finance/car?car_id=19",
      "market-motors",
      404,
      "We couldn't find that car. It may have been sold.",
    ],
    [
      "an unknown site",
      "/api/finance/car?car_id=16",
      "nowhere.localhost:4321",
      404,
      "This site is not available.",
    ],
  ])("%s: %s answers %s", async (_name, path, host, status, error) => {
    expect(await answer(handler, get(path, host.includes(".") ? host : `${host}.localhost:4321`))).toEqual({
      status,
      body: { error },
    });
  });

  it("answers GET only", async () => {
    const response = await handler(get("/api/finance/car?car_id=16", "market-motors.localhost:4321", "POST"));
    expect(response.status).toBe(405);
  });
});

describe("GET /api/finance-disclaimer?car_id=", () => {
  const handler = createDisclaimerHandler(tenants);

  it("answers the disclaimer of the site's lender for the car", async () => {
    expect(await answer(handler, get("/api/finance-disclaimer?car_id=16"))).toEqual({
      status: 200,
      body: { car_id: 16, provider: "360 Finance", disclaimer: DISCLAIMER },
    });
  });

  it("matches the lender key whatever its case and adds the comparison-rate warning a lender left out", async () => {
    const { status, body } = await answer(handler, get("/api/finance-disclaimer?car_id=17"));
    expect(status).toBe(200);
    expect((body as { disclaimer: string }).disclaimer).toMatch(
      /^Fees and charges apply\. .*WARNING: This comparison rate/,
    );
  });

  it.each<[string, string, string, number, string]>([
    ["no car id", "/api/finance-disclaimer", "market-motors", 400, ERRORS.disclaimer.badCarId],
    [
      "a car id that is not a number",
      "/api/finance-disclaimer?car_id=abc",
      "market-motors",
      400,
      ERRORS.disclaimer.badCarId,
    ],
    ["a car id of 0", "/api/finance-disclaimer?car_id=0", "market-motors", 400, ERRORS.disclaimer.badCarId],
    [
      "an unknown car",
      "/api/finance-disclaimer?car_id=999",
      "market-motors",
      404,
      "We couldn't find that car. It may have been sold.",
    ],
    [
      "a car without the site lender's data",
      "/api/finance-disclaimer?car_id=18",
      "market-motors",
      404,
      ERRORS.disclaimer.noDisclaimer,
    ],
    [
      "a car without lenders",
      "/api/finance-disclaimer?car_id=11",
      "market-motors",
      404,
      ERRORS.disclaimer.noDisclaimer,
    ],
    [
      "a site without a finance provider",
      "/api/finance-disclaimer?car_id=16",
      "no-market",
      404,
      ERRORS.disclaimer.noDisclaimer,
    ],
    ["an unknown site", "/api/finance-disclaimer?car_id=16", "nobody", 404, "This site is not available."],
  ])("answers %s with %d", async (_, pathname, tenant, status, error) => {
    expect(await answer(handler, get(pathname, `${tenant}.localhost:4321`))).toEqual({
      status,
      body: { error },
    });
  });

  it("never answers 5xx to any query string", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (value) => {
        const response = await handler(get(`/api/finance-disclaimer?car_id=${encodeURIComponent(value)}`));
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the deployed functions over a published snapshot", () => {
  let dir: string;
  const previous = process.env.TENANT_CACHE_DIR;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "finance-functions-"));
    mkdirSync(path.join(dir, "market-motors"));
    const snapshot = { site, locations: [], offers: [], pages: [], cars, now: new Date().toISOString() };
    writeFileSync(path.join(dir, "market-motors", "tenant.json"), JSON.stringify(snapshot));
    process.env.TENANT_CACHE_DIR = dir;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TENANT_CACHE_DIR;
    else process.env.TENANT_CACHE_DIR = previous;
    rmSync(dir, { recursive: true, force: true });
  });

  it("mounts /cars/:slug/autogauge and answers from the snapshot", async () => {
    const fn = await import("~/functions/autogauge");
    expect(fn.config.path).toBe("/cars/:slug/autogauge");
    expect(await answer(fn.default, get("/cars/used-with-gauge/autogauge"))).toEqual({
      status: 200,
      body: GAUGE,
    });
    expect((await fn.default(get("/cars/nothing-here/autogauge"))).status).toBe(404);
  });

  it("mounts /api/finance-disclaimer and answers from the snapshot", async () => {
    const fn = await import("~/functions/finance-disclaimer");
    expect(fn.config.path).toBe("/api/finance-disclaimer");
    const { status, body } = await answer(fn.default, get("/api/finance-disclaimer?car_id=16"));
    expect(status).toBe(200);
    expect(body).toMatchObject({ disclaimer: DISCLAIMER });
    expect(
      (await fn.default(get("/api/finance-disclaimer?car_id=16", "unbuilt.localhost:4321"))).status,
    ).toBe(404);
  });

  it("mounts /api/youx/quote, refusing sites that have not turned quotes on", async () => {
    const fn = await import("~/functions/youx-quote");
    expect(fn.config.path).toBe("/api/youx/quote");
    const response = await fn.default(
      new Request("http://localhost/api/youx/quote", {
        method: "POST",
        headers: { host: "market-motors.localhost:4321", "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(response.status).toBe(404);
  });
});
