/**
 * Leads survive a failing CRM and a restart: 500 submissions (with repeated idempotency keys)
 * arrive 50 at a time while the CRM fails for a while and the server restarts once (database and
 * worker closed and reopened on the same PGlite data folder, mid-batch). Nothing may be lost or
 * duplicated, and every lead reaches the CRM after it recovers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { FORM_LEAD_KINDS, type LeadKind } from "~/features/leads/kinds";
import { outboxStats } from "~/features/leads/outbox/stats.server";
import { type OutboxWorker, startOutboxWorker } from "~/features/leads/outbox/worker.server";
import { createLeadsHandler } from "~/features/leads/submit.server";
import { leadsDb } from "~/features/leads/tables";
import { type Db, openDb } from "~/lib/db/db.server";
import { makeSite, makeSnapshot } from "./helpers";
import { crmAt, serveHandler, startCrm, validBody, waitFor } from "./leads-helpers";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "leads-durable-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it("loses and duplicates nothing across CRM failures and a restart", async () => {
  // Requests caught by the restart are logged as errors; count them instead of printing them.
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  const crm = await startCrm({ failing: true });
  // 500 submissions and their retries in well under a minute: the site's highest write quota.
  const site = makeSite({ write_quotas: { leads: 1200 } });
  const target = { kind: "pglite" as const, dataDir };

  // The "server": a database, the function handler over it and a delivery worker.
  let db: Db = await openDb(target);
  let ready: Promise<Db> = Promise.resolve(db);
  const workerOptions = () => ({
    db,
    tenant: "test-motors",
    receiversFor: () => crmAt(crm.url),
    intervalMs: 20,
    leaseMs: 1_000,
    schedule: { firstDelayMs: 20, maxDelayMs: 200 },
  });
  let worker: OutboxWorker = startOutboxWorker(workerOptions());
  const handler = createLeadsHandler({
    db: () => ready,
    tenantFor: () => "test-motors",
    snapshot: () => makeSnapshot(site),
  });
  let arrivals = 0;
  let restarting: Promise<void> | undefined;
  const server = await serveHandler((req) => {
    arrivals += 1;
    // The restart lands in the middle of the sixth batch, with earlier requests still in flight.
    if (arrivals === 270) restarting = restart();
    return handler(req);
  });

  // 350 distinct submissions; 150 of them are sent twice (double clicks and retries).
  const unique = Array.from({ length: 350 }, (_, i) => ({
    key: `key-${i}`,
    kind: FORM_LEAD_KINDS[i % FORM_LEAD_KINDS.length] as LeadKind,
  }));
  const submissions = [...unique, ...unique.filter((_, i) => i % 7 < 3)].sort((a, b) =>
    a.key.localeCompare(b.key),
  );
  expect(submissions).toHaveLength(500);

  const answers = new Map<string, Set<string>>();
  let retriedAfterError = 0;
  /** A form's submit: retries with the same key until it gets an answer it can show. */
  const submit = async ({ key, kind }: (typeof submissions)[number], index: number) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await server.post(validBody(kind, { name: `Shopper ${key}` }), {
        key,
        ip: `198.51.100.${index % 100}`,
      });
      const body = (await response.json()) as { lead_id?: string; error?: string };
      if (response.status === 201 || response.status === 200) {
        const ids = answers.get(key) ?? new Set();
        ids.add(String(body.lead_id));
        answers.set(key, ids);
        return;
      }
      expect(response.status, body.error).toBe(503);
      retriedAfterError += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`submission ${key} never succeeded`);
  };

  const restart = async () => {
    // A hard stop: the database goes away under requests and deliveries in flight. Requests
    // holding it fail (503) and the shopper's form retries; rows the worker had claimed stay
    // leased until the lease runs out, then the new worker takes them.
    let reopened!: (db: Db) => void;
    ready = new Promise((resolve) => {
      reopened = resolve;
    });
    await Promise.all([db.destroy(), worker.stop().catch(() => {})]);
    db = await openDb(target);
    reopened(db);
    worker = startOutboxWorker(workerOptions());
  };

  for (let batch = 0; batch < 10; batch++) {
    const slice = submissions.slice(batch * 50, batch * 50 + 50);
    await Promise.all(slice.map((submission, i) => submit(submission, batch * 50 + i)));
  }
  await restarting;
  expect(restarting).toBeDefined();
  expect(crm.received.size).toBe(0);
  expect(crm.rejected).toBeGreaterThan(0);

  // Every submission got exactly one lead_id per key, and the database holds exactly one lead per key.
  expect(answers.size).toBe(350);
  expect([...answers.values()].every((ids) => ids.size === 1)).toBe(true);
  const rows = await leadsDb(db).selectFrom("leads").select(["id", "idempotency_key"]).execute();
  expect(rows).toHaveLength(350);
  const answered = new Set([...answers.values()].map((ids) => [...ids][0]));
  expect(new Set(rows.map((row) => row.id))).toEqual(answered);

  // The CRM recovers: every lead arrives; the receiver's dedupe by lead_id sees each once.
  crm.failing = false;
  await waitFor(async () => (await outboxStats(db, "test-motors")).pending === 0, "the outbox to drain");
  await worker.stop();
  expect(new Set(crm.received.keys())).toEqual(answered);
  const failedBefore = await leadsDb(db)
    .selectFrom("lead_outbox")
    .select("lead_id")
    .where("attempts", ">", 1)
    .execute();
  expect(failedBefore.length).toBeGreaterThan(0);
  expect(errors).toHaveBeenCalledTimes(retriedAfterError);
  vi.restoreAllMocks();
  const extraDeliveries = [...crm.received.values()].reduce((sum, lead) => sum + lead.count - 1, 0);
  console.log(
    `[durability] 500 submissions → ${rows.length} leads, ${retriedAfterError} client retries after 503, ` +
      `${crm.rejected} CRM rejections, ${failedBefore.length} leads retried, ${extraDeliveries} repeat deliveries deduped by the CRM`,
  );
  await db.destroy();
  await crm.close();
  await server.close();
});
