/**
 * Per-site write quotas (src/server/quota.server.ts): one site flooded past its ceiling is answered
 * 429 with Retry-After and writes nothing more, while another site's writes in the same minute
 * all go through; the next minute opens a new window. Through the real leads function, on PGlite
 * and on a PostgreSQL server where each site connects as its own role (as deployed). Speed under a
 * flood is measured by `BENCH_ONLY=quota npm run bench`, not here.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLeadsHandler } from "~/features/leads/submit.server";
import { leadsDb } from "~/features/leads/tables";
import { type Db, openDb } from "~/lib/db/db.server";
import { provisionTenantRole, tenantDatabaseUrl } from "~/lib/db/tenant-roles.server";
import { type CallSpec, handleCall } from "~/server/context";
import { json } from "~/server/http";
import { type Site, siteSchema } from "~/tenant/schema";
import { makeSite, makeSnapshot } from "./helpers";
import { leadRequest, type Postgres, startPostgres, validBody } from "./leads-helpers";

const FLOODED = "flood-motors";
const CALM = "calm-motors";
/** 10 s into a minute: a site over its ceiling waits the 50 s left of it. */
const AT = new Date("2026-12-15T23:30:10Z");

const sites: Record<string, Site> = {
  [FLOODED]: makeSite({ slug: FLOODED, name: "Flood Motors", write_quotas: { leads: 5 } }),
  [CALM]: makeSite({ slug: CALM, name: "Calm Motors", write_quotas: { leads: 5 } }),
};

interface Storage {
  /** Each site's own database handle (its own role on PostgreSQL). */
  dbFor: (slug: string) => Db;
  /** The owner's handle, to read every site's rows. */
  owner: Db;
  close: () => Promise<void>;
}

async function pglite(): Promise<Storage> {
  const db = await openDb({ kind: "pglite", dataDir: null });
  return { dbFor: () => db, owner: db, close: () => db.destroy() };
}

let postgres: Postgres | undefined;
async function postgresAsTenantRoles(): Promise<Storage> {
  postgres = await startPostgres();
  const owner = await openDb({ kind: "postgres", url: postgres.url, poolSize: 2 }, { migrate: true });
  const dbs = new Map<string, Db>();
  for (const slug of [FLOODED, CALM]) {
    const password = `${slug.replace(/-/g, "")}quotatestpassword0123456789`;
    await provisionTenantRole(owner, slug, password);
    dbs.set(slug, await openDb({ kind: "postgres", url: tenantDatabaseUrl(postgres.url, slug, password) }));
  }
  return {
    dbFor: (slug) => dbs.get(slug) as Db,
    owner,
    close: async () => {
      for (const db of dbs.values()) await db.destroy();
      await owner.destroy();
    },
  };
}

describe.each([
  ["PGlite", pglite],
  ["PostgreSQL, each site as its own role", postgresAsTenantRoles],
])("write quotas on %s", (_name, open) => {
  let storage: Storage;
  let now = AT;
  const handlers = new Map<string, (req: Request) => Promise<Response>>();

  beforeAll(async () => {
    storage = await open();
    // Each site its own function, as each is its own Netlify site.
    for (const slug of [FLOODED, CALM])
      handlers.set(
        slug,
        createLeadsHandler({
          db: async () => storage.dbFor(slug),
          tenantFor: () => slug,
          snapshot: () => makeSnapshot(sites[slug] as Site),
          now: () => now,
        }),
      );
  }, 60_000);
  afterAll(async () => {
    await storage?.close();
    postgres?.stop();
    postgres = undefined;
  });

  /** A lead from a client no other request used, so only the site's quota can refuse it. */
  const send = async (slug: string) => {
    const response = await (handlers.get(slug) as (req: Request) => Promise<Response>)(
      leadRequest(validBody("enquiry"), { host: `${slug}.localhost:4321` }),
    );
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const leadsOf = async (slug: string) =>
    Number(
      (
        await leadsDb(storage.owner)
          .selectFrom("leads")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("tenant", "=", slug)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const buckets = async (pattern: string) =>
    (
      await sql<{ bucket: string; hits: number }>`
        select bucket, hits from rate_limits where bucket like ${pattern} order by bucket`.execute(
        storage.owner,
      )
    ).rows;

  it("answers a flooded site 429 past its ceiling while the other site's writes all succeed", async () => {
    now = AT;
    const first = [];
    for (let i = 0; i < 5; i++) first.push((await send(FLOODED)).status);
    expect(first).toEqual([201, 201, 201, 201, 201]);
    const over = await send(FLOODED);
    expect(over.status).toBe(429);
    expect(over.retryAfter).toBe("50");
    expect(over.body).toEqual({
      error:
        "This site is receiving more requests than usual, so this was not sent. Please try again in 50 seconds.",
    });

    // The flood goes on while the calm site takes its five leads in the same minute.
    const [flood, calm] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => send(FLOODED))),
      Promise.all(Array.from({ length: 5 }, () => send(CALM))),
    ]);
    expect(flood.map((answer) => [answer.status, answer.retryAfter])).toEqual(
      Array.from({ length: 20 }, () => [429, "50"]),
    );
    expect(calm.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);

    expect(await leadsOf(FLOODED)).toBe(5);
    expect(await leadsOf(CALM)).toBe(5);
    // Past the ceiling nothing was written: no client rate-limit row for the refused 21, and the
    // site's counter stopped at the hit that found it over (the rest were answered from memory).
    expect((await buckets(`leads:${FLOODED}:%`)).length).toBe(5);
    expect(await buckets(`quota:${FLOODED}:%`)).toEqual([{ bucket: `quota:${FLOODED}:leads`, hits: 6 }]);
    expect(await buckets(`quota:${CALM}:%`)).toEqual([{ bucket: `quota:${CALM}:leads`, hits: 5 }]);
  });

  it("opens a new window in the next minute", async () => {
    now = new Date(AT.getTime() + 50_000);
    expect((await send(FLOODED)).status).toBe(201);
    expect((await send(CALM)).status).toBe(201);
    expect(await leadsOf(FLOODED)).toBe(6);
  });
});

describe("site.json write_quotas", () => {
  const minimal = {
    name: "Quota Motors",
    slug: "quota-motors",
    template: "independent",
    url: "https://www.quota-motors.example.com.au",
    feed: "stock.json",
    tagline: "Cars",
    dealerships: [{ id: 1, slug: "quota-motors", name: "Quota Motors" }],
    logo: { url: "/logo.svg", alt: "Quota Motors", width: 160, height: 40 },
  };

  it("defaults each kind's ceiling per minute and lets a site raise one to ten times that", () => {
    expect(siteSchema.parse(minimal).write_quotas).toEqual({ leads: 120, views: 1200, accounts: 600 });
    expect(siteSchema.parse({ ...minimal, write_quotas: { leads: 1200 } }).write_quotas).toEqual({
      leads: 1200,
      views: 1200,
      accounts: 600,
    });
    expect(siteSchema.safeParse({ ...minimal, write_quotas: { leads: 1201 } }).success).toBe(false);
    expect(siteSchema.safeParse({ ...minimal, write_quotas: { views: 0 } }).success).toBe(false);
    expect(siteSchema.safeParse({ ...minimal, write_quotas: { pages: 10 } }).success).toBe(false);
  });
});

describe("the kit counts what a spec says it writes", () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ kind: "pglite", dataDir: null });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const site = makeSite({ slug: "kit-motors", write_quotas: { leads: 2, views: 3 } });
  const call = (spec: CallSpec, withDb = true) =>
    handleCall(
      spec,
      {
        tenantFor: () => "kit-motors",
        snapshot: () => makeSnapshot(site),
        now: () => AT,
        ...(withDb ? { db: async () => db } : {}),
      },
      () => json({ ok: true }),
    );
  const statuses = async (handler: (req: Request) => Promise<Response>, method: string, times: number) => {
    const answers: number[] = [];
    for (let i = 0; i < times; i++)
      answers.push((await handler(new Request("http://kit-motors.localhost/api/x", { method }))).status);
    return answers;
  };

  it("only the methods that write, each kind against its own ceiling", async () => {
    const reserve = call({
      name: "reserve",
      allow: "GET, POST",
      writes: { kind: "leads", methods: ["POST"] },
    });
    expect(await statuses(reserve, "GET", 4)).toEqual([200, 200, 200, 200]);
    expect(await statuses(reserve, "POST", 3)).toEqual([200, 200, 429]);
    // The leads are used up for this minute; the views are another ceiling.
    const view = call({ name: "view", allow: "GET", writes: "views" });
    expect(await statuses(view, "GET", 4)).toEqual([200, 200, 200, 429]);
    // A function that writes nothing is never counted.
    expect(await statuses(call({ name: "read", allow: "GET" }), "GET", 5)).toEqual([200, 200, 200, 200, 200]);
  });

  it("counts nothing without a database (tests of a function's own rules)", async () => {
    const noDb = call({ name: "rules", allow: "POST", writes: "leads" }, false);
    expect(await statuses(noDb, "POST", 4)).toEqual([200, 200, 200, 200]);
  });
});
