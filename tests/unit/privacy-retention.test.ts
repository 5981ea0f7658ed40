/**
 * Retention per kind (APP 11.2) at the browser tests' pinned instant: the cut-off of each kind
 * under the written-down defaults and under a dealer's own policy, site.json's `privacy.retention`,
 * and the scheduled purge of one tenant on real storage (PGlite in memory): rows one second past
 * their kind's retention go, rows at it stay, the other tenant's stay whatever their age.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeTenant } from "~/features/privacy/purge.server";
import { isPastRetention, retentionCutoffs } from "~/features/privacy/retention";
import { closeDb, type Db, getDb } from "~/lib/db/db.server";
import { privacySchema } from "~/tenant/schemas/privacy";
import { writeSnapshot } from "./leads-helpers";

/** E2E_NOW (playwright.config.ts): the instant every test of dated rules runs at. */
const PINNED = new Date("2026-12-15T23:30:00Z");

const iso = (cutoffs: Record<string, Date>) =>
  Object.fromEntries(Object.entries(cutoffs).map(([kind, at]) => [kind, at.toISOString()]));

describe("retention per kind", () => {
  it("the defaults: leads and car views 2 years, reveals and spins 1, payments 7, ended sessions and codes none", () => {
    expect(iso(retentionCutoffs(undefined, PINNED))).toEqual({
      leads: "2024-12-15T23:30:00.000Z",
      car_views: "2024-12-15T23:30:00.000Z",
      phone_reveals: "2025-12-15T23:30:00.000Z",
      spins: "2025-12-15T23:30:00.000Z",
      sessions: "2026-12-15T23:30:00.000Z",
      sign_in_codes: "2026-12-15T23:30:00.000Z",
      payments: "2019-12-15T23:30:00.000Z",
    });
  });

  it("a dealer's policy overrides a kind, the others keep their defaults", () => {
    const policy = privacySchema.parse({ retention: { leads: 90, sessions: 7 } }).retention;
    expect(iso(retentionCutoffs(policy, PINNED))).toMatchObject({
      leads: "2026-09-16T23:30:00.000Z",
      sessions: "2026-12-08T23:30:00.000Z",
      spins: "2025-12-15T23:30:00.000Z",
    });
    expect(isPastRetention("leads", new Date("2026-09-16T23:29:59Z"), policy, PINNED)).toBe(true);
    expect(isPastRetention("leads", new Date("2026-09-16T23:30:00Z"), policy, PINNED)).toBe(false);
  });

  it("site.json: defaults when absent; whole days from 0, known kinds only", () => {
    expect(privacySchema.parse({}).retention).toEqual({
      leads: 730,
      car_views: 730,
      phone_reveals: 365,
      spins: 365,
      sessions: 0,
      sign_in_codes: 0,
      payments: 2557,
    });
    expect(privacySchema.safeParse({ retention: { leads: -1 } }).success).toBe(false);
    expect(privacySchema.safeParse({ retention: { leads: 1.5 } }).success).toBe(false);
    expect(privacySchema.safeParse({ retention: { emails: 30 } }).success).toBe(false);
  });
});

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const OLD_LEAD = id(1);
const LEAD_AT_CUTOFF = id(2);
const UNSUBSCRIBE_LEAD = id(3);
const LIVE_SPIN_LEAD = id(4);
const PAID_LEAD = id(5);
const OLD_SPIN_LEAD = id(6);
const OTHER_TENANT_LEAD = id(9);
const USER = id(11);
const OTHER_USER = id(19);
const OLD_PAYMENT = id(21);
const PAYMENT = id(22);

const SEED = `
insert into leads (id, tenant, kind, fields, created_at) values
  ('${OLD_LEAD}', 'westside-auto', 'contact', '{}', '2026-09-16T23:29:59Z'),
  ('${LEAD_AT_CUTOFF}', 'westside-auto', 'contact', '{}', '2026-09-16T23:30:00Z'),
  ('${UNSUBSCRIBE_LEAD}', 'westside-auto', 'unsubscribe', '{}', '2020-01-01T00:00:00Z'),
  ('${LIVE_SPIN_LEAD}', 'westside-auto', 'spin_to_win', '{}', '2026-01-01T00:00:00Z'),
  ('${PAID_LEAD}', 'westside-auto', 'enquiry', '{}', '2026-01-01T00:00:00Z'),
  ('${OLD_SPIN_LEAD}', 'westside-auto', 'spin_to_win', '{}', '2025-01-01T00:00:00Z'),
  ('${OTHER_TENANT_LEAD}', 'bayside-nissan', 'contact', '{}', '2020-01-01T00:00:00Z');
insert into lead_outbox (lead_id, tenant, channel) values ('${OLD_LEAD}', 'westside-auto', 'webhook');
insert into unsubscribes (tenant, email, lead_id) values ('westside-auto', 'jane@example.com.au', '${UNSUBSCRIBE_LEAD}');
insert into spins (tenant, campaign, phone, prize, lead_id, created_at) values
  ('westside-auto', 'winter', '+61412345678', 'Tint', '${LIVE_SPIN_LEAD}', '2026-06-01T00:00:00Z'),
  ('westside-auto', 'summer', '+61412345678', 'Tint', '${OLD_SPIN_LEAD}', '2025-12-15T23:29:59Z');
insert into phone_reveals (id, tenant, car_id, dealership_id, website_id, created_at) values
  ('${id(31)}', 'westside-auto', 101, 1, 'w', '2025-12-15T23:29:59Z'),
  ('${id(32)}', 'westside-auto', 101, 1, 'w', '2025-12-16T00:00:00Z'),
  ('${id(33)}', 'bayside-nissan', 101, 1, 'w', '2020-01-01T00:00:00Z');
insert into car_views (tenant, car_id, views, updated_at) values
  ('westside-auto', 101, 5, '2024-12-15T23:29:59Z'),
  ('westside-auto', 102, 5, '2024-12-16T00:00:00Z');
insert into users (id, tenant, phone) values
  ('${USER}', 'westside-auto', '+61412345678'), ('${OTHER_USER}', 'bayside-nissan', '+61412345678');
insert into sessions (token_hash, user_id, tenant, expires_at) values
  ('ended', '${USER}', 'westside-auto', '2026-12-15T23:29:59Z'),
  ('live', '${USER}', 'westside-auto', '2026-12-16T00:00:00Z'),
  ('other', '${OTHER_USER}', 'bayside-nissan', '2020-01-01T00:00:00Z');
insert into sign_in_codes (tenant, phone, code_hash, expires_at) values
  ('westside-auto', '+61412345678', 'h', '2026-12-15T23:29:00Z'),
  ('westside-auto', '+61498765432', 'h', '2026-12-15T23:35:00Z');
insert into payments (id, tenant, user_id, phone, purpose, reference, amount_cents, name, email, status, provider,
    return_url, lead_id, created_at) values
  ('${OLD_PAYMENT}', 'westside-auto', '${USER}', '+61412345678', 'reserve', 'R1', 100, 'J', 'j@x.au', 'paid', 'stripe', '/',
    null, '2019-12-15T23:29:59Z'),
  ('${PAYMENT}', 'westside-auto', '${USER}', '+61412345678', 'reserve', 'R2', 100, 'J', 'j@x.au', 'paid', 'stripe', '/',
    '${PAID_LEAD}', '2026-01-01T00:00:00Z');
insert into reservations (id, tenant, car_id, payment_id, user_id, amount_cents, state, paid_at, reserved_until) values
  ('${id(41)}', 'westside-auto', 101, '${OLD_PAYMENT}', '${USER}', 100, 'expired', '2019-12-15T23:29:59Z', '2019-12-17T00:00:00Z');
`;

let db: Db;
let cacheDir: string;
const savedEnv = { ...process.env };
beforeAll(async () => {
  // The process's shared database, so the scheduled function below purges the same rows.
  process.env.DATA_DIR = "memory";
  cacheDir = mkdtempSync(path.join(os.tmpdir(), "privacy-purge-"));
  db = await getDb();
  // One statement at a time: PGlite prepares each query.
  for (const statement of SEED.split(";\n").filter((text) => text.trim()))
    await sql.raw(statement).execute(db);
});
afterAll(async () => {
  await closeDb();
  process.env = savedEnv;
  if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
});

const column = async (query: string) =>
  (await sql.raw<Record<string, unknown>>(query).execute(db)).rows.map((row) => Object.values(row).join("|"));

describe("the scheduled purge of one tenant", () => {
  it("deletes what is past its kind's retention, keeps unsubscribes' and live spins' leads, other tenants untouched", async () => {
    const counts = await purgeTenant(db, "westside-auto", { leads: 90 }, PINNED);
    expect(counts).toEqual({
      leads: 3,
      payments: 1,
      reservations: 1,
      spins: 1,
      phone_reveals: 1,
      car_views: 1,
      sessions: 1,
      sign_in_codes: 1,
    });
    expect(await column("select id, tenant from leads order by id")).toEqual([
      `${LEAD_AT_CUTOFF}|westside-auto`,
      `${UNSUBSCRIBE_LEAD}|westside-auto`,
      `${LIVE_SPIN_LEAD}|westside-auto`,
      `${OTHER_TENANT_LEAD}|bayside-nissan`,
    ]);
    expect(await column("select count(*) from lead_outbox")).toEqual(["0"]);
    expect(await column("select campaign from spins")).toEqual(["winter"]);
    expect(await column("select id, lead_id from payments")).toEqual([`${PAYMENT}|`]);
    expect(await column("select count(*) from reservations")).toEqual(["0"]);
    expect(await column("select id from phone_reveals order by id")).toEqual([id(32), id(33)]);
    expect(await column("select car_id from car_views")).toEqual(["102"]);
    expect(await column("select token_hash from sessions order by token_hash")).toEqual(["live", "other"]);
    expect(await column("select phone from sign_in_codes")).toEqual(["+61498765432"]);
    expect(await column("select tenant, action, operator from privacy_requests")).toEqual([
      "westside-auto|purge|scheduled privacy purge",
    ]);
  });

  it("a second pass finds nothing and logs nothing", async () => {
    const counts = await purgeTenant(db, "westside-auto", { leads: 90 }, PINNED);
    expect(Object.values(counts)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await column("select count(*) from privacy_requests")).toEqual(["1"]);
  });
});

describe("the privacy-purge scheduled function", () => {
  it("runs daily and purges the pinned tenant by its published policy, at the pinned clock", async () => {
    writeSnapshot(cacheDir, "bayside-nissan", { privacy: { retention: { phone_reveals: 30 } } });
    Object.assign(process.env, {
      TENANT: "bayside-nissan",
      TENANT_CACHE_DIR: cacheDir,
      TEST_NOW: PINNED.toISOString(),
    });
    const scheduled = await import("~/functions/privacy-purge");
    expect(scheduled.config).toEqual({ schedule: "30 16 * * *" });
    const run = await scheduled.default(new Request("http://localhost/.netlify/functions/privacy-purge"));
    expect(await run.json()).toEqual({
      "bayside-nissan": {
        leads: 1,
        payments: 0,
        reservations: 0,
        spins: 0,
        phone_reveals: 1,
        car_views: 0,
        sessions: 1,
        sign_in_codes: 0,
      },
    });
    // westside-auto's rows are another site's: untouched.
    expect(await column("select tenant, count(*) from leads group by tenant")).toEqual(["westside-auto|3"]);
  });

  it("refuses to run deployed without TENANT", async () => {
    Object.assign(process.env, { TENANT: "", NETLIFY: "true", TEST_NOW: "" });
    const scheduled = await import("~/functions/privacy-purge");
    const run = await scheduled.default(new Request("http://localhost/.netlify/functions/privacy-purge"));
    expect(run.status).toBe(500);
  });
});
