/**
 * The storage suite: migrations, lead storage with idempotency, the rate-limit counter and outbox
 * delivery, run against PGlite and against a throwaway PostgreSQL 15 (a machine without its
 * binaries fails the PostgreSQL half, saying what to install).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeLead } from "~/features/leads/leads.server";
import { sendDueLeads } from "~/features/leads/outbox/outbox.server";
import { outboxStats } from "~/features/leads/outbox/stats.server";
import { startOutboxWorker } from "~/features/leads/outbox/worker.server";
import { type Lead, parseLead } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { type Db, type DbTarget, dbTarget, describeTarget, openDb } from "~/lib/db/db.server";
import { MIGRATION_NAMES, migrateToLatest } from "~/lib/db/migrations";
import { hitRateLimit, rateLimitsDb } from "~/server/rate-limit.server";
import { type Crm, crmAt, type Postgres, startCrm, startPostgres, validBody, waitFor } from "./leads-helpers";

const postgres: Promise<Postgres> = startPostgres();
// Started early, beside the PGlite suite; the PostgreSQL suite's beforeAll awaits it and fails
// there when this machine has no server.
postgres.catch(() => {});

afterAll(async () => {
  (await postgres.catch(() => null))?.stop();
});

function lead(): Lead {
  const parsed = parseLead(validBody("enquiry"));
  if (!parsed.success) throw new Error("fixture lead is invalid");
  return parsed.lead;
}

const store = (db: Db, tenant: string, key: string | null = null, spam = false) =>
  storeLead(db, {
    tenant,
    lead: lead(),
    idempotencyKey: key,
    spam,
    clientIp: "203.0.113.9",
    userAgent: "test",
  });

describe("dbTarget", () => {
  it.each<[NodeJS.ProcessEnv, string]>([
    [{}, "PGlite at "],
    [{ DATA_DIR: "memory" }, "PGlite in memory"],
    [{ DATABASE_URL: "postgres://u:secret@db.example:5432/leads" }, "Postgres at db.example:5432/leads"],
  ])("picks storage from %j without printing secrets", (env, described) => {
    const text = describeTarget(dbTarget(env));
    expect(text.startsWith(described)).toBe(true);
    expect(text).not.toContain("secret");
  });

  it("refuses embedded storage inside a deployed function, where leads would be lost", () => {
    expect(() => dbTarget({ AWS_LAMBDA_FUNCTION_NAME: "leads" })).toThrow("DATABASE_URL is not set");
    expect(dbTarget({ AWS_LAMBDA_FUNCTION_NAME: "leads", DATABASE_URL: "postgres://db/x" }).kind).toBe(
      "postgres",
    );
  });

  it("keeps PGlite under .data/ by default and under DATA_DIR when set", () => {
    expect(dbTarget({})).toMatchObject({ kind: "pglite", dataDir: expect.stringMatching(/\.data\/pglite$/) });
    expect(dbTarget({ DATA_DIR: "/tmp/x" })).toEqual({ kind: "pglite", dataDir: "/tmp/x/pglite" });
  });
});

const backends: { name: string; target: () => Promise<DbTarget> }[] = [
  { name: "PGlite", target: async () => ({ kind: "pglite", dataDir: null }) },
  {
    name: "PostgreSQL 15",
    target: async () => ({ kind: "postgres", url: (await postgres).url, poolSize: 10 }),
  },
];

describe.each(backends)("storage on $name", ({ target }) => {
  let db: Db;
  let crm: Crm;

  beforeAll(async () => {
    db = await openDb(await target());
    crm = await startCrm();
  });
  afterAll(async () => {
    await db?.destroy();
    await crm?.close();
  });

  /** Each test gets its own tenant, so tests never see each other's rows. */
  const withDb = (title: string, test: (db: Db, tenant: string) => Promise<void>) =>
    it(title, async () => {
      await test(db, `t-${randomUUID().slice(0, 8)}`);
    });

  withDb("applies every migration once; a second run has nothing to do", async (db) => {
    const applied = await db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    expect(applied.map((row) => (row as { name: string }).name)).toEqual(MIGRATION_NAMES);
    expect(await migrateToLatest(db as never)).toEqual([]);
  });

  withDb("stores a lead with its outbox row in one go", async (db, tenant) => {
    const { leadId, created } = await store(db, tenant);
    expect(created).toBe(true);
    const row = await leadsDb(db)
      .selectFrom("leads")
      .innerJoin("lead_outbox", "lead_outbox.lead_id", "leads.id")
      .select(["leads.fields", "leads.created_at", "lead_outbox.attempts", "lead_outbox.delivered_at"])
      .where("leads.id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(row.fields).toMatchObject({ name: "Jane", phone: "+61412345678" });
    expect(row.created_at).toBeInstanceOf(Date);
    expect(row).toMatchObject({ attempts: 0, delivered_at: null });
  });

  withDb(
    "stores 25 concurrent submissions with one key once, all answered with one lead_id",
    async (db, tenant) => {
      const results = await Promise.all(Array.from({ length: 25 }, () => store(db, tenant, "same-key")));
      expect(new Set(results.map((r) => r.leadId)).size).toBe(1);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const rows = await leadsDb(db).selectFrom("leads").select("id").where("tenant", "=", tenant).execute();
      expect(rows).toHaveLength(1);
      const outbox = await leadsDb(db)
        .selectFrom("lead_outbox")
        .select("lead_id")
        .where("tenant", "=", tenant)
        .execute();
      expect(outbox).toHaveLength(1);
    },
  );

  withDb("keeps spam out of the outbox", async (db, tenant) => {
    const { leadId } = await store(db, tenant, null, true);
    const outbox = await leadsDb(db)
      .selectFrom("lead_outbox")
      .select("lead_id")
      .where("lead_id", "=", leadId)
      .execute();
    expect(outbox).toEqual([]);
  });

  withDb("counts rate-limit hits per bucket and window, concurrently", async (db, tenant) => {
    const now = new Date("2026-06-15T02:00:45Z");
    const limit = { hits: 5, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(db, tenant, limit, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.find((r) => !r.allowed)).toEqual({ allowed: false, retryAfterSeconds: 15 });
    const nextWindow = await hitRateLimit(db, tenant, limit, new Date("2026-06-15T02:01:00Z"));
    expect(nextWindow.allowed).toBe(true);
  });

  withDb(
    "counts a lead's rate-limit hit as it stores it, and stores none past the limit",
    async (db, tenant) => {
      const now = new Date("2026-06-15T02:00:45Z");
      const bucket = `leads:${tenant}:203.0.113.9`;
      const hit = { bucket, limit: { hits: 3, windowMs: 60_000 }, now };
      const submit = (key: string) =>
        storeLead(
          db,
          {
            tenant,
            lead: lead(),
            idempotencyKey: key,
            spam: false,
            clientIp: "203.0.113.9",
            userAgent: "test",
          },
          hit,
        );
      const results = await Promise.all(["a", "b", "c", "d", "e"].map(submit));
      expect(results.filter((r) => "leadId" in r)).toHaveLength(3);
      expect(results.filter((r) => !("leadId" in r))).toEqual([
        { retryAfterSeconds: 15 },
        { retryAfterSeconds: 15 },
      ]);
      const stored = await leadsDb(db)
        .selectFrom("leads")
        .select("id")
        .where("tenant", "=", tenant)
        .execute();
      expect(stored).toHaveLength(3);
      const outbox = await leadsDb(db)
        .selectFrom("lead_outbox")
        .select("lead_id")
        .where("tenant", "=", tenant)
        .execute();
      expect(outbox).toHaveLength(3);
      const counter = await rateLimitsDb(db)
        .selectFrom("rate_limits")
        .select("hits")
        .where("bucket", "=", bucket)
        .executeTakeFirstOrThrow();
      expect(counter.hits).toBe(5);
      // A retry of a stored lead over the limit is refused too, and stores nothing new.
      expect(await submit("a")).toEqual({ retryAfterSeconds: 15 });
    },
  );

  withDb("delivers a lead to the CRM with the documented body and marks it delivered", async (db, tenant) => {
    const { leadId } = await store(db, tenant);
    const pass = await sendDueLeads({
      db,
      tenant,
      receiversFor: (t) => crmAt(t === tenant ? crm.url : null),
    });
    expect(pass.delivered).toBeGreaterThanOrEqual(1);
    const payload = crm.received.get(leadId);
    expect(payload).toMatchObject({ lead_id: leadId, tenant, kind: "enquiry", count: 1 });
    expect(payload?.fields).toMatchObject({ email: "jane@example.com.au", category: "General Enquiry" });
    expect(Date.parse(payload?.created_at ?? "")).not.toBeNaN();
    const row = await leadsDb(db)
      .selectFrom("lead_outbox")
      .selectAll()
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, last_error: null, locked_until: null });
    expect(row.delivered_at).toBeInstanceOf(Date);
  });

  withDb(
    "records failures, backs off (seconds, then growing) and delivers after recovery",
    async (db, tenant) => {
      const { leadId } = await store(db, tenant);
      const failing = await startCrm({ failing: true });
      const options = {
        db,
        tenant,
        random: () => 0,
        receiversFor: (t: string) => crmAt(t === tenant ? failing.url : null),
      };
      const row = () =>
        leadsDb(db)
          .selectFrom("lead_outbox")
          .selectAll()
          .where("lead_id", "=", leadId)
          .executeTakeFirstOrThrow();
      const delays: number[] = [];
      for (let i = 0; i < 3; i++) {
        await sendDueLeads(options);
        const after = await row();
        expect(after).toMatchObject({ attempts: i + 1, last_error: "HTTP 503: CRM down for maintenance" });
        expect(after.delivered_at).toBeNull();
        delays.push(after.next_attempt_at.getTime() - (after.last_attempt_at?.getTime() ?? 0));
        // Not due before its time...
        await sendDueLeads(options);
        expect((await row()).attempts).toBe(i + 1);
        // ...and due once that time has come.
        await leadsDb(db)
          .updateTable("lead_outbox")
          .set({ next_attempt_at: after.last_attempt_at ?? new Date(0) })
          .where("lead_id", "=", leadId)
          .execute();
      }
      expect(delays).toEqual([5_000, 10_000, 20_000]);
      failing.failing = false;
      await sendDueLeads(options);
      expect(failing.received.get(leadId)?.count).toBe(1);
      expect(await row()).toMatchObject({ attempts: 4, last_error: null });
      await failing.close();
    },
  );

  withDb("keeps a lead due while its tenant has no CRM configured", async (db, tenant) => {
    const { leadId } = await store(db, tenant);
    await sendDueLeads({ db, tenant, receiversFor: () => crmAt(null) });
    const row = await leadsDb(db)
      .selectFrom("lead_outbox")
      .selectAll()
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(row.delivered_at).toBeNull();
    expect(row.last_error).toContain("No CRM webhook configured");
  });

  withDb("never lets two workers send the same lead at the same time", async (db, tenant) => {
    const slow = await startCrm({ delayMs: 15 });
    const ids = await Promise.all(Array.from({ length: 40 }, () => store(db, tenant).then((r) => r.leadId)));
    const options = {
      db,
      tenant,
      receiversFor: (t: string) => crmAt(t === tenant ? slow.url : null),
      intervalMs: 10,
      batchSize: 5,
      concurrency: 3,
    };
    const workers = [startOutboxWorker(options), startOutboxWorker(options), startOutboxWorker(options)];
    try {
      await waitFor(() => ids.every((id) => slow.received.has(id)), "every lead to reach the CRM");
      // Stopping aborts a request still waiting on the CRM's answer (the lead stays due and is sent
      // again later), so let the workers record the last answers before stopping them.
      const delivered = async () =>
        (
          await leadsDb(db)
            .selectFrom("lead_outbox")
            .select("lead_id")
            .where("lead_id", "in", ids)
            .where("delivered_at", "is not", null)
            .execute()
        ).length;
      await waitFor(async () => (await delivered()) === ids.length, "every lead marked delivered");
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await slow.close();
    }
    expect(slow.maxConcurrentPerLead).toBe(1);
    expect(ids.map((id) => slow.received.get(id)?.count)).toEqual(ids.map(() => 1));
    expect((await outboxStats(db, tenant)).delivered).toBeGreaterThanOrEqual(ids.length);
  });
});
