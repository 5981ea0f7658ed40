/**
 * The deployment the README describes, on this machine: two tenants' sites (`TENANT=<slug> npm
 * start`, each as its deployed site behaves) on one real PostgreSQL, each with its own CRM. Each CRM
 * must receive exactly its own tenant's leads, whatever Host a shopper's request carries, and a third
 * tenant's waiting lead must reach neither. Each site connects as its tenant's own role, so
 * row-level security stands behind the code as a second wall.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { storeLead } from "~/features/leads/leads.server";
import { parseLead } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { type Db, openDb } from "~/lib/db/db.server";
import { provisionTenantRole, tenantDatabaseUrl } from "~/lib/db/tenant-roles.server";
import { rateLimitsDb } from "~/server/rate-limit.server";
import { type LocalServer, startLocalServer } from "../../scripts/lib/local-server";
import {
  type Crm,
  type Postgres,
  startCrm,
  startPostgres,
  validBody,
  waitFor,
  writeSnapshot,
} from "./leads-helpers";

const TENANTS = ["westside-auto", "bayside-nissan"] as const;
const PASSWORDS = { "westside-auto": "w".repeat(24), "bayside-nissan": "b".repeat(24) };

let pg: Postgres;
let pgUrl: string;
let work: string;
let db: Db;
const crms = new Map<string, Crm>();
const sites = new Map<string, LocalServer>();

beforeAll(async () => {
  pg = await startPostgres();
  pgUrl = pg.url;
  work = mkdtempSync(path.join(os.tmpdir(), "two-tenants-"));
  for (const slug of TENANTS) writeSnapshot(path.join(work, "cache"), slug);
  // Migrate once as the owner, as the release step does, then give each site its own role.
  db = await openDb({ kind: "postgres", url: pgUrl, poolSize: 2 }, { migrate: true });
  for (const slug of TENANTS) await provisionTenantRole(db, slug, PASSWORDS[slug]);
  await Promise.all(
    TENANTS.map(async (slug) => {
      crms.set(slug, await startCrm());
      sites.set(
        slug,
        await startLocalServer({
          TENANT: slug,
          SKIP_BUILD: "1",
          DATABASE_URL: tenantDatabaseUrl(pgUrl, slug, PASSWORDS[slug]),
          TENANTS_DIR: path.join(work, "tenants"),
          DIST_DIR: path.join(work, "dist"),
          TENANT_CACHE_DIR: path.join(work, "cache"),
          CRM_WEBHOOK_URL: crms.get(slug)?.url,
        }),
      );
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([...sites.values()].map((site) => site.stop()));
  await Promise.all([...crms.values()].map((crm) => crm.close()));
  await db?.destroy();
  pg?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function postLead(site: string, host: string, name: string): Promise<string> {
  const port = sites.get(site)?.port;
  const response = await fetch(`http://127.0.0.1:${port}/api/leads`, {
    method: "POST",
    headers: { host, "content-type": "application/json" },
    body: JSON.stringify(validBody("contact", { name })),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { lead_id: string }).lead_id;
}

it("two TENANT=… npm start processes on one PostgreSQL each deliver exactly their own leads to their own CRM", async () => {
  // A lead of a third dealer, waiting in the shared outbox: neither site may touch it.
  const parsed = parseLead(validBody("contact", { name: "Third" }));
  if (!parsed.success) throw new Error("fixture lead is invalid");
  const { leadId: third } = await storeLead(db, {
    tenant: "harbourside-toyota",
    lead: parsed.lead,
    idempotencyKey: null,
    spam: false,
    clientIp: null,
    userAgent: null,
  });

  const westside = [
    await postLead("westside-auto", "westside-auto.localhost:4321", "West1"),
    await postLead("westside-auto", "localhost:4321", "West2"),
    // A Host naming another tenant changes nothing on a deployed site.
    await postLead("westside-auto", "bayside-nissan.localhost:4321", "West3"),
  ];
  const bayside = [
    await postLead("bayside-nissan", "bayside-nissan.localhost:4321", "Bay1"),
    await postLead("bayside-nissan", "westside-auto.localhost:4321", "Bay2"),
  ];
  const westCrm = crms.get("westside-auto") as Crm;
  const bayCrm = crms.get("bayside-nissan") as Crm;
  await waitFor(() => westCrm.received.size + bayCrm.received.size >= 5, "the five leads to be delivered");
  // Both workers poll every second: give each a few more passes to show they take nothing else.
  await new Promise((resolve) => setTimeout(resolve, 2_500));

  expect([...westCrm.received.keys()].sort()).toEqual([...westside].sort());
  expect([...bayCrm.received.keys()].sort()).toEqual([...bayside].sort());
  expect([...westCrm.received.values()].map((p) => [p.tenant, p.fields.name, p.count])).toEqual(
    expect.arrayContaining([
      ["westside-auto", "West1", 1],
      ["westside-auto", "West2", 1],
      ["westside-auto", "West3", 1],
    ]),
  );
  expect([...bayCrm.received.values()].map((p) => [p.tenant, p.fields.name, p.count])).toEqual(
    expect.arrayContaining([
      ["bayside-nissan", "Bay1", 1],
      ["bayside-nissan", "Bay2", 1],
    ]),
  );
  const waiting = await leadsDb(db)
    .selectFrom("lead_outbox")
    .select(["delivered_at", "attempts"])
    .where("lead_id", "=", third)
    .executeTakeFirstOrThrow();
  expect(waiting).toEqual({ delivered_at: null, attempts: 0 });
}, 60_000);

it("the local server listens on loopback 127.0.0.1 only unless HOST says otherwise", async () => {
  const port = sites.get("westside-auto")?.port;
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  // Another loopback address reaches a server bound to every address, but not one bound to 127.0.0.1.
  await expect(fetch(`http://127.0.0.2:${port}/api/health`)).rejects.toThrow("fetch failed");
});

it("a second wall: a tenant's own role sees and writes only its tenant's rows", async () => {
  const asWestside = await openDb({
    kind: "postgres",
    url: tenantDatabaseUrl(pgUrl, "westside-auto", PASSWORDS["westside-auto"]),
    poolSize: 1,
  });
  try {
    // The owner sees every tenant's leads; westside's role only its own, whatever the query asks.
    const all = await leadsDb(db).selectFrom("leads").select("tenant").distinct().execute();
    expect(all.map((r) => r.tenant).sort()).toEqual([
      "bayside-nissan",
      "harbourside-toyota",
      "westside-auto",
    ]);
    const seen = await leadsDb(asWestside).selectFrom("leads").select("tenant").distinct().execute();
    expect(seen.map((r) => r.tenant)).toEqual(["westside-auto"]);
    expect(
      (await leadsDb(asWestside).selectFrom("lead_outbox").select("tenant").distinct().execute()).map(
        (r) => r.tenant,
      ),
    ).toEqual(["westside-auto"]);
    // Writing another tenant's rows: updates and deletes touch nothing, inserts are refused.
    const updated = await leadsDb(asWestside)
      .updateTable("lead_outbox")
      .set({ delivered_at: new Date() })
      .where("tenant", "=", "bayside-nissan")
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(0);
    await expect(
      sql`insert into users (id, tenant, phone) values (gen_random_uuid(), 'bayside-nissan', '+61412345678')`.execute(
        asWestside,
      ),
    ).rejects.toThrow("row-level security");
    await expect(
      rateLimitsDb(asWestside)
        .insertInto("rate_limits")
        .values({ bucket: "leads:bayside-nissan:x", window_start: new Date(), hits: 1 })
        .execute(),
    ).rejects.toThrow("row-level security");
    // And it cannot change the schema or give itself more.
    await expect(sql`alter table leads disable row level security`.execute(asWestside)).rejects.toThrow(
      "must be owner",
    );
  } finally {
    await asWestside.destroy();
  }
});
