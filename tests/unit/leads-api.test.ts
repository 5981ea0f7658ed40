/**
 * POST /api/leads through the real handler and real storage (PGlite in memory): answers, field
 * errors, idempotency, the abuse rules, fuzzed bodies, the function mounted by the local server, and
 * the website location on its way to the CRM.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_LEAD_KINDS, LEAD_KINDS } from "~/features/leads/kinds";
import { sendDueLeads } from "~/features/leads/outbox/outbox.server";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { createLeadsHandler } from "~/features/leads/submit.server";
import { leadsDb } from "~/features/leads/tables";
import { type Db, openDb } from "~/lib/db/db.server";
import { ERRORS } from "~/server/errors";
import { loadLocations, loadSite } from "~/tenant/load";
import type { Site } from "~/tenant/schema";
import type { TenantData } from "~/tenant/tenant.server";
import { makeSite, makeSnapshot } from "./helpers";
import { leadRequest, startCrm, validBody, writeSiteJson, writeSnapshot } from "./leads-helpers";

/** The shopper's words for a category only the server may set. */
const RESERVED = "This form cannot file your enquiry under that category.";

let db: Db;
const site = makeSite();
const sites: Record<string, Site> = { "test-motors": site };

function handlerWith(options: Partial<Parameters<typeof createLeadsHandler>[0]> = {}) {
  return createLeadsHandler({
    db: async () => db,
    tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
    snapshot: (slug) => (sites[slug] ? makeSnapshot(sites[slug]) : null),
    ...options,
  });
}
const handler = handlerWith();

async function post(body: unknown, options: Parameters<typeof leadRequest>[1] = {}) {
  const response = await handler(leadRequest(body, options));
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const leadCount = async (where: { key?: string; spam?: boolean } = {}) => {
  let query = leadsDb(db)
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number>().as("n"));
  // A client's key is stored in the client namespace (submit.server.ts clientIdempotencyKey).
  if (where.key !== undefined) query = query.where("idempotency_key", "=", `client:${where.key}`);
  if (where.spam !== undefined) query = query.where("spam", "=", where.spam);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
});
afterAll(async () => {
  await db.destroy();
});

describe("POST /api/leads", () => {
  it.each(FORM_LEAD_KINDS)(
    "stores a %s and answers 201 with its lead_id, queued for the CRM",
    async (kind) => {
      const { status, body } = await post(validBody(kind));
      expect(status).toBe(201);
      expect(body.lead_id).toMatch(/^[0-9a-f-]{36}$/);
      const row = await leadsDb(db)
        .selectFrom("leads")
        .innerJoin("lead_outbox", "lead_outbox.lead_id", "leads.id")
        .select(["leads.kind", "leads.tenant", "leads.fields", "leads.spam", "lead_outbox.delivered_at"])
        .where("leads.id", "=", String(body.lead_id))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind, tenant: "test-motors", spam: false, delivered_at: null });
      expect(row.fields).toMatchObject({ name: "Jane", email: "jane@example.com.au", phone: "+61412345678" });
      expect(row.fields).not.toHaveProperty("started_at");
    },
  );

  it("refuses a Spin to Win entry: its prize is drawn by the spin's own function, never taken from a form", async () => {
    const { status, body } = await post({ ...validBody("spin_to_win"), prize: "A new car" });
    expect(status).toBe(400);
    expect(body).toEqual({ error: LEAD_TEXTS.fixErrors, fields: { kind: LEAD_TEXTS.kind } });
    const stored = await leadsDb(db)
      .selectFrom("leads")
      .select("id")
      .where("kind", "=", "spin_to_win")
      .execute();
    expect(stored).toEqual([]);
  });

  it.each([
    ["enquiry", { subcategory: "3. Offer Accepted" }, { subcategory: RESERVED }],
    ["contact", { subcategory: "Reserve Online" }, { subcategory: RESERVED }],
    ["careers", { subcategory: "Sales Consultant" }, { subcategory: RESERVED }],
    ["trade_in", { subcategory: "3. Offer Accepted" }, { subcategory: RESERVED }],
    ["enquiry", { category: "Spin to Win" }, { category: RESERVED }],
    // Spec §4: the enquiry category select offers exactly its options, nothing else.
    ["enquiry", { category: "Contact Us" }, { category: RESERVED }],
    ["enquiry", { category: "Trade In" }, { category: RESERVED }],
    ["enquiry", { category: "general enquiry" }, { category: RESERVED }],
    ["contact", { category: "Finance Enquiry" }, { category: RESERVED }],
    [
      "test_drive",
      { category: "Finance Enquiry", subcategory: "won $5,000 cash" },
      { category: RESERVED, subcategory: RESERVED },
    ],
    ["finance_apply", { category: "General Enquiry" }, { category: RESERVED }],
  ] as const)(
    "refuses a %s filed by the shopper under %j (400), storing nothing",
    async (kind, fields, errors) => {
      const before = await leadCount();
      const { status, body } = await post(validBody(kind, fields));
      expect(status).toBe(400);
      expect(body).toEqual({ error: "Please fix the following errors:", fields: errors });
      expect(await leadCount()).toBe(before);
    },
  );

  it.each([
    ["enquiry", {}, "General Enquiry", undefined],
    [
      "enquiry",
      { category: "General Enquiry", subcategory: "Reserve Online" },
      "General Enquiry",
      "Reserve Online",
    ],
    ["enquiry", { subcategory: "Online Purchase" }, "General Enquiry", "Online Purchase"],
    // Spec §4: what the shopper picks in the enquiry category select is what the CRM gets.
    ["enquiry", { category: "Finance Enquiry" }, "Finance Enquiry", undefined],
    ["enquiry", { category: "Test Drive" }, "Test Drive", undefined],
    ["enquiry", { category: "Service Booking" }, "Service Booking", undefined],
    ["find_me_something_similar", { subcategory: "" }, "General Enquiry", "Find me something similar"],
    ["trade_in", { category: "Sell My Car" }, "Sell My Car", undefined],
    ["contact", { category: null, subcategory: null }, "Contact Us", undefined],
  ] as const)("files a %s sent with %j under %j / %j", async (kind, fields, category, subcategory) => {
    const { status, body } = await post(validBody(kind, fields));
    expect(status).toBe(201);
    const row = await leadsDb(db)
      .selectFrom("leads")
      .select("fields")
      .where("id", "=", String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect((row.fields as Record<string, unknown>).category).toBe(category);
    expect((row.fields as Record<string, unknown>).subcategory).toBe(subcategory);
  });

  it.each(["__proto__", "toString", "constructor"])(
    "answers a kind of %s as an unknown kind (400), not as a failure",
    async (kind) => {
      const { status, body } = await post({ ...validBody("enquiry"), kind });
      expect(status).toBe(400);
      expect(body).toEqual({
        error: "Please fix the following errors:",
        fields: { kind: "Please choose what your enquiry is about." },
      });
    },
  );

  it("answers field errors as 400 JSON in the shopper's words", async () => {
    const { status, body } = await post(
      validBody("enquiry", { email: "nope", phone: "123", postcode: "12" }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      error: "Please fix the following errors:",
      fields: {
        email: LEAD_TEXTS.emailInvalid,
        phone: LEAD_TEXTS.phoneInvalid,
        postcode: "Invalid postcode. Please enter a 4-digit number.",
      },
    });
  });

  it("stores text Postgres cannot hold (NUL) without it, instead of failing the lead", async () => {
    const { status, body } = await post(
      validBody("enquiry", { message: "Call me\u0000 after 5", name: "Jo\u0000" }),
    );
    expect(status).toBe(201);
    const row = await leadsDb(db)
      .selectFrom("leads")
      .select("fields")
      .where("id", "=", String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(row.fields).toMatchObject({ message: "Call me after 5", name: "Jo" });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const { status, body } = await post(null, { raw: "{name: Jane" });
    expect(status).toBe(400);
    expect(body.error).toBe(ERRORS.leads.badJson);
  });

  it("answers 404 JSON for an unknown tenant and 405 for GET", async () => {
    expect((await post(validBody("enquiry"), { host: "nobody-motors.localhost" })).status).toBe(404);
    expect((await post(validBody("enquiry"), { host: "localhost:4321" })).body).toEqual({
      error: "This site is not available.",
    });
    const get = await handler(
      new Request("http://test-motors.localhost/api/leads", { headers: { host: "test-motors.localhost" } }),
    );
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("answers 503 with a retry message when storage is down, never a silent drop", async () => {
    const broken = handlerWith({ db: () => Promise.reject(new Error("connection refused")) });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await broken(leadRequest(validBody("enquiry")));
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({ error: ERRORS.leads.unavailable });
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

describe("Idempotency-Key", () => {
  it("stores a retried submission once and answers with the same lead_id", async () => {
    const first = await post(validBody("test_drive"), { key: "retry-1" });
    const second = await post(validBody("test_drive"), { key: "retry-1" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body.lead_id).toBe(first.body.lead_id);
    expect(await leadCount({ key: "retry-1" })).toBe(1);
  });

  it("stores 20 concurrent double clicks once, all with the same lead_id", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(validBody("enquiry"), { key: "double-click" })),
    );
    expect(new Set(answers.map((a) => a.body.lead_id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await leadCount({ key: "double-click" })).toBe(1);
    const outbox = await leadsDb(db)
      .selectFrom("lead_outbox")
      .select("lead_id")
      .where("lead_id", "=", String(answers[0]?.body.lead_id))
      .execute();
    expect(outbox).toHaveLength(1);
  });

  it("keeps keys apart per tenant", async () => {
    sites["other-motors"] = makeSite({ slug: "other-motors", name: "Other Motors" });
    const a = await post(validBody("contact"), { key: "shared-key" });
    const b = await post(validBody("contact"), { key: "shared-key", host: "other-motors.localhost" });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.lead_id).not.toBe(b.body.lead_id);
  });

  it("rejects a malformed key", async () => {
    const { status } = await post(validBody("contact"), { key: "x".repeat(201) });
    expect(status).toBe(400);
  });
});

describe("abuse rules", () => {
  it("stores a honeypot hit flagged as spam, undelivered, behind a success-looking answer", async () => {
    const { status, body } = await post(validBody("enquiry", { fax: "buy cheap watches" }));
    expect(status).toBe(201);
    const row = await leadsDb(db)
      .selectFrom("leads")
      .leftJoin("lead_outbox", "lead_outbox.lead_id", "leads.id")
      .select(["leads.spam", "lead_outbox.lead_id as outbox"])
      .where("leads.id", "=", String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ spam: true, outbox: null });
  });

  it("tells a too-fast shopper to wait and submit again (422), storing nothing", async () => {
    const before = await leadCount();
    const { status, body } = await post(validBody("enquiry", { started_at: Date.now() - 500 }));
    expect(status).toBe(422);
    expect(body).toEqual({ error: ERRORS.leads.tooFast, retry: true });
    expect(await leadCount()).toBe(before);
  });

  it("limits each client IP per window with 429 and Retry-After", async () => {
    const now = new Date("2026-06-15T02:00:10Z");
    const limited = handlerWith({ now: () => now, rateLimit: { hits: 3, windowMs: 60_000 } });
    const send = (ip: string) => limited(leadRequest(validBody("contact", { started_at: 0 }), { ip }));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send("203.0.113.7")).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await send("203.0.113.7");
    expect(refused.headers.get("retry-after")).toBe("50");
    expect(await refused.json()).toEqual({ error: ERRORS.leads.rateLimited(50) });
    expect((await send("198.51.100.1")).status).toBe(201);
  });

  it("counts refused submissions too: over the limit, a client is told to wait whatever it sends", async () => {
    const now = new Date("2026-06-15T02:00:10Z");
    const limited = handlerWith({ now: () => now, rateLimit: { hits: 2, windowMs: 60_000 } });
    const send = async (body: unknown, raw?: string) => {
      const response = await limited(leadRequest(body, { ip: "203.0.113.8", ...(raw ? { raw } : {}) }));
      return { status: response.status, body: await response.json() };
    };
    expect((await send(validBody("contact", { email: "nope", started_at: 0 }))).status).toBe(400);
    expect((await send(validBody("contact", { started_at: now.getTime() - 500 }))).status).toBe(422);
    expect(await send(validBody("contact", { started_at: 0 }))).toEqual({
      status: 429,
      body: { error: ERRORS.leads.rateLimited(50) },
    });
    expect((await send(null, "{name: Jane")).status).toBe(429);
  });

  it("stores none of a client's submissions past the limit, however many arrive at once", async () => {
    const now = new Date("2026-06-15T02:00:10Z");
    const limited = handlerWith({ now: () => now, rateLimit: { hits: 3, windowMs: 60_000 } });
    const before = await leadCount();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        limited(leadRequest(validBody("contact", { started_at: 0 }), { ip: "203.0.113.9" })),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await leadCount()).toBe(before + 3);
  });

  it("refuses bodies over the size limit with 413, by header or by counting", async () => {
    const big = validBody("enquiry", { message: "x".repeat(40_000) });
    expect((await post(big)).status).toBe(413);
    // A chunked body declares no length; the read stops at the limit.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(big)));
        controller.close();
      },
    });
    const response = await handler(
      new Request("http://test-motors.localhost/api/leads", {
        method: "POST",
        headers: { host: "test-motors.localhost", "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: ERRORS.leads.tooLarge });
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""])(
    "refuses content type %j with 415",
    async (contentType) => {
      const { status, body } = await post(validBody("enquiry"), { contentType });
      expect(status).toBe(415);
      expect(body.error).toBe(ERRORS.leads.contentType);
    },
  );

  it("accepts application/json with a charset", async () => {
    expect(
      (await post(validBody("enquiry"), { contentType: "application/json; charset=utf-8" })).status,
    ).toBe(201);
  });
});

describe("fuzzed bodies", () => {
  const fieldNames = [
    "kind",
    "name",
    "email",
    "phone",
    "postcode",
    "message",
    "car_id",
    "opt_in",
    "started_at",
    "fax",
    "vehiclePriceBudget",
    "additional_services",
    "date_time",
    "year",
    "kms",
    "__proto__",
    "constructor",
  ];
  const anyValue = fc.oneof(
    fc.constantFrom(...LEAD_KINDS),
    fc.string(),
    fc.string({ unit: "binary" }),
    fc.constantFrom(
      "\u0000",
      "0412 345 678",
      "jane@example.com.au",
      "4000",
      "Yes",
      "used",
      "2026-06-20T10:30",
    ),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.object({ maxDepth: 1 }),
  );

  it("never answer 5xx: structured bodies around the real fields", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...LEAD_KINDS),
        fc.dictionary(fc.constantFrom(...fieldNames), anyValue),
        async (kind, overrides) => {
          const response = await handler(leadRequest(validBody(kind, overrides)));
          expect(response.status).toBeLessThan(500);
          await response.body?.cancel();
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never answer 5xx: arbitrary JSON and arbitrary text", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json().map((raw) => raw),
          fc.string({ unit: "binary" }),
        ),
        async (raw) => {
          const response = await handler(leadRequest(null, { raw }));
          expect(response.status).toBeLessThan(500);
          await response.body?.cancel();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the function under the local server", () => {
  it("is mounted at /api/leads and takes the tenant from Host", async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), "leads-app-"));
    const previousCacheDir = process.env.TENANT_CACHE_DIR;
    process.env.TENANT_CACHE_DIR = path.join(work, "cache");
    writeSnapshot(process.env.TENANT_CACHE_DIR, "test-motors", {
      name: "Test Motors",
      leads: { crm_webhook_url: "http://127.0.0.1:9/crm" },
    });
    // A tenant with a config but no build: the functions answer from published snapshots only.
    writeSiteJson(path.join(work, "tenants"), "unbuilt-motors");
    const previousTenantsDir = process.env.TENANTS_DIR;
    process.env.TENANTS_DIR = path.join(work, "tenants");
    process.env.DATA_DIR = "memory";
    const { createApp } = await import("../../scripts/lib/app");
    const { closeDb } = await import("~/lib/db/db.server");
    const { crmWebhookUrl } = await import("~/features/leads/outbox/channels.server");
    const app = await createApp({
      distDir: path.join(work, "dist"),
      functionsDir: path.resolve("src/functions"),
      port: 4321,
      cacheDir: path.join(work, "cache"),
    });
    try {
      const request = leadRequest(validBody("enquiry"), { key: "app-1" });
      const response = await app.request("http://test-motors.localhost:4321/api/leads", {
        method: "POST",
        headers: request.headers,
        body: JSON.stringify(validBody("enquiry")),
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toHaveProperty("lead_id");
      const unknown = await app.request("http://nobody.localhost:4321/api/leads", {
        method: "POST",
        headers: { host: "nobody.localhost:4321", "content-type": "application/json" },
        body: "{}",
      });
      expect(unknown.status).toBe(404);
      const unbuilt = await app.request("http://unbuilt-motors.localhost:4321/api/leads", {
        method: "POST",
        headers: { ...Object.fromEntries(request.headers), host: "unbuilt-motors.localhost:4321" },
        body: JSON.stringify(validBody("enquiry")),
      });
      expect(unbuilt.status).toBe(404);
      expect(await unbuilt.json()).toEqual({ error: "This site is not available." });
      expect(crmWebhookUrl("test-motors", { TENANT_CACHE_DIR: process.env.TENANT_CACHE_DIR })).toBe(
        "http://127.0.0.1:9/crm",
      );
      expect(
        crmWebhookUrl("test-motors", {
          TENANT_CACHE_DIR: process.env.TENANT_CACHE_DIR,
          CRM_WEBHOOK_URL: "https://crm.example/x",
        }),
      ).toBe("https://crm.example/x");

      // Netlify's every-minute scheduled function delivers what the function stored.
      const crm = await startCrm();
      process.env.CRM_WEBHOOK_URL = crm.url;
      const scheduled = await import("~/functions/leads-outbox");
      expect(scheduled.config).toEqual({ schedule: "* * * * *" });
      const run = await scheduled.default(new Request("http://localhost/.netlify/functions/leads-outbox"));
      expect(await run.json()).toEqual({ claimed: 1, delivered: 1, failed: 0, deferred: 0, parked: 0 });
      expect([...crm.received.values()]).toMatchObject([{ tenant: "test-motors", kind: "enquiry" }]);
      await crm.close();
    } finally {
      delete process.env.CRM_WEBHOOK_URL;
      if (previousCacheDir === undefined) delete process.env.TENANT_CACHE_DIR;
      else process.env.TENANT_CACHE_DIR = previousCacheDir;
      if (previousTenantsDir === undefined) delete process.env.TENANTS_DIR;
      else process.env.TENANTS_DIR = previousTenantsDir;
      await closeDb();
    }
  });
});

/**
 * The website location (site.json `forms.website_location`) from the shopper's post to the CRM:
 * outback-caravans, the fixture tenant that shows the select, its leads going to a JSON webhook and
 * ADF over HTTP on this machine. A post that skips it or names another tenant's location stores
 * nothing; a chosen one is stored with its name and reaches both.
 */
describe("the website location, from the shopper's post to the CRM", () => {
  const SLUG = "outback-caravans";
  const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/e2e-tenants");
  /** A receiver that records each request's body and answers 200. */
  async function receiver() {
    const bodies: string[] = [];
    const server: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        bodies.push(Buffer.concat(chunks).toString("utf8"));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`,
      bodies,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
  let cacheDir: string;
  let webhook: Awaited<ReturnType<typeof receiver>>;
  let adfHttp: Awaited<ReturnType<typeof receiver>>;
  let outback: (req: Request) => Promise<Response>;

  beforeAll(async () => {
    [webhook, adfHttp] = await Promise.all([receiver(), receiver()]);
    const fixture = loadSite(FIXTURES, SLUG);
    // The tenant as published, its leads going to the two receivers.
    const data: TenantData = {
      site: {
        ...fixture,
        leads: {
          delivery: [
            { type: "webhook", url: webhook.url },
            { type: "adf-http", url: adfHttp.url },
          ],
        },
      },
      locations: loadLocations(FIXTURES, fixture),
      offers: [],
      pages: [],
      cars: [],
      now: "2026-12-15T23:30:00.000Z",
    };
    cacheDir = mkdtempSync(path.join(os.tmpdir(), "website-location-"));
    mkdirSync(path.join(cacheDir, SLUG));
    writeFileSync(path.join(cacheDir, SLUG, "tenant.json"), JSON.stringify(data));
    outback = createLeadsHandler({
      db: async () => db,
      tenantFor: () => SLUG,
      snapshot: (slug) => (slug === SLUG ? data : null),
    });
  });
  afterAll(async () => {
    await Promise.all([webhook.close(), adfHttp.close()]);
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const postTo = async (body: Record<string, unknown>) => {
    const response = await outback(leadRequest(body, { host: `${SLUG}.localhost:4321` }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it.each([
    ["without one", {}],
    ["with harbourside-toyota's Hamilton (another tenant's)", { location: 1101 }],
    ["with an id nobody has", { location: "99999" }],
  ])("refuses a contact form sent %s (400), storing nothing", async (_, fields) => {
    const before = await leadCount();
    const { status, body } = await postTo(validBody("contact", fields));
    expect(status).toBe(400);
    expect(body).toEqual({
      error: "Please fix the following errors:",
      fields: { location: "Please select a location." },
    });
    expect(await leadCount()).toBe(before);
  });

  it("stores the chosen location with its name, and both reach the CRM's JSON and ADF", async () => {
    const { status, body } = await postTo(
      validBody("contact", { location: "4103", location_name: "Head office", message: "Do you hire vans?" }),
    );
    expect(status).toBe(201);
    const leadId = String(body.lead_id);
    const row = await leadsDb(db)
      .selectFrom("leads")
      .select(["fields"])
      .where("id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(row.fields).toMatchObject({ location: "4103", location_name: "Outback Caravans Dalby" });

    const pass = await sendDueLeads({ db, tenant: SLUG, env: { TENANT_CACHE_DIR: cacheDir } });
    expect(pass).toMatchObject({ delivered: 2, failed: 0 });

    expect(webhook.bodies).toHaveLength(1);
    expect(JSON.parse(webhook.bodies[0] ?? "{}")).toMatchObject({
      lead_id: leadId,
      tenant: SLUG,
      kind: "contact",
      fields: { location: "4103", location_name: "Outback Caravans Dalby" },
    });

    // The ADF <vendor> is the Dalby yard: its name, phone and address (locations.json 4103).
    expect(adfHttp.bodies).toHaveLength(1);
    const xml = adfHttp.bodies[0] ?? "";
    const vendor = xml.slice(xml.indexOf("<vendor>"), xml.indexOf("</vendor>"));
    expect(vendor).toContain('<name part="full" type="business">Outback Caravans Dalby</name>');
    expect(vendor).toContain('<phone type="voice">(07) 5550 4130</phone>');
    expect(vendor).toContain('<street line="1">58 Drayton Street</street>');
    expect(vendor).toContain("<city>Dalby</city>");
    // Placed in the vendor, so not repeated in the comments, nor is the name the shopper sent.
    expect(xml.split("Outback Caravans Dalby")).toHaveLength(2);
    expect(xml).not.toMatch(/location_name|Location:|Location id:/);
    expect(xml).not.toContain("Head office");
  });
});
