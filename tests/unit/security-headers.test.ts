/**
 * Netlify applies netlify.toml's [[headers]] and the publish folder's _headers only to the files it
 * serves, never to a function's answer: functions carry their own security headers, and the local
 * server adds page headers to static files only, so tests see what production sends.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapEmbedUrl } from "~/features/locations/locations";
import { embeddableVideoUrl } from "~/features/media/viewer";
import { createTestCheckoutHandler } from "~/features/payments/provider-results.server";
import { testProvider } from "~/features/payments/providers.server";
import { createCarPdfHandler } from "~/features/vehicle/car-pdf";
import { type Db, openDb } from "~/lib/db/db.server";
import type { TenantData } from "~/tenant/tenant.server";
import { createApp } from "../../scripts/lib/app";
import { parseHeadersFile, siteWideHeaders } from "../../scripts/lib/netlify-toml";
import { headersFileFor, pageContentSecurityPolicy, writeHeadersFile } from "../../scripts/lib/page-headers";
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
      const returnUrl = `http://${HOST}/online-payment?payment=${payment}`;
      await sql`insert into users (id, tenant, phone) values (${user}, 'test-motors', '+61412555666')`.execute(
        db,
      );
      await sql`insert into payments (id, tenant, user_id, phone, purpose, reference, amount_cents, name, email,
        status, provider, return_url) values (${payment}, 'test-motors', ${user}, '+61412555666',
        'Vehicle deposit', 'STK-1', 50000, 'Kim', 'kim@example.com.au', 'pending', 'test', ${returnUrl})`.execute(
        db,
      );
    }, 180_000);
    afterAll(async () => {
      await db?.destroy();
    });

    it("renders with a policy that allows its inline style and a form to itself, and nothing else", async () => {
      const checkout = createTestCheckoutHandler({
        db: async () => db,
        provider: testProvider(),
        tenantFor: () => "test-motors",
      });
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

describe("pages: netlify.toml and the tenant's _headers", () => {
  const toml = () => readFileSync("netlify.toml", "utf8");

  it("netlify.toml sends HSTS on every page and leaves the Content-Security-Policy to _headers", () => {
    const headers = Object.fromEntries(
      Object.entries(siteWideHeaders(toml())).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(headers["strict-transport-security"]).toBe(HSTS);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    // Netlify lets netlify.toml win over _headers for the same header: a CSP here would undo the
    // per-tenant connect-src.
    expect(headers["content-security-policy"]).toBeUndefined();
  });

  it("a page may be framed only by its own site, and connects only to itself", () => {
    const csp = pageContentSecurityPolicy(makeSite());
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/(^|; )connect-src 'self'(;|$)/);
    expect(csp).toMatch(/(^|; )default-src 'self'(;|$)/);
  });

  it("connect-src names the tenant's own search host, and no other https: origin", () => {
    const searching = makeSite({
      search_service: { host: "https://ms-1234.meilisearch.example.io/", key: "search-only" },
    });
    expect(/connect-src ([^;]*)/.exec(pageContentSecurityPolicy(searching))?.[1]).toBe(
      "'self' https://ms-1234.meilisearch.example.io",
    );
  });

  it("the build's _headers file gives every path of the site that policy", () => {
    const site = makeSite({ search_service: { host: "https://search.example.io", key: "k" } });
    expect(parseHeadersFile(headersFileFor(site))).toEqual([
      { for: "/*", values: { "Content-Security-Policy": pageContentSecurityPolicy(site) } },
    ]);
  });

  it("the policy lets the pages' frames load: the location map and embedded videos", () => {
    const frameSources =
      /frame-src ([^;]*)/.exec(pageContentSecurityPolicy(makeSite()))?.[1]?.split(" ") ?? [];
    for (const frame of [
      mapEmbedUrl(-27.47, 153.02),
      embeddableVideoUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ"),
      embeddableVideoUrl("https://vimeo.com/76979871"),
    ]) {
      expect(frameSources).toContain(new URL(frame ?? "").origin);
    }
  });
});

describe("CSP for the third-party 360° viewer: its host only for tenants that use it", () => {
  const spinning = makeSite({
    spin_viewer: { name: "SpinCar", url: "https://viewer.spins.example.com/embed/{code}?autoplay=0" },
  });

  it("lets a tenant with spin_viewer frame and reach the provider's host", () => {
    const csp = pageContentSecurityPolicy(spinning);
    expect(/frame-src ([^;]*)/.exec(csp)?.[1]).toBe(
      "https://www.youtube-nocookie.com https://player.vimeo.com https://www.openstreetmap.org https://viewer.spins.example.com",
    );
    expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' https://viewer.spins.example.com");
  });

  it("never names the provider on a tenant without it", () => {
    const csp = pageContentSecurityPolicy(makeSite());
    expect(csp).not.toContain("spins.example.com");
    expect(/frame-src ([^;]*)/.exec(csp)?.[1]).toBe(
      "https://www.youtube-nocookie.com https://player.vimeo.com https://www.openstreetmap.org",
    );
  });
});

describe("local server: page headers on static files only", () => {
  let app: Awaited<ReturnType<typeof createApp>>;
  const alpha = makeSite({
    slug: "alpha-motors",
    search_service: { host: "https://search.alpha.example.com", key: "k" },
  });
  const PAGE_CSP = pageContentSecurityPolicy(alpha);
  beforeAll(async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), "headers-test-"));
    const dist = path.join(work, "dist/alpha-motors");
    mkdirSync(path.join(dist, "cars/a-car"), { recursive: true });
    writeFileSync(path.join(dist, "index.html"), "<h1>Alpha home</h1>");
    writeFileSync(path.join(dist, "cars/a-car/index.html"), "<h1>A car</h1>");
    writeHeadersFile(dist, alpha);
    app = await createApp({
      distDir: path.join(work, "dist"),
      functionsDir: path.resolve("src/functions"),
      port: 4321,
      cacheDir: path.join(work, "cache"),
      imageHosts: () => [],
      tenant: null,
    });
  });
  const get = (pathname: string) =>
    app.request(`http://localhost:4321${pathname}`, { headers: { host: "alpha-motors.localhost:4321" } });

  it("a page gets netlify.toml's headers and its tenant's _headers policy", async () => {
    for (const pathname of ["/", "/cars/a-car", "/cars/gone"]) {
      const page = await get(pathname);
      expect(page.headers.get("content-security-policy"), pathname).toBe(PAGE_CSP);
      expect(page.headers.get("strict-transport-security"), pathname).toBe(HSTS);
      expect(page.headers.get("x-frame-options"), pathname).toBe("SAMEORIGIN");
    }
  });

  it("a function's answer has only the headers the function set, under /api and elsewhere", async () => {
    const api = await get("/api/health");
    expect(api.status).toBe(200);
    expectFunctionHeaders(api);
    expect(api.headers.get("x-frame-options")).toBeNull();
    expect(api.headers.get("permissions-policy")).toBeNull();
    const view = await get("/cars/a-car/view.json");
    expect(view.headers.get("x-frame-options")).toBeNull();
    expect(view.headers.get("content-security-policy")).toBe(DATA_CSP);
  });
});
