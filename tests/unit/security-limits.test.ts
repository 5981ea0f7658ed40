/**
 * Rate limits and size limits through the real handlers and real storage (PGlite in memory). Who a
 * limit counts: an IPv6 client is its /64, an IPv4-mapped address is its IPv4, and a request
 * without any address shares one bucket instead of going unlimited. What the vehicle page's calls
 * may cost: the car PDF and the YouX quote are limited per client with a friendly 429, and the
 * phone reveal and the quote read at most their size limit of a body.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQuoteHandler, localQuoteAdapter, YOUX_QUOTE_LIMITS } from "~/features/finance/youx.server";
import { LEAD_LIMITS } from "~/features/leads/leads";
import { createLeadsHandler } from "~/features/leads/submit.server";
import { ADJUSTMENT_QUESTIONS } from "~/features/trade-in/trade-in";
import { createTradeInHandler } from "~/features/trade-in/trade-in.server";
import { CAR_PDF_LIMITS, createCarPdfHandler } from "~/features/vehicle/car-pdf";
import { createPhoneRevealHandler, PHONE_REVEAL_LIMITS } from "~/features/vehicle/phone-reveal.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { clientKey } from "~/server/client";
import { ERRORS } from "~/server/errors";
import { acceptJsonPost } from "~/server/json-post";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeLocation, makeSite, makeSnapshot, NOW } from "./helpers";
import { leadRequest, validBody } from "./leads-helpers";

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

describe("the client a rate limit counts", () => {
  it.each<[string | null, string]>([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::ffff:198.51.100.4", "198.51.100.4"],
    ["::FFFF:c633:6404", "198.51.100.4"],
    ["2001:db8:1:2::1.2.3.4", "2001:db8:1:2::/64"],
    [null, "unknown"],
    ["", "unknown"],
    ["not an address", "unknown"],
  ])("%j counts as %j", (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it.each<[string, string]>([
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1::/48"],
    ["2001:db8:1:ffff::9", "2001:db8:1::/48"],
    ["2001:db8::1", "2001:db8:0::/48"],
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:198.51.100.4", "198.51.100.4"],
  ])("by /48 (sign-in codes), %j counts as %j", (ip, key) => {
    expect(clientKey(ip, 48)).toBe(key);
  });
});

describe("POST /api/leads: who shares a rate-limit bucket", () => {
  const limitedTo = (hits: number) =>
    createLeadsHandler({
      db: async () => db,
      tenantFor,
      snapshot: (slug) => (slug === "test-motors" ? makeSnapshot(site) : null),
      rateLimit: { hits, windowMs: 60_000 },
      now: freshClock(),
    });
  const send = (handler: ReturnType<typeof limitedTo>, ip?: string) =>
    handler(
      leadRequest(validBody("contact", { started_at: 0 }), ip === undefined ? { ip: null } : { ip }),
    ).then((response) => response.status);

  it("two IPv6 addresses in one /64 share a bucket", async () => {
    const handler = limitedTo(1);
    expect(await send(handler, "2001:db8:aa:bb::1")).toBe(201);
    expect(await send(handler, "2001:db8:aa:bb:ffff:1234:5678:9abc")).toBe(429);
  });

  it("IPv6 addresses in different /64s do not", async () => {
    const handler = limitedTo(1);
    expect(await send(handler, "2001:db8:aa:bb::1")).toBe(201);
    expect(await send(handler, "2001:db8:aa:bc::1")).toBe(201);
  });

  it("an IPv4-mapped IPv6 address counts as its IPv4 address", async () => {
    const handler = limitedTo(1);
    expect(await send(handler, "198.51.100.77")).toBe(201);
    expect(await send(handler, "::ffff:198.51.100.77")).toBe(429);
  });

  it("a request without any address is limited: all such requests share one bucket", async () => {
    const handler = limitedTo(2);
    expect([await send(handler), await send(handler), await send(handler)]).toEqual([201, 201, 429]);
    // Someone with an address is not held back by them.
    expect(await send(handler, "203.0.113.50")).toBe(201);
  });
});

describe("every other caller limits a request without an address too", () => {
  const noAddress = (path: string, body: unknown, init: { method?: string } = {}) =>
    new Request(`http://${HOST}${path}`, {
      method: init.method ?? "POST",
      headers: { host: HOST, "content-type": "application/json" },
      ...(init.method === "GET" ? {} : { body: JSON.stringify(body) }),
    });

  it("POST /api/trade-in", async () => {
    const answers = Object.fromEntries(ADJUSTMENT_QUESTIONS.map((q) => [q.id, q.options[0]?.value]));
    const handler = createTradeInHandler({
      db: async () => db,
      tenantFor,
      snapshot: (slug) => (slug === "test-motors" ? data : null),
      now: freshClock(),
      rateLimit: { hits: 1, windowMs: 60_000 },
    });
    const body = {
      userData: {
        make: "Toyota",
        model: "Corolla",
        year: 2022,
        kms: 60_000,
        adjustmentAnswers: answers,
        name: "Jane",
        email: "jane@example.com.au",
        phone: "0412 345 678",
        postcode: "4000",
        location_id: "7",
      },
      isLastStep: true,
      started_at: 0,
    };
    expect((await handler(noAddress("/api/trade-in", body))).status).toBe(201);
    expect((await handler(noAddress("/api/trade-in", body))).status).toBe(429);
  });

  it("POST /api/phone-reveal", async () => {
    const handler = createPhoneRevealHandler({
      ...context,
      db: async () => db,
      now: freshClock(),
      rateLimit: { hits: 1, windowMs: 60_000 },
    });
    const body = { car_id: 101, dealership_id: 1 };
    expect((await handler(noAddress("/api/phone-reveal", body))).status).toBe(201);
    expect((await handler(noAddress("/api/phone-reveal", body))).status).toBe(429);
  });

  it("the shared JSON preamble (Spin to Win, unsubscribe, online payment)", async () => {
    const now = freshClock()();
    const accept = () =>
      acceptJsonPost(noAddress("/api/unsubscribe", {}), {
        db,
        bucket: `preamble-test-${minute}`,
        rateLimit: { hits: 1, windowMs: 60_000 },
        now,
      });
    expect((await accept()).ok).toBe(true);
    const second = await accept();
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.response.status).toBe(429);
  });
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
      snapshot: (slug) => (slug === "test-motors" ? makeSnapshot(site) : null),
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
      snapshot: (slug) => (slug === "test-motors" ? makeSnapshot(site) : null),
      adapter: localQuoteAdapter(() => NOW),
    });
    const body = countedBody(2 * 1024 * 1024);
    const response = await handler(streamed("/api/youx/quote", body.stream));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: ERRORS.quote.tooLarge });
    expect(body.pulled()).toBeLessThan(LEAD_LIMITS.maxBodyBytes);
  });
});
