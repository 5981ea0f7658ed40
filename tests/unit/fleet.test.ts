/**
 * `npm run fleet` as an operator runs it, against a local stand-in for Netlify's API that serves
 * exactly the endpoints the command calls (anything else is a 404 the test sees), with two fixture
 * tenants: one with no site yet, one whose site is half set up. Plan changes nothing; apply makes
 * the changes; a second apply makes none; a tenant Netlify fails on does not stop the other, and
 * the run exits 1 naming it. No secret ever reaches the output.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteSchema } from "~/tenant/schema";
import { desiredSite } from "../../scripts/lib/fleet";
import { writeSiteJson } from "./leads-helpers";

const TOKEN = "nfp_fleet_token_5f1c2a9e";
const ACCOUNT = "dealer-group";
const SECRETS = {
  westDb: "postgres://tenant_westside_auto:west-pass-81f0aa@db.example.net:6432/dealers",
  bayDb: "postgres://tenant_bayside_nissan:bay-pass-3c77de@db.example.net:6432/dealers",
  crm: "crm-signing-secret-b1e4",
};

interface StubVar {
  key: string;
  scopes: string[];
  is_secret: boolean;
  values: { context: string; value: string }[];
}
interface StubSite {
  id: string;
  account_id: string;
  name: string;
  custom_domain: string | null;
  hooks: { id: string; title: string; branch: string; url: string }[];
  env: Map<string, StubVar>;
}

/** Netlify's API as far as fleet uses it, keeping state like Netlify does. */
function netlifyStub() {
  const sites: StubSite[] = [];
  const calls: string[] = [];
  const unexpected: string[] = [];
  /** A site name whose writes answer 500, as a Netlify outage for one site would. */
  let failing: string | null = null;
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : null;
    const url = new URL(req.url ?? "/", "http://stub");
    const route = `${req.method} ${url.pathname}`;
    calls.push(route);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { message: "Access Denied" });
    const byId = (id: string | null) => sites.find((site) => site.id === id);
    const publicSite = (site: StubSite) => ({
      id: site.id,
      account_id: site.account_id,
      name: site.name,
      custom_domain: site.custom_domain,
    });
    let match: RegExpMatchArray | null = route.match(/^(GET|POST) \/api\/v1\/([^/]+)\/sites$/);
    if (match && match[2] === ACCOUNT) {
      if (match[1] === "GET") {
        const name = url.searchParams.get("name") ?? "";
        return send(200, sites.filter((site) => site.name.includes(name)).map(publicSite));
      }
      if (body.name === failing) return send(500, { message: "Internal Server Error" });
      if (sites.some((site) => site.name === body.name)) return send(422, { message: "name already taken" });
      const site: StubSite = {
        id: randomUUID(),
        account_id: "acc-1",
        name: body.name,
        custom_domain: body.custom_domain ?? null,
        hooks: [],
        env: new Map(),
      };
      sites.push(site);
      return send(201, publicSite(site));
    }
    match = route.match(/^(PATCH|GET|POST) \/api\/v1\/sites\/([^/]+)(\/build_hooks)?$/);
    const site = match ? byId(match[2] ?? null) : undefined;
    if (match && site) {
      if (match[1] !== "GET" && site.name === failing) return send(500, { message: "Internal Server Error" });
      if (match[1] === "PATCH" && !match[3]) {
        site.custom_domain = body.custom_domain || null;
        return send(200, publicSite(site));
      }
      if (match[1] === "GET" && match[3]) return send(200, site.hooks);
      if (match[1] === "POST" && match[3]) {
        const id = randomUUID().slice(0, 12);
        const hook = {
          id,
          title: body.title,
          branch: body.branch,
          url: `https://api.netlify.com/build_hooks/${id}`,
        };
        site.hooks.push(hook);
        return send(200, hook);
      }
    }
    match = route.match(/^(GET|POST|PUT) \/api\/v1\/accounts\/acc-1\/env(?:\/([A-Z_]+))?$/);
    const envSite = byId(url.searchParams.get("site_id"));
    if (match && envSite) {
      if (match[1] !== "GET" && envSite.name === failing)
        return send(500, { message: "Internal Server Error" });
      if (match[1] === "GET" && !match[2]) {
        // Secret values are not handed back.
        return send(
          200,
          [...envSite.env.values()].map((v) =>
            v.is_secret ? { ...v, values: v.values.map(({ context }) => ({ context })) } : v,
          ),
        );
      }
      if (match[1] === "POST" && !match[2]) {
        for (const v of body as StubVar[]) {
          if (envSite.env.has(v.key)) return send(400, { message: `${v.key} already exists` });
          envSite.env.set(v.key, v);
        }
        return send(201, body);
      }
      if (match[1] === "PUT" && match[2] && envSite.env.has(match[2])) {
        envSite.env.set(match[2], body);
        return send(200, body);
      }
    }
    unexpected.push(route);
    return send(404, { message: "Not Found" });
  });
  return {
    sites,
    calls,
    unexpected,
    setFailing: (name: string | null) => {
      failing = name;
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let stub: ReturnType<typeof netlifyStub>;
let apiUrl: string;
let work: string;
beforeAll(async () => {
  stub = netlifyStub();
  apiUrl = await stub.listen();
  work = mkdtempSync(path.join(os.tmpdir(), "fleet-"));
  writeSiteJson(path.join(work, "tenants"), "westside-auto");
  writeSiteJson(path.join(work, "tenants"), "bayside-nissan");
  // Bayside's site was made by hand: an old domain, an old sender, its database URL and webhook
  // secret set, no build hook.
  stub.sites.push({
    id: "site-bayside",
    account_id: "acc-1",
    name: "ds-bayside-nissan",
    custom_domain: "bayside-old.example.com.au",
    hooks: [],
    env: new Map(
      [
        {
          key: "TENANT",
          scopes: ["builds", "functions", "runtime", "post-processing"],
          is_secret: false,
          value: "bayside-nissan",
        },
        { key: "SMTP_FROM", scopes: ["functions"], is_secret: false, value: "old@bayside.example.com.au" },
        { key: "DATABASE_URL", scopes: ["builds", "functions"], is_secret: true, value: SECRETS.bayDb },
        {
          key: "STOCK_WEBHOOK_SECRET",
          scopes: ["functions"],
          is_secret: true,
          value: "provider-has-this-one",
        },
        { key: "CRM_WEBHOOK_SECRET", scopes: ["functions"], is_secret: true, value: SECRETS.crm },
      ].map(({ value, ...v }) => [v.key, { ...v, values: [{ context: "all", value }] }]),
    ),
  });
});
afterAll(async () => {
  await stub?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function fleet(mode: string): Promise<{ code: number; out: string }> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NETLIFY_AUTH_TOKEN: TOKEN,
    NETLIFY_ACCOUNT_SLUG: ACCOUNT,
    NETLIFY_API_URL: apiUrl,
    FLEET_SITE_PREFIX: "ds-",
    FLEET_SECRETS_DIR: path.join(work, "secrets"),
    TENANTS_DIR: path.join(work, "tenants"),
    DATABASE_URL_WESTSIDE_AUTO: SECRETS.westDb,
    DATABASE_URL_BAYSIDE_NISSAN: SECRETS.bayDb,
    CRM_WEBHOOK_SECRET: SECRETS.crm,
    SMTP_FROM: "leads@dealer-group.example.com.au",
  };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/fleet.ts", mode],
      { env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

/** Every value that must never be printed: the token, given secrets, generated ones, hook URLs. */
function leaked(out: string): string[] {
  const secrets = [
    TOKEN,
    SECRETS.westDb,
    "west-pass-81f0aa",
    SECRETS.bayDb,
    SECRETS.crm,
    "provider-has-this-one",
  ];
  for (const site of stub.sites) {
    for (const v of site.env.values()) if (v.is_secret) secrets.push(...v.values.map((x) => x.value));
    secrets.push(...site.hooks.map((hook) => hook.url));
  }
  return secrets.filter((secret) => out.includes(secret));
}

const writes = () => stub.calls.filter((call) => !call.startsWith("GET "));

it("plans, applies, then finds nothing to do; a failing tenant does not stop the other", async () => {
  const plan = await fleet("plan");
  expect(plan.code).toBe(0);
  expect(writes()).toEqual([]);
  expect(plan.out).toContain(`bayside-nissan (site ds-bayside-nissan):
  ~ custom domain bayside-old.example.com.au → www.bayside-nissan.example.com.au
  + build hook "Stock feed" (branch main), its URL as BUILD_HOOK_URL
  + env BUILD_HOOK_URL = (secret) [functions]
  ~ env SMTP_FROM: "old@bayside.example.com.au" → "leads@dealer-group.example.com.au"
  = scheduled functions, deployed with the site and run for TENANT: delivery-check (@daily), leads-outbox (* * * * *), ops-check (*/5 * * * *), privacy-purge (30 16 * * *), prune-accounts (@hourly), stock-builds (* * * * *)
  4 to make (run \`npm run fleet -- apply\`)
westside-auto (site ds-westside-auto):
  + site ds-westside-auto at www.westside-auto.example.com.au
  + build hook "Stock feed" (branch main), its URL as BUILD_HOOK_URL
  + env TENANT = "westside-auto" [builds, functions, runtime, post-processing]
  + env DATABASE_URL = (secret) [builds, functions]
  + env STOCK_WEBHOOK_SECRET = (secret) [functions]
  + env BUILD_HOOK_URL = (secret) [functions]
  + env CRM_WEBHOOK_SECRET = (secret) [functions]
  + env SMTP_FROM = "leads@dealer-group.example.com.au" [functions]
`);

  // Netlify fails on bayside's site: westside is still set up, and the run names bayside.
  stub.setFailing("ds-bayside-nissan");
  const failed = await fleet("apply");
  expect(failed.code).toBe(1);
  expect(failed.out).toContain("bayside-nissan: FAILED: Netlify answered HTTP 500: Internal Server Error");
  expect(failed.out).toContain("Failed for bayside-nissan; the other sites are done.");
  const westside = stub.sites.find((site) => site.name === "ds-westside-auto") as StubSite;
  expect(westside.custom_domain).toBe("www.westside-auto.example.com.au");
  expect(westside.hooks.map((hook) => [hook.title, hook.branch])).toEqual([["Stock feed", "main"]]);
  const value = (site: StubSite, key: string) => site.env.get(key)?.values[0]?.value;
  expect(value(westside, "TENANT")).toBe("westside-auto");
  expect(value(westside, "DATABASE_URL")).toBe(SECRETS.westDb);
  expect(value(westside, "BUILD_HOOK_URL")).toBe(westside.hooks[0]?.url);
  expect(westside.env.get("DATABASE_URL")).toMatchObject({
    is_secret: true,
    scopes: ["builds", "functions"],
  });
  // The generated webhook secret: on the site, and in a file only its owner reads, for the provider.
  const secretFile = path.join(work, "secrets", "westside-auto.stock-webhook-secret");
  expect(readFileSync(secretFile, "utf8").trim()).toBe(value(westside, "STOCK_WEBHOOK_SECRET"));
  expect(value(westside, "STOCK_WEBHOOK_SECRET")).toMatch(/^[0-9a-f]{64}$/);
  expect(statSync(secretFile).mode & 0o777).toBe(0o600);
  expect(failed.out).toContain(`stock webhook secret for the feed provider written to ${secretFile}`);

  stub.setFailing(null);
  const applied = await fleet("apply");
  expect(applied.code).toBe(0);
  expect(applied.out).toContain("westside-auto (site ds-westside-auto):\n");
  expect(applied.out).toMatch(
    /westside-auto \(site ds-westside-auto\):\n {2}= scheduled functions[^\n]*\n {2}no changes\n/,
  );
  expect(applied.out).toContain("Applied 4 change(s) to 2 site(s).");
  const bayside = stub.sites.find((site) => site.name === "ds-bayside-nissan") as StubSite;
  expect(bayside.custom_domain).toBe("www.bayside-nissan.example.com.au");
  expect(value(bayside, "SMTP_FROM")).toBe("leads@dealer-group.example.com.au");
  expect(value(bayside, "BUILD_HOOK_URL")).toBe(bayside.hooks[0]?.url);
  // What the provider already has is kept.
  expect(value(bayside, "STOCK_WEBHOOK_SECRET")).toBe("provider-has-this-one");

  const before = writes().length;
  const again = await fleet("apply");
  expect(again.code).toBe(0);
  expect(writes().length).toBe(before);
  expect(again.out.match(/ {2}no changes\n/g)).toHaveLength(2);
  expect(again.out).toContain("Applied 0 change(s) to 2 site(s).");

  expect(stub.unexpected).toEqual([]);
  for (const run of [plan, failed, applied, again]) expect(leaked(run.out)).toEqual([]);
}, 60_000);

describe("what a tenant's site should have", () => {
  const site = siteSchema.parse({
    name: "Westside Auto",
    slug: "westside-auto",
    template: "independent",
    url: "https://www.westside-auto.example.com.au",
    feed: "stock.json",
    tagline: "Quality cars",
    dealerships: [{ id: 1, slug: "westside-auto", name: "Westside Auto" }],
    logo: { url: "/media/logo.svg", alt: "Westside Auto", width: 160, height: 40 },
  });
  const settings = { sitePrefix: "", branch: "main" };

  it("never gives a site the shared (owner's) DATABASE_URL: only the tenant's own", () => {
    expect(desiredSite(site, { DATABASE_URL: "postgres://owner:pw@db/dealers" }, settings)).toEqual({
      error:
        "DATABASE_URL_WESTSIDE_AUTO is not set: give it the URL `npm run db:tenant-role -- westside-auto` prints",
    });
  });

  it("takes a tenant's own value over the shared one", () => {
    const wanted = desiredSite(
      site,
      {
        DATABASE_URL_WESTSIDE_AUTO: "postgres://t@db/d",
        SMTP_FROM: "all@x.au",
        SMTP_FROM_WESTSIDE_AUTO: "w@x.au",
      },
      settings,
    );
    if ("error" in wanted) throw new Error(wanted.error);
    expect(wanted.site.vars.find((v) => v.key === "SMTP_FROM")?.value).toBe("w@x.au");
  });
});
