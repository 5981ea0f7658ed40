/**
 * The storage and isolation suites' key tests again, through PgBouncer in transaction mode, as the
 * README's deployment steps put it between the sites' functions and PostgreSQL: a server connection
 * belongs to a client for one transaction only, so anything a client leaves on it outside a
 * transaction (a `set`, a named prepared statement, an advisory lock, `listen`) reaches whichever
 * client gets it next. The tenant's role is the role a site logs in with (never a `set role`), and
 * PgBouncer keeps one pool per role, so row security holds through it.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeLead } from "~/features/leads/leads.server";
import { sendDueLeads } from "~/features/leads/outbox/outbox.server";
import { startOutboxWorker } from "~/features/leads/outbox/worker.server";
import { type Lead, parseLead } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { acceptStockEvent } from "~/features/rebuilds/builds.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { MIGRATION_NAMES, migrateToLatest } from "~/lib/db/migrations";
import { provisionTenantRole } from "~/lib/db/tenant-roles.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import {
  type Crm,
  crmAt,
  type Pooler,
  type Postgres,
  startCrm,
  startPgBouncer,
  startPostgres,
  validBody,
  waitFor,
} from "./leads-helpers";

/** PgBouncer's server connections per role and database: few, so clients surely share them. */
const SERVER_POOL = 2;
const PASSWORDS = { "westside-auto": "w".repeat(24), "bayside-nissan": "b".repeat(24) };

let postgres: Postgres;
let pooler: Pooler;
let owner: Db;
let crm: Crm;
beforeAll(async () => {
  // The cluster itself, even when TEST_POOLER puts every other PostgreSQL test behind a pooler.
  postgres = await startPostgres({ ...process.env, TEST_POOLER: "" });
  pooler = await startPgBouncer(postgres, { poolSize: SERVER_POOL });
  // Ten clients of the app's own pool over the pooler's two server connections.
  owner = await openDb({ kind: "postgres", url: pooler.url, poolSize: 10 }, { migrate: true });
  for (const [slug, password] of Object.entries(PASSWORDS)) await provisionTenantRole(owner, slug, password);
  crm = await startCrm();
}, 60_000);
afterAll(async () => {
  await owner?.destroy();
  await crm?.close();
  pooler?.stop();
  postgres?.stop();
});

const asTenant = (slug: keyof typeof PASSWORDS, poolSize = 5) =>
  openDb({
    kind: "postgres",
    url: pooler.urlFor(`tenant_${slug.replace("-", "_")}`, PASSWORDS[slug]),
    poolSize,
  });

function lead(name = "Jane"): Lead {
  const parsed = parseLead(validBody("enquiry", { name }));
  if (!parsed.success) throw new Error("fixture lead is invalid");
  return parsed.lead;
}

const store = (db: Db, tenant: string, key: string | null = null) =>
  storeLead(db, {
    tenant,
    lead: lead(),
    idempotencyKey: key,
    spam: false,
    clientIp: "203.0.113.9",
    userAgent: "t",
  });

interface SessionState {
  pid: number;
  settings: string[];
  prepared: string[];
  channels: string[];
  advisory_locks: number;
  temp_tables: number;
}

/**
 * What every server connection of a pool holds beyond a fresh login: a transaction is held open on
 * each at once (`connections` of them), so each reports its own backend.
 */
async function sessionState(db: Db, connections = SERVER_POOL): Promise<SessionState[]> {
  let arrived = 0;
  let release = () => {};
  const together = new Promise<void>((resolve) => {
    release = resolve;
  });
  const states = await Promise.all(
    Array.from({ length: connections }, () =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<SessionState>`select pg_backend_pid() as pid,
          array(select name || '=' || setting from pg_settings where source = 'session' order by name) as settings,
          array(select name from pg_prepared_statements order by name) as prepared,
          array(select pg_listening_channels()) as channels,
          (select count(*)::int from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()) as advisory_locks,
          (select count(*)::int from pg_class where relnamespace = pg_my_temp_schema()) as temp_tables`.execute(
          trx,
        );
        arrived += 1;
        if (arrived === connections) release();
        await together;
        return rows[0] as SessionState;
      }),
    ),
  );
  expect(new Set(states.map((s) => s.pid)).size).toBe(connections);
  return states.map((s) => ({ ...s, pid: 0 }));
}

const CLEAN: SessionState = {
  pid: 0,
  settings: [],
  prepared: [],
  channels: [],
  advisory_locks: 0,
  temp_tables: 0,
};

describe("the pooler as deployed", () => {
  it("pools by transaction: a `set` one client makes outside a transaction reaches the next client", async () => {
    // A database of its own, so its pool is not the app's.
    await sql`create database canary`.execute(owner);
    const url = new URL(pooler.url);
    url.pathname = "/canary";
    const first = new pg.Client({ connectionString: url.toString() });
    await first.connect();
    await first.query("set statement_timeout = '5s'");
    await first.end();
    const next = new pg.Client({ connectionString: url.toString() });
    await next.connect();
    try {
      expect((await next.query("show statement_timeout")).rows).toEqual([{ statement_timeout: "5s" }]);
    } finally {
      await next.end();
    }
    // And the check below sees such leftovers.
    const canary = await openDb({ kind: "postgres", url: url.toString(), poolSize: 2 }, { migrate: false });
    try {
      const states = await sessionState(canary);
      expect(states.flatMap((s) => s.settings)).toEqual(["statement_timeout=5000"]);
    } finally {
      await canary.destroy();
    }
  });

  it("refuses a wrong password, and takes a tenant's new password at once (looked up in the cluster)", async () => {
    const url = (password: string) => pooler.urlFor("tenant_harbourside_toyota", password);
    const login = async (password: string) => {
      const client = new pg.Client({ connectionString: url(password) });
      try {
        await client.connect();
        return (await client.query("select current_user::text as role")).rows[0].role as string;
      } catch (error) {
        return (error as Error).message;
      } finally {
        await client.end().catch(() => {});
      }
    };
    await provisionTenantRole(owner, "harbourside-toyota", "h".repeat(24));
    expect(await login("h".repeat(24))).toBe("tenant_harbourside_toyota");
    expect(await login("x".repeat(24))).toBe("SASL authentication failed");
    await provisionTenantRole(owner, "harbourside-toyota", "n".repeat(24));
    expect(await login("h".repeat(24))).toBe("SASL authentication failed");
    expect(await login("n".repeat(24))).toBe("tenant_harbourside_toyota");
  });
});

describe("storage through the pooler", () => {
  it("has applied every migration once; a second run has nothing to do", async () => {
    const applied = await owner
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    expect(applied.map((row) => (row as { name: string }).name)).toEqual(MIGRATION_NAMES);
    expect(await migrateToLatest(owner as never)).toEqual([]);
  });

  it("stores 25 concurrent submissions with one key once", async () => {
    const tenant = `t-${randomUUID().slice(0, 8)}`;
    const results = await Promise.all(Array.from({ length: 25 }, () => store(owner, tenant, "same-key")));
    expect(new Set(results.map((r) => r.leadId)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await leadsDb(owner)
      .selectFrom("lead_outbox")
      .select("lead_id")
      .where("tenant", "=", tenant)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("counts concurrent rate-limit hits exactly", async () => {
    const now = new Date("2026-06-15T02:00:45Z");
    const limit = { hits: 5, windowMs: 60_000 };
    const bucket = `leads:t-${randomUUID().slice(0, 8)}:x`;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => hitRateLimit(owner, bucket, limit, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.find((r) => !r.allowed)).toEqual({ allowed: false, retryAfterSeconds: 15 });
  });

  it("a burst of stock events from many instances starts one build", async () => {
    const tenant = `t-${randomUUID().slice(0, 8)}`;
    const now = new Date();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        acceptStockEvent(owner, tenant, { id: `evt-${i}`, type: "stock.updated" }, now),
      ),
    );
    expect(outcomes.filter((o) => "start" in o && o.start)).toHaveLength(1);
    expect(outcomes.filter((o) => o.build === "coalesced")).toHaveLength(11);
  });

  it("never lets three workers send the same lead at the same time", async () => {
    const tenant = `t-${randomUUID().slice(0, 8)}`;
    const slow = await startCrm({ delayMs: 15 });
    const ids = await Promise.all(
      Array.from({ length: 30 }, () => store(owner, tenant).then((r) => r.leadId)),
    );
    const options = {
      db: owner,
      tenant,
      receiversFor: () => crmAt(slow.url),
      intervalMs: 10,
      batchSize: 5,
      concurrency: 3,
    };
    const workers = [startOutboxWorker(options), startOutboxWorker(options), startOutboxWorker(options)];
    try {
      await waitFor(async () => {
        const done = await leadsDb(owner)
          .selectFrom("lead_outbox")
          .select("lead_id")
          .where("tenant", "=", tenant)
          .where("delivered_at", "is not", null)
          .execute();
        return done.length === ids.length;
      }, "every lead marked delivered");
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await slow.close();
    }
    expect(slow.maxConcurrentPerLead).toBe(1);
    expect(ids.map((id) => slow.received.get(id)?.count)).toEqual(ids.map(() => 1));
  });
});

describe("tenant isolation through the pooler", () => {
  it("each tenant's role sees and writes only its own rows, with both tenants' clients interleaved", async () => {
    const ours = await store(owner, "westside-auto");
    const theirs = await store(owner, "bayside-nissan");
    const westside = await asTenant("westside-auto");
    const bayside = await asTenant("bayside-nissan");
    try {
      const seen = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          leadsDb(i % 2 ? bayside : westside)
            .selectFrom("leads")
            .select("tenant")
            .distinct()
            .execute(),
        ),
      );
      expect(seen.map((rows, i) => [i % 2, rows.map((r) => r.tenant)])).toEqual(
        seen.map((_, i) => [i % 2, [i % 2 ? "bayside-nissan" : "westside-auto"]]),
      );
      const touched = await leadsDb(westside)
        .updateTable("lead_outbox")
        .set({ delivered_at: new Date() })
        .where("lead_id", "=", theirs.leadId)
        .executeTakeFirst();
      expect(Number(touched.numUpdatedRows)).toBe(0);
      await expect(store(westside, "bayside-nissan")).rejects.toThrow("row-level security");
      // Its own writes go through, rate limit included.
      const hit = {
        bucket: "leads:westside-auto:203.0.113.9",
        limit: { hits: 10, windowMs: 60_000 },
        now: new Date(),
      };
      const stored = await storeLead(
        westside,
        {
          tenant: "westside-auto",
          lead: lead(),
          idempotencyKey: null,
          spam: false,
          clientIp: null,
          userAgent: null,
        },
        hit,
      );
      expect(stored).toMatchObject({ created: true });
      expect(
        (
          await leadsDb(owner)
            .selectFrom("leads")
            .select("tenant")
            .where("id", "=", ours.leadId)
            .executeTakeFirst()
        )?.tenant,
      ).toBe("westside-auto");
    } finally {
      await westside.destroy();
      await bayside.destroy();
    }
  });

  it("a worker under a tenant's role delivers only that tenant's leads, whatever tenant it is told", async () => {
    const west = await store(owner, "westside-auto");
    const bay = await store(owner, "bayside-nissan");
    const westside = await asTenant("westside-auto");
    try {
      // Told the wrong tenant, the role's row security still hides bayside's rows.
      expect(
        (await sendDueLeads({ db: westside, tenant: "bayside-nissan", receiversFor: () => crmAt(crm.url) }))
          .claimed,
      ).toBe(0);
      await sendDueLeads({ db: westside, tenant: "westside-auto", receiversFor: () => crmAt(crm.url) });
      expect(crm.received.get(west.leadId)).toMatchObject({ tenant: "westside-auto", count: 1 });
      expect(crm.received.has(bay.leadId)).toBe(false);
    } finally {
      await westside.destroy();
    }
  });

  it("npm run db:tenant-role with POOLER_URL prints a site URL that logs in through the pooler as the tenant", async () => {
    // The owner migrates and provisions straight on the cluster; the site gets the pooler's address.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/tenant-role.ts", "coastal-kia"],
      { env: { ...process.env, DATABASE_URL: postgres.url, POOLER_URL: pooler.urlFor("postgres", "") } },
    );
    const printed = stdout.trim().split("\n").at(-1) ?? "";
    expect(new URL(printed).port).toBe(new URL(pooler.url).port);
    expect(new URL(printed).username).toBe("tenant_coastal_kia");
    const site = await openDb({ kind: "postgres", url: printed, poolSize: 1 });
    try {
      const { rows } = await sql<{ role: string }>`select current_user::text as role`.execute(site);
      expect(rows).toEqual([{ role: "tenant_coastal_kia" }]);
    } finally {
      await site.destroy();
    }
  });

  it("the app leaves no session state on any pooled server connection, owner's or tenant's", async () => {
    // Runs after the flows above, on the same server connections they used.
    expect(await sessionState(owner)).toEqual([CLEAN, CLEAN]);
    const westside = await asTenant("westside-auto", SERVER_POOL);
    try {
      expect(await sessionState(westside)).toEqual([CLEAN, CLEAN]);
    } finally {
      await westside.destroy();
    }
  });
});
