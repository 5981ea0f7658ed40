/**
 * What the vehicle page's calls may cost (the outside review's low findings on limits), through the
 * real handlers and real storage (PGlite in memory): the car PDF and the YouX quote are rate
 * limited per client with a friendly 429, and the phone reveal and the quote read at most their
 * size limit of a body.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createQuoteHandler,
  localQuoteAdapter,
  QUOTE_ERRORS,
  YOUX_QUOTE_LIMITS,
} from "~/features/finance/youx.server";
import { LEAD_LIMITS } from "~/features/leads/leads";
import { CAR_PDF_LIMITS, createCarPdfHandler } from "~/features/vehicle/car-pdf.server";
import { createPhoneRevealHandler, PHONE_REVEAL_LIMITS } from "~/features/vehicle/phone-reveal.server";
import { type Db, openDb } from "~/lib/db/db.server";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeLocation, makeSite, NOW } from "./helpers";

let db: Db;
const site = makeSite({ features: { youx_quote: true } });
const car = makeCar({ id: 101, slug: "2022-toyota-corolla-ascent-sport", dealership_id: 1, location_id: 7 });
const data: TenantData = {
  site,
  locations: [makeLocation({ id: 7, name: "Test Motors Brisbane", location_type: "sales" })],
  offers: [],
  pages: [],
  cars: [car],
  now: NOW.toISOString(),
};
const tenantFor = (req: Request) =>
  /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null;
const context = { tenantFor, snapshot: (slug: string) => (slug === "test-motors" ? data : null) };
const HOST = "test-motors.localhost:4321";
// Each test counts in its own minute, so no test sees another's hits.
let minute = 0;
const freshClock = () => {
  minute += 1;
  const at = new Date(NOW.getTime() + minute * 60_000 + 1_000);
  return () => at;
};

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
}, 120_000);
afterAll(async () => {
  await db.destroy();
});

describe("GET /api/car-pdf is rate limited per client", () => {
  const handler = (options: { hits?: number } = {}) =>
    createCarPdfHandler({
      ...context,
      db: async () => db,
      ...(options.hits ? { rateLimit: { hits: options.hits, windowMs: 60_000 } } : {}),
      assetRoots: () => [],
      siteOrigin: null,
      now: freshClock(),
    });
  const get = (h: ReturnType<typeof handler>, slug: string, ip?: string) =>
    h(
      new Request(`http://${HOST}/api/car-pdf?slug=${slug}`, {
        headers: { host: HOST, ...(ip ? { "x-nf-client-connection-ip": ip } : {}) },
      }),
    );

  it("answers 429 with Retry-After and a friendly JSON error once a client is over the limit", async () => {
    const h = handler({ hits: 2 });
    expect((await get(h, car.slug, "203.0.113.60")).status).toBe(200);
    expect((await get(h, car.slug, "203.0.113.60")).status).toBe(200);
    const over = await get(h, car.slug, "203.0.113.60");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await over.json()) as { error: string }).error).toMatch(/try again in \d+ seconds/);
    expect((await get(h, car.slug, "203.0.113.61")).status).toBe(200);
  });

  it("allows 30 a minute by default, counting requests for unknown cars too, and limits no address", async () => {
    expect(CAR_PDF_LIMITS.rateLimit).toEqual({ hits: 30, windowMs: 60_000 });
    const h = handler();
    for (let i = 0; i < 30; i++) expect((await get(h, "no-such-car", "203.0.113.62")).status).toBe(404);
    expect((await get(h, "no-such-car", "203.0.113.62")).status).toBe(429);
    const anonymous = handler({ hits: 1 });
    expect((await get(anonymous, "no-such-car")).status).toBe(404);
    expect((await get(anonymous, "no-such-car")).status).toBe(429);
  });
});

describe("POST /api/youx/quote is rate limited per client", () => {
  const handler = (options: { hits?: number } = {}) =>
    createQuoteHandler({
      tenantFor,
      site: (slug) => (slug === "test-motors" ? site : null),
      car: () => null,
      adapter: localQuoteAdapter(() => NOW),
      db: async () => db,
      ...(options.hits ? { rateLimit: { hits: options.hits, windowMs: 60_000 } } : {}),
      now: freshClock(),
    });
  const quote = (h: ReturnType<typeof handler>, ip?: string, body: unknown = {}) =>
    h(
      new Request(`http://${HOST}/api/youx/quote`, {
        method: "POST",
        headers: {
          host: HOST,
          "content-type": "application/json",
          ...(ip ? { "x-nf-client-connection-ip": ip } : {}),
        },
        body: JSON.stringify(body),
      }),
    );

  it("answers 429 with Retry-After and a friendly JSON error once a client is over the limit", async () => {
    const h = handler({ hits: 1 });
    expect((await quote(h, "203.0.113.70")).status).toBe(400);
    const over = await quote(h, "203.0.113.70");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await over.json()) as { error: string }).error).toMatch(/try again in \d+ seconds/);
    expect((await quote(h, "203.0.113.71")).status).toBe(400);
  });

  it("allows 60 a minute by default and limits a request without an address", async () => {
    expect(YOUX_QUOTE_LIMITS.rateLimit).toEqual({ hits: 60, windowMs: 60_000 });
    const h = handler();
    for (let i = 0; i < 60; i++) expect((await quote(h, "203.0.113.72")).status).toBe(400);
    expect((await quote(h, "203.0.113.72")).status).toBe(429);
    const anonymous = handler({ hits: 1 });
    expect((await quote(anonymous)).status).toBe(400);
    expect((await quote(anonymous)).status).toBe(429);
  });
});

/** A body of `total` bytes that counts how much of it was pulled from the client. */
function countedBody(total: number, chunk = 1024) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) {
        controller.close();
        return;
      }
      pulled += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled };
}

describe("bodies are read only up to their size limit", () => {
  const streamed = (path: string, stream: ReadableStream<Uint8Array>) =>
    new Request(`http://${HOST}${path}`, {
      method: "POST",
      headers: {
        host: HOST,
        "content-type": "application/json",
        "x-nf-client-connection-ip": "203.0.113.80",
      },
      body: stream,
      duplex: "half",
    } as RequestInit);

  it("POST /api/phone-reveal stops reading a 2 MB body without a length and answers 413", async () => {
    const handler = createPhoneRevealHandler({ ...context, db: async () => db, now: freshClock() });
    const body = countedBody(2 * 1024 * 1024);
    const response = await handler(streamed("/api/phone-reveal", body.stream));
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThan(PHONE_REVEAL_LIMITS.maxBodyBytes + 64 * 1024);
  });

  it("POST /api/youx/quote stops reading a 2 MB body without a length and answers 413", async () => {
    const handler = createQuoteHandler({
      tenantFor,
      site: (slug) => (slug === "test-motors" ? site : null),
      car: () => null,
      adapter: localQuoteAdapter(() => NOW),
    });
    const body = countedBody(2 * 1024 * 1024);
    const response = await handler(streamed("/api/youx/quote", body.stream));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: QUOTE_ERRORS.tooLarge });
    expect(body.pulled()).toBeLessThan(LEAD_LIMITS.maxBodyBytes);
  });
});
