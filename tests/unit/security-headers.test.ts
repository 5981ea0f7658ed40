/**
 * Netlify applies netlify.toml's [[headers]] only to the files it serves, never to a function's
 * answer: functions carry their own security headers.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCheckoutHandler } from "~/features/payments/payments.server";
import { testProvider } from "~/features/payments/providers.server";
import { createCarPdfHandler } from "~/features/vehicle/car-pdf.server";
import { type Db, openDb } from "~/lib/db/db.server";
import type { TenantData } from "~/tenant/tenant.server";
import health from "../../src/functions/health";
import leads from "../../src/functions/leads";
import { makeCar, makeSite, NOW } from "./helpers";

const HSTS = "max-age=63072000; includeSubDomains";
const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/** What every function answer must carry itself (no page header comes from netlify.toml). */
function expectFunctionHeaders(response: Response, csp = DATA_CSP) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toBe(csp);
  expect(response.headers.get("strict-transport-security")).toBe(HSTS);
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
}

const site = makeSite();
const car = makeCar({ id: 7, slug: "2022-toyota-corolla-ascent-sport" });
const data: TenantData = { site, locations: [], offers: [], pages: [], cars: [car], now: NOW.toISOString() };
const HOST = "test-motors.localhost";

describe("function answers carry their own security headers", () => {
  it("the health function's JSON, and its 405", async () => {
    expectFunctionHeaders(await health(new Request("http://localhost/api/health")));
    expectFunctionHeaders(await health(new Request("http://localhost/api/health", { method: "POST" })));
  });

  it("the leads function's refusal of a bad body", async () => {
    const response = await leads(
      new Request("http://localhost/api/leads", {
        method: "POST",
        headers: { host: "nowhere.localhost", "content-type": "text/plain" },
        body: "not json",
      }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expectFunctionHeaders(response);
  });

  it("the car PDF and its JSON errors", async () => {
    const handler = createCarPdfHandler({
      tenantFor: (req) => (req.headers.get("host") === HOST ? "test-motors" : null),
      snapshot: (slug) => (slug === "test-motors" ? data : null),
      assetRoots: () => [],
      siteOrigin: null,
      now: () => NOW,
    });
    const pdf = await handler(
      new Request(`http://localhost/api/car-pdf?slug=${car.slug}`, { headers: { host: HOST } }),
    );
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expectFunctionHeaders(pdf);
    expectFunctionHeaders(await handler(new Request(`http://localhost/api/car-pdf?slug=${car.slug}`)));
  });

  describe("the test checkout page", () => {
    let db: Db;
    let payment: string;
    beforeAll(async () => {
      db = await openDb({ kind: "pglite", dataDir: null });
      const user = randomUUID();
      payment = randomUUID();
      await db
        .insertInto("users")
        .values({ id: user, tenant: "test-motors", phone: "+61412555666" })
        .execute();
      await db
        .insertInto("payments")
        .values({
          id: payment,
          tenant: "test-motors",
          user_id: user,
          phone: "+61412555666",
          purpose: "Vehicle deposit",
          reference: "STK-1",
          amount_cents: 50_000,
          name: "Kim",
          email: "kim@example.com.au",
          status: "pending",
          provider: "test",
          return_url: `http://${HOST}/online-payment?payment=${payment}`,
        })
        .execute();
    }, 180_000);
    afterAll(async () => {
      await db?.destroy();
    });

    it("renders with a policy that allows its inline style and a form to itself, and nothing else", async () => {
      const checkout = createTestCheckoutHandler({ db: async () => db, provider: testProvider() });
      const page = await checkout(
        new Request(`http://${HOST}/api/online-payment/test-checkout?payment=${payment}`),
      );
      expect(page.headers.get("content-type")).toContain("text/html");
      expectFunctionHeaders(
        page,
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      );
      const settled = await checkout(
        new Request(`http://${HOST}/api/online-payment/test-checkout`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ payment, outcome: "cancelled" }),
        }),
      );
      expect(settled.status).toBe(303);
      expectFunctionHeaders(settled);
    });
  });
});
