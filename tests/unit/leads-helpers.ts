/**
 * Shared by the leads and storage tests: valid submissions per kind, a fake-free CRM (a real HTTP
 * server on a random port that dedupes by lead_id), and a throwaway PostgreSQL 15 cluster.
 */
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import pg from "pg";
import type { LeadKind } from "~/features/leads/kinds";
import type { TenantReceivers } from "~/features/leads/outbox/receivers.server";
import type { CrmPayload } from "~/features/leads/outbox/send.server";
import { siteSchema } from "~/tenant/schema";
import type { TenantData } from "~/tenant/tenant.server";
import { freePort, type Postgres, startPostgresCluster } from "../../scripts/lib/postgres-cluster";

/** A tenant whose leads go to one JSON webhook at `url`; null: none configured yet, so they wait. */
export const crmAt = (url: string | null): Partial<TenantReceivers> => ({
  channels: [{ key: "webhook", type: "webhook", url }],
});

/** A submission a real shopper could send, per kind; `overrides` replace or add fields. */
export function validBody(kind: LeadKind, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const contact = {
    kind,
    name: "Jane",
    last_name: "Citizen",
    email: "jane@example.com.au",
    phone: "0412 345 678",
    postcode: "4000",
    message: "Is this car still available?",
    started_at: Date.now() - 30_000,
    fax: "",
  };
  const vehicle = {
    car_id: 101,
    stock_number: "TM1001",
    "Vehicle Make": "Toyota",
    "Vehicle Model": "Corolla",
    car_type: "used",
    vehicle_status: "in_stock",
  };
  const byKind: Record<LeadKind, Record<string, unknown>> = {
    enquiry: vehicle,
    test_drive: { ...vehicle, date_time: "2026-06-20T10:30" },
    request_photos: vehicle,
    finance_enquiry: { vehiclePriceBudget: "30000", car_id: 101, car_type: "used", vin: "JTDBR32E720123456" },
    finance_pre_approval: { vehiclePriceBudget: 45000 },
    finance_apply: { preferredDealership: "test-motors", vin: "JTDBR32E720123456" },
    contact: {},
    service_booking: { Rego: "123ABC", "Vehicle Make": "Mazda", additional_services: ["Wheel alignment"] },
    sell_my_car: { "Vehicle Make": "Mazda", "Vehicle Model": "CX-5", year: 2018, kms: "85000" },
    careers: {},
    find_me_something_similar: { ...vehicle, vehicle_status: "sold" },
    trade_in: { make: "Mazda", model: "CX-5", year: 2021, kms: "45,000", rego: "ABC123", regoState: "QLD" },
    spin_to_win: {},
  };
  return { ...contact, ...byKind[kind], ...overrides };
}

let lastClient = 0;
/** A client address no other request of this test run has used. */
export function freshClientIp(): string {
  lastClient += 1;
  return `10.${(lastClient >> 16) & 255}.${(lastClient >> 8) & 255}.${lastClient & 255}`;
}

/**
 * A POST /api/leads request. Each comes from its own client address unless `ip` names one (or is
 * null: no address, which shares the one bucket of address-less requests), so the rate limit stays
 * out of tests that are not about it.
 */
export function leadRequest(
  body: unknown,
  options: { host?: string; key?: string; ip?: string | null; contentType?: string; raw?: string } = {},
): Request {
  const headers: Record<string, string> = {
    host: options.host ?? "test-motors.localhost:4321",
    "content-type": options.contentType ?? "application/json",
  };
  if (options.key) headers["idempotency-key"] = options.key;
  const ip = options.ip === undefined ? freshClientIp() : options.ip;
  if (ip) headers["x-nf-client-connection-ip"] = ip;
  return new Request("http://test-motors.localhost:4321/api/leads", {
    method: "POST",
    headers,
    body: options.raw ?? JSON.stringify(body),
  });
}

/**
 * Serves a function handler over real HTTP on a random port, so requests arrive from sockets as
 * they do in production (an in-process client would starve timers and the worker's I/O).
 */
export async function serveHandler(handler: (req: Request) => Promise<Response>): Promise<{
  url: string;
  post(body: unknown, options?: Parameters<typeof leadRequest>[1]): Promise<Response>;
  close(): Promise<void>;
}> {
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (resolve) => {
      const server = serve({ fetch: handler, port: 0, hostname: "127.0.0.1" }, (info) =>
        resolve({ server, port: info.port }),
      );
    },
  );
  const url = `http://127.0.0.1:${port}/api/leads`;
  return {
    url,
    post: (body, options = {}) => {
      const request = leadRequest(body, options);
      return fetch(url, {
        method: "POST",
        headers: request.headers,
        body: options.raw ?? JSON.stringify(body),
      });
    },
    close: () =>
      new Promise((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Crm {
  url: string;
  /** Accepted deliveries per lead_id (the receiver's dedupe table). */
  received: Map<string, CrmPayload & { count: number }>;
  /** Requests answered with an error while failing. */
  rejected: number;
  /** Most simultaneous in-flight requests seen for any one lead_id. */
  maxConcurrentPerLead: number;
  failing: boolean;
  /** Milliseconds each request takes. */
  delayMs: number;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<CrmPayload> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as CrmPayload;
}

export async function startCrm(options: { failing?: boolean; delayMs?: number } = {}): Promise<Crm> {
  const inFlight = new Map<string, number>();
  const crm = {
    received: new Map(),
    rejected: 0,
    maxConcurrentPerLead: 0,
    failing: options.failing ?? false,
    delayMs: options.delayMs ?? 0,
  } as Crm;
  const server: Server = createServer(async (req, res) => {
    const payload = await readJson(req);
    const now = (inFlight.get(payload.lead_id) ?? 0) + 1;
    inFlight.set(payload.lead_id, now);
    crm.maxConcurrentPerLead = Math.max(crm.maxConcurrentPerLead, now);
    if (crm.delayMs) await new Promise((resolve) => setTimeout(resolve, crm.delayMs));
    inFlight.set(payload.lead_id, (inFlight.get(payload.lead_id) ?? 1) - 1);
    if (crm.failing) {
      crm.rejected += 1;
      res.writeHead(503, { "content-type": "text/plain" }).end("CRM down for maintenance");
      return;
    }
    const seen = crm.received.get(payload.lead_id);
    crm.received.set(payload.lead_id, { ...payload, count: (seen?.count ?? 0) + 1 });
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  crm.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`;
  crm.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return crm;
}

/** Waits until `check` is true, polling; throws with `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export { type Postgres, postgresBinDir } from "../../scripts/lib/postgres-cluster";

/**
 * A throwaway PostgreSQL cluster (scripts/lib/postgres-cluster.ts); with `TEST_POOLER=pgbouncer`,
 * reached through PgBouncer in transaction mode, as every PostgreSQL test can be on demand (the
 * README's "Connection pooling").
 */
export async function startPostgres(env: NodeJS.ProcessEnv = process.env): Promise<Postgres> {
  const cluster = await startPostgresCluster(env);
  if (env.TEST_POOLER !== "pgbouncer") return cluster;
  const pooler = await startPgBouncer(cluster, { env });
  return {
    url: pooler.url,
    stop() {
      pooler.stop();
      cluster.stop();
    },
  };
}

/** What a machine without PgBouncer is told: the pooled tests need it, never skip. */
export const PGBOUNCER_MISSING =
  "These tests run through PgBouncer in transaction mode. Install it with `apt-get install -y pgbouncer` " +
  "(.ci/run does when it is missing), or set PGBOUNCER to its path; it is looked for on the PATH and in " +
  "/usr/sbin.";

/** PgBouncer's binary: `PGBOUNCER` when set, else the PATH, else Debian's /usr/sbin. Null when none. */
export function pgbouncerBinary(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.PGBOUNCER) return existsSync(env.PGBOUNCER) ? env.PGBOUNCER : null;
  const dirs = [...(env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/sbin", "/usr/bin"];
  return dirs.map((dir) => path.join(dir, "pgbouncer")).find((file) => existsSync(file)) ?? null;
}

export interface Pooler {
  /** The owner's URL through the pooler (the password the pooler checks is in `ownerPassword`). */
  url: string;
  /** `url` with another role and password: a tenant's site's DATABASE_URL through the pooler. */
  urlFor(user: string, password: string): string;
  stop(): void;
}

/** The owner's password on a pooled cluster: the pooler checks it, the trusting cluster does not. */
const POOLER_OWNER_PASSWORD = "pooler-owner-password-0123456789";

/**
 * PgBouncer in front of a throwaway cluster, set up as the README's deployment section sets it up:
 * transaction pooling (a server connection belongs to a client for one transaction only), a small
 * server pool per role and database so many clients share a couple of connections, SCRAM for every
 * role, tenants' secrets looked up in the cluster (`auth_query` through the README's lookup
 * function), so provisioning a tenant's role needs no pooler change. The owner, whose password is
 * in the pooler's own file for the databases tests create, keeps trust on the cluster itself.
 * `poolSize` is PgBouncer's `default_pool_size`.
 */
export async function startPgBouncer(
  postgres: Postgres,
  options: { poolSize?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Pooler> {
  const env = options.env ?? process.env;
  const binary = pgbouncerBinary(env);
  if (!binary) {
    throw new Error(
      `${env.PGBOUNCER ? `PGBOUNCER=${env.PGBOUNCER} does not exist. ` : "No pgbouncer found. "}${PGBOUNCER_MISSING}`,
    );
  }
  const server = new URL(postgres.url);
  // The pooler looks the owner up in its own file; the cluster stores the same password for it.
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`alter role postgres password '${POOLER_OWNER_PASSWORD}'`);
    await admin.query(`create role pgbouncer login password '${POOLER_OWNER_PASSWORD}'`);
  } finally {
    await admin.end();
  }
  // The README's lookup, in the database the tests use and in template1 for those they create:
  // PgBouncer 1.18 runs `auth_query` in the database a client asks for.
  for (const database of ["postgres", "template1"]) {
    const url = new URL(postgres.url);
    url.pathname = `/${database}`;
    const owner = new pg.Client({ connectionString: url.toString() });
    await owner.connect();
    try {
      // The pooler's own role may only call this, which reads one role's secret.
      await owner.query("create schema pgbouncer authorization postgres");
      await owner.query(`create function pgbouncer.user_secret(name text) returns table (rolname text, rolpassword text)
        language sql security definer set search_path = pg_catalog as
        $$ select rolname::text, rolpassword from pg_authid where rolname = name and rolcanlogin
             and (rolvaliduntil is null or rolvaliduntil > now()) $$`);
      await owner.query("revoke all on function pgbouncer.user_secret(text) from public");
      await owner.query("grant usage on schema pgbouncer to pgbouncer");
      await owner.query("grant execute on function pgbouncer.user_secret(text) to pgbouncer");
    } finally {
      await owner.end();
    }
  }
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "pgbouncer-"));
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? {
        uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
        gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
      }
    : {};
  writeFileSync(
    path.join(dir, "userlist.txt"),
    `"pgbouncer" "${POOLER_OWNER_PASSWORD}"\n"postgres" "${POOLER_OWNER_PASSWORD}"\n`,
  );
  writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "pool_mode = transaction",
      "max_client_conn = 200",
      `default_pool_size = ${options.poolSize ?? 2}`,
      "server_reset_query = DISCARD ALL",
      "server_reset_query_always = 0",
      "auth_type = scram-sha-256",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "auth_user = pgbouncer",
      "auth_query = SELECT rolname, rolpassword FROM pgbouncer.user_secret($1)",
      `logfile = ${path.join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  if (asRoot && ids.uid !== undefined && ids.gid !== undefined) {
    for (const file of ["", "userlist.txt", "pgbouncer.ini"])
      chownSync(path.join(dir, file), ids.uid, ids.gid);
  }
  const child = spawn(binary, [path.join(dir, "pgbouncer.ini")], {
    stdio: ["ignore", "ignore", "pipe"],
    ...ids,
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = () => {
    // PgBouncer's immediate shutdown: on SIGINT it would wait for clients that may never leave.
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${stderr.trim()}`);
          const socket = connect(port, "127.0.0.1");
          socket.once("connect", () => {
            socket.destroy();
            resolve(true);
          });
          socket.once("error", () => resolve(false));
        }),
      "pgbouncer to listen",
      10_000,
    );
  } catch (error) {
    stop();
    throw error;
  }
  const urlFor = (user: string, password: string) => {
    const url = new URL(postgres.url);
    url.port = String(port);
    url.username = user;
    url.password = password;
    return url.toString();
  };
  return { url: urlFor("postgres", POOLER_OWNER_PASSWORD), urlFor, stop };
}

/** The least a valid site.json needs, named after its slug unless `overrides` say otherwise. */
function minimalSite(slug: string, overrides: Record<string, unknown>): Record<string, unknown> {
  const name = typeof overrides.name === "string" ? overrides.name : slug;
  return {
    name,
    slug,
    template: "independent",
    url: `https://www.${slug}.example.com.au`,
    feed: "stock.json",
    tagline: "Quality cars",
    dealerships: [{ id: 1, slug, name }],
    logo: { url: "/media/logo.svg", alt: name, width: 160, height: 40 },
    ...overrides,
  };
}

/**
 * Writes `<tenantsDir>/<slug>/site.json`: the least a valid site needs, named after its slug unless
 * `overrides` say otherwise (e.g. `{ name, leads }`).
 */
export function writeSiteJson(
  tenantsDir: string,
  slug: string,
  overrides: Record<string, unknown> = {},
): void {
  mkdirSync(path.join(tenantsDir, slug), { recursive: true });
  writeFileSync(path.join(tenantsDir, slug, "site.json"), JSON.stringify(minimalSite(slug, overrides)));
}

/**
 * Publishes a tenant as its build does for the functions (the one run-time source of a tenant's
 * config): `<cacheDir>/<slug>/tenant.json` with the validated site `writeSiteJson` would write for
 * the same `overrides`, and no cars, locations or pages.
 */
export function writeSnapshot(cacheDir: string, slug: string, overrides: Record<string, unknown> = {}): void {
  const snapshot: TenantData = {
    site: siteSchema.parse(minimalSite(slug, overrides)),
    locations: [],
    offers: [],
    pages: [],
    cars: [],
    now: new Date().toISOString(),
  };
  mkdirSync(path.join(cacheDir, slug), { recursive: true });
  writeFileSync(path.join(cacheDir, slug, "tenant.json"), JSON.stringify(snapshot));
}
