/**
 * The ops view on the tenant index (`http://localhost:4321/` under `npm start`): per tenant the last
 * build, the feed report with its quarantined rows one click away, the webhook's events and state
 * from the database, and a chart of build durations; nothing secret.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeLead } from "~/features/leads/leads.server";
import { sendDueLeads } from "~/features/leads/outbox/outbox.server";
import { outboxStats } from "~/features/leads/outbox/stats.server";
import { parseLead } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { acceptStockEvent, markBuildFinished } from "~/features/rebuilds/builds.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { createApp } from "../../scripts/lib/app";
import type { BuildHistoryEntry } from "../../scripts/lib/build-tenants";
import { requeueCommand } from "../../scripts/lib/ops-requeue";
import { durationChart, opsData, opsPage } from "../../scripts/lib/ops-view";
import { crmAt, validBody } from "./leads-helpers";

const NOW = new Date("2026-11-26T03:00:00Z");
let work: string;
let db: Db;

const entry = (
  at: string,
  seconds: number,
  ok = true,
  extra: Partial<BuildHistoryEntry> = {},
): BuildHistoryEntry => ({
  at,
  finished_at: at,
  seconds,
  ok,
  error: ok ? null : "feed would publish 1 cars, fewer than 50% of the last successful build (120); refusing",
  trigger: "webhook",
  received: 130,
  published: ok ? 120 : 1,
  hidden: 8,
  quarantined: 2,
  pages: ok ? 160 : null,
  rendered: ok ? 7 : null,
  reused: ok ? 153 : null,
  ...extra,
});

/** The local server over the test's folders, as `npm start` runs it; `live` adds the leads database at NOW. */
function opsApp(live: boolean) {
  return createApp({
    distDir: path.join(work, "dist"),
    functionsDir: path.join(work, "no-functions"),
    port: 4321,
    cacheDir: path.join(work, "cache"),
    reportsDir: path.join(work, "reports"),
    tenant: null,
    ...(live ? { live: () => ({ db, running: () => [] }), now: () => NOW } : {}),
  });
}

function writeTenant(slug: string, history: BuildHistoryEntry[], quarantined = 0) {
  mkdirSync(path.join(work, "dist", slug), { recursive: true });
  writeFileSync(path.join(work, "dist", slug, "index.html"), "<h1>home</h1>");
  mkdirSync(path.join(work, "reports", slug), { recursive: true });
  writeFileSync(path.join(work, "reports", slug, "builds.json"), JSON.stringify(history));
  writeFileSync(
    path.join(work, "reports", slug, "feed-report.json"),
    JSON.stringify({
      tenant: slug,
      feed: "stock.json",
      generated_at: NOW.toISOString(),
      received: 130,
      published: 120,
      hidden: { sold_outside_window: 6, not_on_website: 2 },
      quarantined: Array.from({ length: quarantined }, (_, i) => ({
        index: i,
        id: 2000 + i,
        messages: [`price: must be number, got "<b>29,990</b>"`],
      })),
      syndication: {
        google_vehicle_ads: {
          path: "/feeds/google-vehicle-ads.xml",
          rows: 112,
          excluded: [
            {
              id: 3001,
              stocknum: "C1",
              name: "2021 Jayco <Starcraft>",
              reason: "caravan: Google vehicle ads take passenger cars and utes only",
            },
          ],
        },
        meta_vehicles: { path: "/feeds/meta-vehicles.csv", rows: 1, excluded: [] },
      },
    }),
  );
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "ops-view-"));
  db = await openDb({ kind: "pglite", dataDir: null }, { migrate: true });
  writeTenant(
    "westside-auto",
    [
      entry("2026-11-26T02:00:00Z", 14.2),
      entry("2026-11-26T02:30:00Z", 3.1),
      entry("2026-11-26T02:58:00Z", 2.4),
    ],
    2,
  );
  writeTenant("bayside-nissan", [
    entry("2026-11-26T02:40:00Z", 9.8),
    entry("2026-11-26T02:59:00Z", 0.4, false),
  ]);
  await acceptStockEvent(
    db,
    "westside-auto",
    { id: "evt_first", type: "stock.updated" },
    new Date(NOW.getTime() - 90_000),
  );
  await markBuildFinished(
    db,
    "westside-auto",
    { ok: true, published: 120 },
    new Date(NOW.getTime() - 80_000),
  );
  await acceptStockEvent(
    db,
    "westside-auto",
    { id: "evt_now", type: "stock.updated" },
    new Date(NOW.getTime() - 5_000),
  );
  await acceptStockEvent(
    db,
    "westside-auto",
    { id: "evt_burst", type: "stock.updated" },
    new Date(NOW.getTime() - 4_000),
  );
});
afterAll(async () => {
  await db?.destroy();
  rmSync(work, { recursive: true, force: true });
});

describe("the ops view", () => {
  let html: string;
  beforeAll(async () => {
    const tenants = await opsData(["bayside-nissan", "westside-auto"], path.join(work, "reports"), {
      db,
      running: () => [],
    });
    html = opsPage(tenants, 4321, NOW);
  });

  it("links each tenant's site", () => {
    expect(html).toContain('<a href="http://westside-auto.localhost:4321/">westside-auto</a>');
    expect(html).toContain('<a href="http://bayside-nissan.localhost:4321/">bayside-nissan</a>');
  });

  it("shows the last build: when, how long, pages rendered vs reused, result", () => {
    expect(html).toContain("2.4 s");
    expect(html).toContain("7 rendered · 153 reused");
    expect(html).toContain("Published");
    expect(html).toContain("Failed, previous site kept");
    expect(html).toContain("refusing");
  });

  it("shows the feed report in numbers, hidden by reason, quarantined rows behind a click (escaped)", () => {
    expect(html).toMatch(/<b>130<\/b><span>received<\/span>/);
    expect(html).toContain("Sold, outside the window");
    expect(html).toMatch(/<details><summary>2 quarantined rows/);
    expect(html).toContain('<th scope="row">2001</th>');
    expect(html).toContain("&lt;b&gt;29,990&lt;/b&gt;");
  });

  it("links each ad feed on the tenant's site with its row count, left-out cars and why behind a click", () => {
    expect(html).toContain(
      '<a href="http://westside-auto.localhost:4321/feeds/google-vehicle-ads.xml">Google vehicle ads</a> <b>112</b> rows',
    );
    expect(html).toContain(
      '<a href="http://westside-auto.localhost:4321/feeds/meta-vehicles.csv">Meta vehicle catalog</a> <b>1</b> row</li>',
    );
    expect(html).toContain("<summary>1 car left out: why</summary>");
    expect(html).toContain(
      '<th scope="row">3001</th><td>2021 Jayco &lt;Starcraft&gt;</td><td>caravan: Google vehicle ads take passenger cars and utes only</td>',
    );
  });

  it("shows the webhook's last events and that a rebuild runs with one more queued", () => {
    expect(html).toContain("evt_now");
    expect(html).toContain("evt_burst");
    expect(html).toMatch(/Rebuilding, one more queued/);
    expect(html).toMatch(/One more rebuild queued/);
    expect(html).toContain("Truncated-feed guard baseline: 120 cars");
  });

  it("never shows a build that published no car while it quarantined rows as plain live", async () => {
    const reports = path.join(work, "reports-empty");
    mkdirSync(path.join(reports, "example-motors"), { recursive: true });
    writeFileSync(
      path.join(reports, "example-motors", "builds.json"),
      JSON.stringify([
        entry("2026-11-26T02:50:00Z", 6.1, true, { received: 3, published: 0, hidden: 0, quarantined: 3 }),
      ]),
    );
    const tenants = await opsData(["example-motors"], reports, { db, running: () => [] });
    const page = opsPage(tenants, 4321, NOW);
    expect(page).toContain("Live with no cars");
    expect(page).toContain('<dd class="bad">Published no cars: 3 feed rows quarantined</dd>');
    expect(page).not.toContain(">Live<");
  });

  it("charts recent build durations, with a text alternative", () => {
    const chart = durationChart([
      entry("2026-11-26T02:00:00Z", 14.2),
      entry("2026-11-26T02:30:00Z", 3.1, false),
    ]);
    expect(chart).toMatch(
      /<svg [^>]*role="img" aria-label="Build durations, last 2 builds: shortest 3.1 s, longest 14.2 s, latest 3.1 s."/,
    );
    expect(chart.match(/<rect /g)).toHaveLength(2);
    expect(chart).toContain('class="bar bad"');
  });

  it("is the tenant index of the local server", async () => {
    const app = await opsApp(false);
    const response = await app.request("http://localhost:4321/", { headers: { host: "localhost:4321" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const page = await response.text();
    expect(page).toContain("<h1>Dealer sites</h1>");
    expect(page).toContain("7 rendered · 153 reused");
    expect(page).not.toMatch(/secret|password|DATABASE_URL/i);
  });
});

describe("alerts in the ops view", () => {
  it("shows what the ops check alerts on, and requeues parked deliveries from the view itself", async () => {
    const lead = "6f1c1e9a-2a59-4d1e-9a55-0b7c1f0f7a11";
    await leadsDb(db)
      .insertInto("leads")
      .values({ id: lead, tenant: "bayside-nissan", kind: "enquiry", fields: "{}", created_at: NOW })
      .execute();
    await leadsDb(db)
      .insertInto("lead_outbox")
      .values({
        lead_id: lead,
        tenant: "bayside-nissan",
        channel: "crm",
        parked_at: NOW,
        created_at: NOW,
        next_attempt_at: NOW,
      })
      .execute();
    const app = await opsApp(true);
    const page = await (
      await app.request("http://localhost:4321/", { headers: { host: "localhost:4321" } })
    ).text();
    expect(page).toContain(
      "<li><b>Lead parked</b><br>1 delivery is parked after repeated refusals; fix the receiver, then requeue from the ops view</li>",
    );
    expect(page).toContain(
      '<input type="hidden" name="tenant" value="bayside-nissan"><button type="submit">Requeue 1 parked delivery</button>',
    );
    expect(page).toContain("<li><b>1</b>site alerting</li>");

    const requeue = (headers: Record<string, string>) =>
      app.request("http://localhost:4321/ops/requeue", {
        method: "POST",
        headers: { host: "localhost:4321", "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "tenant=bayside-nissan",
      });
    // A form on another site cannot requeue.
    expect((await requeue({ origin: "https://evil.example", "sec-fetch-site": "cross-site" })).status).toBe(
      403,
    );
    const done = await requeue({ origin: "http://localhost:4321", "sec-fetch-site": "same-origin" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/");
    const row = await leadsDb(db)
      .selectFrom("lead_outbox")
      .select(["parked_at"])
      .where("lead_id", "=", lead)
      .executeTakeFirstOrThrow();
    expect(row.parked_at).toBeNull();
    const after = await (
      await app.request("http://localhost:4321/", { headers: { host: "localhost:4321" } })
    ).text();
    expect(after).not.toContain("Requeue");
  });

  it("a lead its CRM kept refusing goes out on the next pass once requeued from the view", async () => {
    const tenant = "westside-auto";
    const parsed = parseLead(validBody("enquiry"));
    if (!parsed.success) throw new Error("fixture lead is invalid");
    const { leadId } = await storeLead(db, {
      tenant,
      lead: parsed.lead,
      idempotencyKey: null,
      spam: false,
      clientIp: null,
      userAgent: null,
    });
    const crm = { status: 422, accepted: [] as string[] };
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      if (crm.status < 300) crm.accepted.push(JSON.parse(String(init?.body)).lead_id);
      return new Response(crm.status < 300 ? "{}" : "refused", { status: crm.status });
    }) as typeof globalThis.fetch;
    const pass = () =>
      sendDueLeads({ db, tenant, receiversFor: () => crmAt("https://crm.example/leads"), fetch });
    // Five refusals no retry fixes park it (each retry made due at once).
    for (let i = 0; i < 5; i++) {
      if (i > 0)
        await leadsDb(db)
          .updateTable("lead_outbox")
          .set({ next_attempt_at: new Date(0) })
          .where("lead_id", "=", leadId)
          .execute();
      await pass();
    }
    expect(await outboxStats(db, tenant)).toMatchObject({ pending: 0, parked: 1, delivered: 0 });
    // The CRM is fixed, but a parked lead is not retried on its own.
    crm.status = 200;
    expect(await pass()).toMatchObject({ claimed: 0 });

    const app = await opsApp(true);
    const page = await (
      await app.request("http://localhost:4321/", { headers: { host: "localhost:4321" } })
    ).text();
    expect(page).toContain(
      '<input type="hidden" name="tenant" value="westside-auto"><button type="submit">Requeue 1 parked delivery</button>',
    );
    const requeued = await app.request("http://localhost:4321/ops/requeue", {
      method: "POST",
      headers: {
        host: "localhost:4321",
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost:4321",
        "sec-fetch-site": "same-origin",
      },
      body: "tenant=westside-auto",
    });
    expect(requeued.status).toBe(303);

    expect(await pass()).toMatchObject({ claimed: 1, delivered: 1, parked: 0 });
    expect(crm.accepted).toEqual([leadId]);
    expect(await outboxStats(db, tenant)).toMatchObject({ pending: 0, parked: 0, delivered: 1 });
  });
});

/**
 * `npm run ops:requeue -- <tenant>`: the same requeue where no ops view is at hand (a deployed
 * site's shared database).
 */
describe("npm run ops:requeue", () => {
  it("puts a tenant's parked lead back in line; the next pass sends it", async () => {
    const crm = { status: 422, accepted: [] as string[] };
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      if (crm.status < 300) crm.accepted.push(JSON.parse(String(init?.body)).lead_id);
      return new Response(crm.status < 300 ? "{}" : "refused", { status: crm.status });
    }) as typeof globalThis.fetch;
    const pass = () =>
      sendDueLeads({
        db,
        tenant: "northside-motors",
        receiversFor: () => crmAt("https://crm.example/leads"),
        fetch,
      });
    const parsed = parseLead(validBody("enquiry"));
    if (!parsed.success) throw new Error("fixture lead is invalid");
    const { leadId } = await storeLead(db, {
      tenant: "northside-motors",
      lead: parsed.lead,
      idempotencyKey: null,
      spam: false,
      clientIp: null,
      userAgent: null,
    });
    // Five refusals no retry fixes park it (each retry made due at once).
    for (let i = 0; i < 5; i++) {
      if (i > 0)
        await leadsDb(db)
          .updateTable("lead_outbox")
          .set({ next_attempt_at: new Date(0) })
          .where("lead_id", "=", leadId)
          .execute();
      await pass();
    }
    crm.status = 200;
    expect(await pass()).toMatchObject({ claimed: 0 });
    expect(await outboxStats(db, "northside-motors")).toMatchObject({ pending: 0, parked: 1 });

    expect(await requeueCommand(db, "northside-motors", ["bayside-nissan", "northside-motors"])).toBe(
      "[ops] northside-motors: 1 parked deliveries requeued; the next outbox pass sends them",
    );
    expect(await pass()).toMatchObject({ claimed: 1, delivered: 1, parked: 0 });
    expect(crm.accepted).toEqual([leadId]);
    expect(await outboxStats(db, "northside-motors")).toMatchObject({ pending: 0, parked: 0, delivered: 1 });
  });

  it("refuses a tenant that is not under tenants/, so a typo never reads as nothing to requeue", async () => {
    await expect(
      requeueCommand(db, "northside-motor", ["bayside-nissan", "northside-motors"]),
    ).rejects.toThrow("Usage: npm run ops:requeue -- <tenant>, one of: bayside-nissan, northside-motors");
  });
});
