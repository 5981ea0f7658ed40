/**
 * Who a rate limit counts (the outside review's rate-limit identity finding), through the real
 * handlers and real storage (PGlite in memory): an IPv6 client is its /64, an IPv4-mapped address
 * is its IPv4, and a request without any address shares one bucket instead of going unlimited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptJsonPost, clientKey, createLeadsHandler } from "~/features/leads/submit.server";
import { ADJUSTMENT_QUESTIONS } from "~/features/tradein/tradein";
import { createTradeInHandler } from "~/features/tradein/tradein.server";
import { createPhoneRevealHandler } from "~/features/vehicle/phone-reveal.server";
import { type Db, openDb } from "~/lib/db/db.server";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeLocation, makeSite, NOW } from "./helpers";
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
});

describe("POST /api/leads: who shares a rate-limit bucket", () => {
  const limitedTo = (hits: number) =>
    createLeadsHandler({
      db: async () => db,
      tenantFor,
      site: (slug) => (slug === "test-motors" ? site : null),
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
      site: (slug) => (slug === "test-motors" ? site : null),
      tenantData: (slug) => (slug === "test-motors" ? data : null),
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
