/**
 * One database, many dealers: a deployed site (a process with TENANT set) answers, claims, delivers
 * and reports only its own tenant's leads, and its lead delivery is bounded, signed and honest
 * about leads a CRM keeps refusing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { smsAdapterFromEnv, webhookSmsAdapter } from "~/features/account/sms.server";
import { storeLead } from "~/features/leads/leads.server";
import { crmWebhookUrl } from "~/features/leads/outbox/channels.server";
import { sendDueLeads } from "~/features/leads/outbox/outbox.server";
import { OUTBOUND_SIGNATURE_HEADER } from "~/features/leads/outbox/send.server";
import { outboxStats, requeueParked } from "~/features/leads/outbox/stats.server";
import { drainOutbox } from "~/features/leads/outbox/worker.server";
import { parseLead } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { type Db, dbTarget, openDb } from "~/lib/db/db.server";
import { tenantForRequest, workerScope } from "~/server/deploy";
import { verifySignature } from "~/server/signature";
import { createApp } from "../../scripts/lib/app";
import { type Crm, crmAt, startCrm, validBody } from "./leads-helpers";

let db: Db;
beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
});
afterAll(async () => {
  await db.destroy();
});

let tenantSeq = 0;
/** Fresh tenant slugs per test, so tests sharing the database never see each other's rows. */
const tenants = () => {
  tenantSeq += 1;
  return { westside: `westside-${tenantSeq}`, bayside: `bayside-${tenantSeq}` };
};

async function store(tenant: string, name = "Jane"): Promise<string> {
  const parsed = parseLead(validBody("enquiry", { name }));
  if (!parsed.success) throw new Error("fixture lead is invalid");
  const stored = await storeLead(db, {
    tenant,
    lead: parsed.lead,
    idempotencyKey: null,
    spam: false,
    clientIp: "203.0.113.9",
    userAgent: "test",
  });
  return stored.leadId;
}

const row = (leadId: string) =>
  leadsDb(db).selectFrom("lead_outbox").selectAll().where("lead_id", "=", leadId).executeTakeFirstOrThrow();

/** Makes a row due again now (instead of waiting out its retry delay). */
const dueNow = (leadId: string) =>
  leadsDb(db)
    .updateTable("lead_outbox")
    .set({ next_attempt_at: new Date(0) })
    .where("lead_id", "=", leadId)
    .execute();

describe("Critical: a deployed site delivers every tenant's leads to its own CRM", () => {
  let crm: Crm;
  beforeAll(async () => {
    crm = await startCrm();
  });
  afterAll(async () => {
    await crm.close();
  });

  it("a worker pinned to one tenant claims, delivers and reports only that tenant's rows", async () => {
    const { westside, bayside } = tenants();
    const ours = [await store(westside), await store(westside)];
    const theirs = await store(bayside);
    const pass = await sendDueLeads({ db, tenant: westside, receiversFor: () => crmAt(crm.url) });
    expect(pass).toMatchObject({ claimed: 2, delivered: 2 });
    expect(ours.map((id) => crm.received.get(id)?.tenant)).toEqual([westside, westside]);
    expect(crm.received.has(theirs)).toBe(false);
    expect((await row(theirs)).delivered_at).toBeNull();
    expect(await outboxStats(db, westside)).toMatchObject({ pending: 0, delivered: 2 });
    expect(await outboxStats(db, bayside)).toMatchObject({ pending: 1, delivered: 0 });
  });

  it.each<[string, NodeJS.ProcessEnv, string, string | null]>([
    [
      "pinned: its own tenant gets CRM_WEBHOOK_URL",
      { TENANT: "westside-auto" },
      "westside-auto",
      "https://crm.w/x",
    ],
    ["pinned: another tenant never gets it", { TENANT: "westside-auto" }, "bayside-nissan", null],
    ["deployed without TENANT: nobody gets it", { NETLIFY: "true" }, "westside-auto", null],
    ["local all-tenant server: every tenant gets it", {}, "bayside-nissan", "https://crm.w/x"],
  ])("CRM_WEBHOOK_URL, %s", (_, env, tenant, expected) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "crm-env-"));
    try {
      expect(
        crmWebhookUrl(tenant, { ...env, TENANT_CACHE_DIR: dir, CRM_WEBHOOK_URL: "https://crm.w/x" }),
      ).toBe(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("CRM_WEBHOOK_URL_<SLUG> names one tenant's webhook anywhere", () => {
    const env = {
      TENANT: "westside-auto",
      TENANT_CACHE_DIR: "/nonexistent",
      CRM_WEBHOOK_URL: "https://crm.w/x",
      CRM_WEBHOOK_URL_BAYSIDE_NISSAN: "https://crm.b/y",
    };
    expect(crmWebhookUrl("bayside-nissan", env)).toBe("https://crm.b/y");
    expect(crmWebhookUrl("westside-auto", env)).toBe("https://crm.w/x");
    expect(crmWebhookUrl("bayside-nissan", { ...env, TENANT: "" })).toBe("https://crm.b/y");
  });

  it("on a deployed site the tenant comes from TENANT, never from the Host header", () => {
    const req = new Request("https://westside.example/api/leads", {
      headers: { host: "bayside-nissan.localhost" },
    });
    expect(tenantForRequest(req, { TENANT: "westside-auto", NETLIFY: "true" })).toBe("westside-auto");
    expect(tenantForRequest(req, { NETLIFY: "true" })).toBeNull();
    expect(tenantForRequest(req, { AWS_LAMBDA_FUNCTION_NAME: "leads" })).toBeNull();
    expect(tenantForRequest(req, {})).toBe("bayside-nissan");
  });

  it("a deployed worker without TENANT refuses to start, with a clear message", async () => {
    expect(() => workerScope("The leads-outbox scheduled function", { NETLIFY: "true" })).toThrow(
      "The leads-outbox scheduled function needs TENANT: set TENANT=<slug> on this tenant's Netlify site",
    );
    expect(workerScope("npm start", { TENANT: "westside-auto" })).toEqual({ tenant: "westside-auto" });
    expect(workerScope("npm start", {})).toEqual({ tenant: null });
    const saved = { NETLIFY: process.env.NETLIFY, TENANT: process.env.TENANT };
    process.env.NETLIFY = "true";
    delete process.env.TENANT;
    try {
      const scheduled = await import("~/functions/leads-outbox");
      const response = await scheduled.default(
        new Request("http://localhost/.netlify/functions/leads-outbox"),
      );
      expect(response.status).toBe(500);
      expect((await response.json()).error).toContain("needs TENANT");
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it("TENANT=<slug> npm start serves that tenant on every Host, and nothing else", async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), "pinned-app-"));
    try {
      for (const slug of ["westside-auto", "bayside-nissan"]) {
        mkdirSync(path.join(work, "dist", slug), { recursive: true });
        writeFileSync(path.join(work, "dist", slug, "index.html"), `<h1>${slug}</h1>`);
      }
      const options = {
        distDir: path.join(work, "dist"),
        functionsDir: path.join(work, "functions"),
        port: 4321,
        cacheDir: path.join(work, "cache"),
      };
      const pinned = await createApp({ ...options, tenant: "westside-auto" });
      for (const host of ["bayside-nissan.localhost:4321", "localhost:4321", "westside.example.com.au"]) {
        const page = await pinned.request("http://x/", { headers: { host } });
        expect(await page.text()).toBe("<h1>westside-auto</h1>");
      }
      const all = await createApp({ ...options, tenant: null });
      const page = await all.request("http://x/", { headers: { host: "bayside-nissan.localhost:4321" } });
      expect(await page.text()).toBe("<h1>bayside-nissan</h1>");
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("Medium 4: outbox pass not bounded in time", () => {
  /** A CRM stand-in called in-process: answers `status` after `delayMs`, recording each call. */
  function fakeCrm(status: number, delayMs = 0) {
    const calls: { leadId: string; headers: Headers; body: string; at: number }[] = [];
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      const body = String(init?.body ?? "");
      calls.push({
        leadId: JSON.parse(body).lead_id,
        headers: new Headers(init?.headers),
        body,
        at: Date.now(),
      });
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return new Response(status < 300 ? "{}" : "refused", { status });
    }) as typeof globalThis.fetch;
    return { calls, fetch };
  }

  it("no call starts that could not finish inside the time budget; the rest waits for the next run", async () => {
    const { westside } = tenants();
    const ids = await Promise.all(Array.from({ length: 6 }, (_, i) => store(westside, `Budget${i}`)));
    const crm = fakeCrm(200, 300);
    const started = Date.now();
    const result = await drainOutbox(
      {
        db,
        tenant: westside,
        receiversFor: () => crmAt("https://crm.example/leads"),
        fetch: crm.fetch,
        concurrency: 1,
        timeoutMs: 400,
      },
      1_000,
    );
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(result.delivered).toBeGreaterThanOrEqual(1);
    expect(result.delivered).toBeLessThan(6);
    expect(result.deferred).toBe(6 - result.delivered);
    // Deferred rows are free for the next run at once, not held by a lease.
    const rows = await Promise.all(ids.map(row));
    const waiting = rows.filter((r) => r.delivered_at === null);
    expect(waiting).toHaveLength(result.deferred);
    expect(waiting.every((r) => r.locked_until === null && r.attempts === 0)).toBe(true);
  });

  it("records each delivery right after its 2xx, not at the end of the pass", async () => {
    const { westside } = tenants();
    await Promise.all(Array.from({ length: 3 }, (_, i) => store(westside, `Each${i}`)));
    const deliveredWhenCalled: number[] = [];
    const fetch = (async () => {
      deliveredWhenCalled.push((await outboxStats(db, westside)).delivered);
      return new Response("{}", { status: 200 });
    }) as typeof globalThis.fetch;
    await sendDueLeads({
      db,
      tenant: westside,
      receiversFor: () => crmAt("https://crm.example/l"),
      fetch,
      concurrency: 1,
    });
    expect(deliveredWhenCalled).toEqual([0, 1, 2]);
  });

  it("parks a lead after five permanent refusals where an operator can see it, and can requeue it", async () => {
    const { westside } = tenants();
    const id = await store(westside);
    const crm = fakeCrm(422);
    const options = {
      db,
      tenant: westside,
      receiversFor: () => crmAt("https://crm.example/l"),
      fetch: crm.fetch,
    };
    for (let i = 0; i < 5; i++) {
      await sendDueLeads(options);
      await dueNow(id);
    }
    const parked = await row(id);
    expect(parked.parked_at).toBeInstanceOf(Date);
    expect(parked).toMatchObject({ permanent_failures: 5, attempts: 5, last_error: "HTTP 422: refused" });
    expect(await outboxStats(db, westside)).toMatchObject({ pending: 0, parked: 1 });
    expect((await sendDueLeads(options)).claimed).toBe(0);
    expect(crm.calls).toHaveLength(5);
    expect(await requeueParked(db, westside)).toBe(1);
    expect(await outboxStats(db, westside)).toMatchObject({ pending: 1, parked: 0 });
  });

  it.each([429, 408, 503])("keeps retrying a lead the CRM answers %i (not permanent)", async (status) => {
    const { westside } = tenants();
    const id = await store(westside);
    const crm = fakeCrm(status);
    for (let i = 0; i < 6; i++) {
      await sendDueLeads({
        db,
        tenant: westside,
        receiversFor: () => crmAt("https://crm.example/l"),
        fetch: crm.fetch,
      });
      await dueNow(id);
    }
    expect(await row(id)).toMatchObject({ attempts: 6, permanent_failures: 0, parked_at: null });
  });

  it("spreads retries with up to 20% jitter", async () => {
    const { westside } = tenants();
    const delays: number[] = [];
    for (const random of [0, 0.5, 0.999]) {
      const id = await store(westside);
      await sendDueLeads({
        db,
        tenant: westside,
        receiversFor: () => crmAt("https://crm.example/l"),
        fetch: fakeCrm(503).fetch,
        random: () => random,
      });
      const after = await row(id);
      delays.push(after.next_attempt_at.getTime() - (after.last_attempt_at?.getTime() ?? 0));
    }
    expect(delays).toEqual([5_000, 5_500, 5_999]);
  });
});

describe("Low: outbound CRM webhooks signed, https: only when deployed", () => {
  it("signs each delivery with the tenant's secret (t=…,v1=HMAC-SHA256 of t.body)", async () => {
    const { westside } = tenants();
    const id = await store(westside);
    let seen: { header: string | null; body: string } | undefined;
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      seen = { header: new Headers(init?.headers).get(OUTBOUND_SIGNATURE_HEADER), body: String(init?.body) };
      return new Response("{}", { status: 200 });
    }) as typeof globalThis.fetch;
    await sendDueLeads({
      db,
      tenant: westside,
      receiversFor: () => ({ ...crmAt("https://crm.example/l"), secret: "whsec_test" }),
      fetch,
    });
    expect(JSON.parse(seen?.body ?? "{}").lead_id).toBe(id);
    expect(seen?.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(seen?.header ?? null, seen?.body ?? "", ["whsec_test"], new Date())).toEqual({
      ok: true,
    });
    expect(verifySignature(seen?.header ?? null, seen?.body ?? "", ["other"], new Date())).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it.each<[string, string, string | null, string]>([
    [
      "an http: webhook",
      "http://crm.example/l",
      "whsec_test",
      "A deployed site sends leads only to an https: CRM webhook",
    ],
    [
      "no signing secret",
      "https://crm.example/l",
      null,
      "Set CRM_WEBHOOK_SECRET so the CRM can verify deliveries",
    ],
  ])("a deployed site does not send to %s; the lead waits and says why", async (_, url, secret, error) => {
    const { westside } = tenants();
    const id = await store(westside);
    let calls = 0;
    const fetch = (async () => {
      calls += 1;
      return new Response("{}", { status: 200 });
    }) as typeof globalThis.fetch;
    await sendDueLeads({
      db,
      tenant: westside,
      deployed: true,
      receiversFor: () => ({ ...crmAt(url), secret: secret }),
      fetch,
    });
    expect(calls).toBe(0);
    expect(await row(id)).toMatchObject({ delivered_at: null, last_error: error, parked_at: null });
  });
});

describe("Low: outbound SMS webhooks signed, https: only when deployed", () => {
  it("signs each text with SMS_WEBHOOK_SECRET", async () => {
    let seen: { header: string | null; body: string } | undefined;
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      seen = { header: new Headers(init?.headers).get("x-webhook-signature"), body: String(init?.body) };
      return new Response("{}", { status: 200 });
    }) as typeof globalThis.fetch;
    await webhookSmsAdapter("https://sms.example/send", "smsec", 1000, fetch).send({
      tenant: "westside-auto",
      to: "+61412345678",
      body: "123456 is your code",
    });
    expect(verifySignature(seen?.header ?? null, seen?.body ?? "", ["smsec"], new Date())).toEqual({
      ok: true,
    });
  });

  it.each<[string, NodeJS.ProcessEnv, string | null]>([
    [
      "deployed, https: and a secret",
      { NETLIFY: "true", SMS_WEBHOOK_URL: "https://sms.example/s", SMS_WEBHOOK_SECRET: "x" },
      "webhook",
    ],
    [
      "deployed, http:",
      { NETLIFY: "true", SMS_WEBHOOK_URL: "http://sms.example/s", SMS_WEBHOOK_SECRET: "x" },
      null,
    ],
    [
      "deployed, no secret",
      { AWS_LAMBDA_FUNCTION_NAME: "f", SMS_WEBHOOK_URL: "https://sms.example/s" },
      null,
    ],
    ["local, http: stub without a secret", { SMS_WEBHOOK_URL: "http://127.0.0.1:9/sms" }, "webhook"],
  ])("SMS gateway %s → %s", (_, env, adapter) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(smsAdapterFromEnv(env)?.name ?? null).toBe(adapter);
    error.mockRestore();
  });
});

describe("Medium 5: rate-limit identity on the local server", () => {
  it("sets the client address from the socket, never from a client-sent x-nf-client-connection-ip", async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), "client-ip-"));
    mkdirSync(path.join(work, "functions"));
    writeFileSync(
      path.join(work, "functions", "echo.mjs"),
      `export default (req) => Response.json({ ip: req.headers.get("x-nf-client-connection-ip"), forwarded: req.headers.get("x-forwarded-for") });
export const config = { path: "/api/echo" };`,
    );
    const app = await createApp({
      distDir: path.join(work, "dist"),
      functionsDir: path.join(work, "functions"),
      port: 0,
      cacheDir: path.join(work, "cache"),
      tenant: null,
    });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    try {
      const { port } = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/api/echo`, {
        headers: { "x-nf-client-connection-ip": "198.51.100.7", "x-forwarded-for": "198.51.100.8" },
      });
      expect(await response.json()).toEqual({ ip: "127.0.0.1", forwarded: null });
    } finally {
      server.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("Low: DATABASE_POOL_SIZE default 1 in functions", () => {
  it.each<[NodeJS.ProcessEnv, number]>([
    [{ DATABASE_URL: "postgres://db/x", NETLIFY: "true" }, 1],
    [{ DATABASE_URL: "postgres://db/x", AWS_LAMBDA_FUNCTION_NAME: "leads" }, 1],
    [{ DATABASE_URL: "postgres://db/x", AWS_LAMBDA_FUNCTION_NAME: "leads", DATABASE_POOL_SIZE: "3" }, 3],
    [{ DATABASE_URL: "postgres://db/x" }, 5],
  ])("%j → a pool of %i", (env, size) => {
    expect(dbTarget(env)).toMatchObject({ kind: "postgres", poolSize: size });
  });
});
