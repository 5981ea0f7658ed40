/**
 * `npm run privacy` as an operator runs it: a separate process against a throwaway PostgreSQL 15,
 * connected as the tenant's own role (row security on), over a database holding one shopper (Jane)
 * at two dealers and another shopper (John) at the same dealer. Her rows at westside-auto are
 * exported and erased; John's, and hers at bayside-nissan, are left as they were.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFBOARD_ORDER, unplacedTables } from "~/features/privacy/offboard.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { TENANT_TABLES } from "~/lib/db/migrations";
import { provisionTenantRole, tenantDatabaseUrl } from "~/lib/db/tenant-roles.server";
import { type Postgres, startPostgres } from "./leads-helpers";

const PASSWORD = "p".repeat(24);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const JANE_LEAD = id(1);
const JANE_SPIN_LEAD = id(2);
const JANE_UNSUBSCRIBE_LEAD = id(3);
const JOHN_LEAD = id(4);
const JANE_AT_BAYSIDE_LEAD = id(9);
const JANE_USER = id(11);
const JOHN_USER = id(12);
const JANE_AT_BAYSIDE_USER = id(19);
const JANE_PAYMENT = id(21);
const JANE_RESERVATION = id(31);
const JANE_GARAGE = id(41);

const SEED = `
insert into leads (id, tenant, kind, fields, created_at) values
  ('${JANE_LEAD}', 'westside-auto', 'enquiry', '{"name":"Jane","email":"Jane@Example.com.au","phone":"+61412345678"}', '2026-11-01T01:00:00Z'),
  ('${JANE_SPIN_LEAD}', 'westside-auto', 'spin_to_win', '{"name":"Jane","phone":"+61412345678"}', '2026-11-01T02:00:00Z'),
  ('${JANE_UNSUBSCRIBE_LEAD}', 'westside-auto', 'unsubscribe', '{"email":"jane@example.com.au"}', '2026-11-01T03:00:00Z'),
  ('${JOHN_LEAD}', 'westside-auto', 'contact', '{"name":"John","email":"john@example.com","phone":"+61498765432"}', '2026-11-01T04:00:00Z'),
  ('${JANE_AT_BAYSIDE_LEAD}', 'bayside-nissan', 'enquiry', '{"name":"Jane","email":"jane@example.com.au","phone":"+61412345678"}', '2026-11-01T05:00:00Z');
insert into lead_outbox (lead_id, tenant, channel) values
  ('${JANE_LEAD}', 'westside-auto', 'webhook'), ('${JOHN_LEAD}', 'westside-auto', 'webhook'),
  ('${JANE_AT_BAYSIDE_LEAD}', 'bayside-nissan', 'webhook');
insert into unsubscribes (tenant, email, lead_id) values ('westside-auto', 'jane@example.com.au', '${JANE_UNSUBSCRIBE_LEAD}');
insert into spins (tenant, campaign, phone, prize, lead_id) values
  ('westside-auto', 'summer', '+61412345678', 'Free tint', '${JANE_SPIN_LEAD}'),
  ('bayside-nissan', 'summer', '+61412345678', 'Free tint', '${JANE_AT_BAYSIDE_LEAD}');
insert into users (id, tenant, phone, created_at) values
  ('${JANE_USER}', 'westside-auto', '+61412345678', '2026-11-01T01:00:00Z'),
  ('${JOHN_USER}', 'westside-auto', '+61498765432', '2026-11-01T01:00:00Z'),
  ('${JANE_AT_BAYSIDE_USER}', 'bayside-nissan', '+61412345678', '2026-11-01T01:00:00Z');
insert into sessions (token_hash, user_id, tenant, expires_at) values
  ('hash-jane', '${JANE_USER}', 'westside-auto', '2026-12-01T00:00:00Z'),
  ('hash-john', '${JOHN_USER}', 'westside-auto', '2026-12-01T00:00:00Z'),
  ('hash-jane-bayside', '${JANE_AT_BAYSIDE_USER}', 'bayside-nissan', '2026-12-01T00:00:00Z');
insert into watchlist (user_id, tenant, car_id) values ('${JANE_USER}', 'westside-auto', 101), ('${JOHN_USER}', 'westside-auto', 102);
insert into garage_vehicles (id, user_id, tenant, rego, rego_state, make, model, year) values
  ('${JANE_GARAGE}', '${JANE_USER}', 'westside-auto', 'ABC123', 'QLD', 'Mazda', 'CX-5', 2019);
insert into sign_in_codes (tenant, phone, code_hash, expires_at) values
  ('westside-auto', '+61412345678', 'code-hash', '2026-11-01T00:05:00Z'),
  ('westside-auto', '+61498765432', 'code-hash', '2026-11-01T00:05:00Z');
insert into payments (id, tenant, user_id, phone, purpose, reference, amount_cents, name, last_name, email, status,
    provider, return_url, lead_id) values
  ('${JANE_PAYMENT}', 'westside-auto', '${JANE_USER}', '+61412345678', 'reserve', 'RES-1', 20000, 'Jane', 'Citizen',
    'jane@example.com.au', 'paid', 'stripe', '/cars/x', '${JANE_LEAD}');
insert into reservations (id, tenant, car_id, payment_id, user_id, amount_cents, state, paid_at, reserved_until) values
  ('${JANE_RESERVATION}', 'westside-auto', 101, '${JANE_PAYMENT}', '${JANE_USER}', 20000, 'held',
    '2026-11-01T00:00:00Z', '2026-11-03T00:00:00Z');
insert into rate_limits (bucket, window_start, hits) values
  ('sign-in-code:westside-auto:+61412345678', '2026-11-01T00:00:00Z', 1),
  ('sign-in-code:westside-auto:+61498765432', '2026-11-01T00:00:00Z', 1),
  ('sign-in-code:bayside-nissan:+61412345678', '2026-11-01T00:00:00Z', 1);
`;

let pg: Postgres;
let owner: Db;
let folder: string;

beforeAll(async () => {
  pg = await startPostgres();
  owner = await openDb({ kind: "postgres", url: pg.url, poolSize: 1 }, { migrate: true });
  await provisionTenantRole(owner, "westside-auto", PASSWORD);
  await sql.raw(SEED).execute(owner);
  folder = mkdtempSync(path.join(os.tmpdir(), "privacy-command-"));
}, 60_000);
afterAll(async () => {
  await owner?.destroy();
  pg?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** `npm run privacy -- …args` as westside-auto's own role, or as the owner. */
function privacy(...args: string[]) {
  return privacyAs(tenantDatabaseUrl(pg.url, "westside-auto", PASSWORD), args);
}
function privacyAs(databaseUrl: string, args: string[]) {
  const result = spawnSync(
    process.execPath,
    [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/privacy.ts", ...args],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PRIVACY_OPERATOR: "ops-anna",
        NETLIFY: "",
      },
      encoding: "utf8",
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const column = async (query: string) =>
  (await sql.raw<Record<string, unknown>>(query).execute(owner)).rows.map((row) =>
    Object.values(row).join("|"),
  );

const JANE = ["--tenant", "westside-auto", "--email", "JANE@example.com.au", "--phone", "0412 345 678"];

/** Every row of both dealers, as the owner sees them, to compare before and after. */
const everything = async () => ({
  leads: await column("select id, tenant from leads order by id"),
  lead_outbox: await column("select lead_id from lead_outbox order by lead_id"),
  unsubscribes: await column("select tenant, email, lead_id from unsubscribes"),
  spins: await column("select tenant, phone from spins order by tenant"),
  users: await column("select id, phone from users order by id"),
  sessions: await column("select token_hash from sessions order by token_hash"),
  watchlist: await column("select user_id, car_id from watchlist order by car_id"),
  garage_vehicles: await column("select id from garage_vehicles"),
  sign_in_codes: await column("select tenant, phone from sign_in_codes order by phone"),
  payments: await column("select id, name, last_name, email, phone, amount_cents, lead_id from payments"),
  reservations: await column("select id, state from reservations"),
  rate_limits: await column("select bucket from rate_limits order by bucket"),
});

describe("npm run privacy, under the tenant's role", () => {
  it("export: every row of hers at this dealer as JSON, matched by email and phone however typed", () => {
    const out = path.join(folder, "jane.json");
    const run = privacy("export", ...JANE, "--out", out, "--ref", "APP12-7");
    expect(run.status, run.stderr).toBe(0);
    const data = JSON.parse(readFileSync(out, "utf8"));
    expect(data.tenant).toBe("westside-auto");
    expect(data.person).toEqual({ email: "jane@example.com.au", phone: "+61412345678" });
    const idsOf = (table: string, key = "id") =>
      data.tables[table].map((row: Record<string, string>) => row[key]);
    expect(idsOf("leads")).toEqual([JANE_LEAD, JANE_SPIN_LEAD, JANE_UNSUBSCRIBE_LEAD]);
    expect(idsOf("lead_outbox", "lead_id")).toEqual([JANE_LEAD]);
    expect(idsOf("unsubscribes", "email")).toEqual(["jane@example.com.au"]);
    expect(idsOf("spins", "lead_id")).toEqual([JANE_SPIN_LEAD]);
    expect(idsOf("users")).toEqual([JANE_USER]);
    expect(idsOf("sessions", "token_hash")).toEqual(["hash-jane"]);
    expect(idsOf("watchlist", "car_id")).toEqual([101]);
    expect(idsOf("garage_vehicles")).toEqual([JANE_GARAGE]);
    expect(idsOf("sign_in_codes", "phone")).toEqual(["+61412345678"]);
    expect(idsOf("payments")).toEqual([JANE_PAYMENT]);
    expect(idsOf("reservations")).toEqual([JANE_RESERVATION]);
    expect(idsOf("rate_limits", "bucket")).toEqual(["sign-in-code:westside-auto:+61412345678"]);
    expect(data.tables.leads[0].fields).toEqual({
      name: "Jane",
      email: "Jane@Example.com.au",
      phone: "+61412345678",
    });
    expect(run.stderr).toContain("[privacy]   leads: 3 rows");
  });

  it("delete without --apply changes nothing and says what it would do", async () => {
    const before = await everything();
    const run = privacy("delete", ...JANE);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain("leads: 3 found, 2 deleted, 0 anonymised, 1 kept");
    expect(run.stderr).toContain("payments: 1 found, 0 deleted, 1 anonymised, 0 kept");
    expect(run.stderr).toContain("dry run: nothing changed");
    expect(await everything()).toEqual(before);
  });

  it("delete --apply erases her rows here, keeps the unsubscribe and the payment record, touches nobody else", async () => {
    const run = privacy("delete", ...JANE, "--apply", "--ref", "APP13-8");
    expect(run.status, run.stderr).toBe(0);
    expect(await everything()).toEqual({
      leads: [
        `${JANE_UNSUBSCRIBE_LEAD}|westside-auto`,
        `${JOHN_LEAD}|westside-auto`,
        `${JANE_AT_BAYSIDE_LEAD}|bayside-nissan`,
      ],
      lead_outbox: [JOHN_LEAD, JANE_AT_BAYSIDE_LEAD],
      unsubscribes: [`westside-auto|jane@example.com.au|${JANE_UNSUBSCRIBE_LEAD}`],
      spins: ["bayside-nissan|+61412345678"],
      users: [
        `${JANE_USER}|erased:${JANE_USER}`,
        `${JOHN_USER}|+61498765432`,
        `${JANE_AT_BAYSIDE_USER}|+61412345678`,
      ],
      sessions: ["hash-jane-bayside", "hash-john"],
      watchlist: [`${JOHN_USER}|102`],
      garage_vehicles: [],
      sign_in_codes: ["westside-auto|+61498765432"],
      payments: [`${JANE_PAYMENT}|erased||erased|erased|20000|`],
      reservations: [`${JANE_RESERVATION}|held`],
      rate_limits: ["sign-in-code:bayside-nissan:+61412345678", "sign-in-code:westside-auto:+61498765432"],
    });
    // The log says what was done, by whom, for which request, and never whom it was about.
    const log = await column(
      "select tenant, action, applied, operator, reference, counts::text from privacy_requests order by created_at, action desc",
    );
    expect(log.map((row) => row.split("|").slice(0, 5).join("|"))).toEqual([
      "westside-auto|export|true|ops-anna|APP12-7",
      "westside-auto|delete|true|ops-anna|APP13-8",
    ]);
    expect(log.join("\n")).not.toMatch(/jane|61412345678/i);
  });

  it("a tenant's role is refused another tenant's person before anything runs", async () => {
    const before = await everything();
    const run = privacy("delete", "--tenant", "bayside-nissan", "--email", "jane@example.com.au", "--apply");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("tenant_westside_auto can reach only westside-auto's rows");
    expect(await everything()).toEqual(before);
  });

  it("asks for a person and exits 2 with the usage", () => {
    const run = privacy("delete", "--tenant", "westside-auto");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("Name the person: --email <address> and/or --phone <number>.");
    expect(run.stderr).toContain("npm run privacy -- delete");
  });
});

/** Rows per tenant of every table that has some, as the owner sees them. */
async function rowsPerTenant(): Promise<Record<string, string[]>> {
  const tables = [...OFFBOARD_ORDER, "privacy_requests"];
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const tenant = table === "rate_limits" ? "split_part(bucket, ':', 2)" : "tenant";
    const counts = await column(`select ${tenant} as t, count(*) from ${table} group by 1 order by 1`);
    if (counts.length) result[table] = counts;
  }
  return result;
}

describe("npm run privacy -- offboard: a dealer leaving", () => {
  it("places every tenant table: a table added later stops offboarding until it is placed", () => {
    expect(unplacedTables()).toEqual([]);
    expect(unplacedTables([...TENANT_TABLES, "trade_in_photos"])).toEqual(["trade_in_photos"]);
  });

  it("exports every table of the tenant, deletes only with --apply, leaves the other dealer whole", async () => {
    const out = path.join(folder, "westside-auto");
    const dry = privacy("offboard", "--tenant", "westside-auto", "--out", out);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stderr).toContain("dry run: nothing deleted");
    const before = await rowsPerTenant();
    expect(before).toEqual({
      reservations: ["westside-auto|1"],
      payments: ["westside-auto|1"],
      spins: ["bayside-nissan|1"],
      unsubscribes: ["westside-auto|1"],
      lead_outbox: ["bayside-nissan|1", "westside-auto|1"],
      leads: ["bayside-nissan|1", "westside-auto|2"],
      sessions: ["bayside-nissan|1", "westside-auto|1"],
      watchlist: ["westside-auto|1"],
      users: ["bayside-nissan|1", "westside-auto|2"],
      sign_in_codes: ["westside-auto|1"],
      rate_limits: ["bayside-nissan|1", "westside-auto|1"],
      privacy_requests: ["westside-auto|2"],
    });
    const exported = JSON.parse(readFileSync(path.join(out, "leads.json"), "utf8"));
    expect(exported.map((row: { id: string }) => row.id).sort()).toEqual([JANE_UNSUBSCRIBE_LEAD, JOHN_LEAD]);
    expect(JSON.parse(readFileSync(path.join(out, "counts.json"), "utf8")).counts.users).toBe(2);

    const run = privacy("offboard", "--tenant", "westside-auto", "--out", out, "--apply", "--ref", "OFF-1");
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain("leads: 2 rows before, 0 after");
    expect(run.stderr).toContain("users: 2 rows before, 0 after");
    expect(await rowsPerTenant()).toEqual({
      spins: ["bayside-nissan|1"],
      lead_outbox: ["bayside-nissan|1"],
      leads: ["bayside-nissan|1"],
      sessions: ["bayside-nissan|1"],
      users: ["bayside-nissan|1"],
      rate_limits: ["bayside-nissan|1"],
      // The record that the data was handed over and destroyed stays.
      privacy_requests: ["westside-auto|3"],
    });
  });

  it("run by the owner, deletes the named tenant's rows only", async () => {
    await sql`insert into leads (id, tenant, kind, fields) values (${id(50)}, 'harbourside-toyota', 'contact', '{}')`.execute(
      owner,
    );
    const run = privacyAs(pg.url, [
      "offboard",
      "--tenant",
      "bayside-nissan",
      "--out",
      path.join(folder, "bayside"),
      "--apply",
    ]);
    expect(run.status, run.stderr).toBe(0);
    expect(await rowsPerTenant()).toEqual({
      leads: ["harbourside-toyota|1"],
      privacy_requests: ["bayside-nissan|1", "westside-auto|3"],
    });
  });
});
