/**
 * The deploy check: one sample tenant's functions as Netlify deploys them, offline.
 *
 * 1. As `TENANT=westside-auto npm run build` would, the tenant's published snapshot is written to
 *    .cache/westside-auto/tenant.json (functions bundle it through netlify.toml's included_files).
 * 2. Netlify's bundler (@netlify/zip-it-and-ship-it, netlify.toml read by @netlify/config) zips
 *    every function. Each must fit Netlify's limits, and none may carry what netlify.toml keeps out.
 * 3. Netlify's local function runtime (@netlify/functions-dev: netlify-cli's function registry and
 *    lambda-local worker, published for @netlify/dev; see scripts/lib/netlify-functions-serve.ts)
 *    serves those zips, in a process whose environment is a
 *    deployed site's: TENANT, DATABASE_URL of a throwaway PostgreSQL migrated first (deployed
 *    functions never migrate), https webhooks with secrets. The stubs behind those webhooks (CRM,
 *    SMS gateway, image CDN) speak https with a self-signed certificate the runtime process trusts
 *    through NODE_EXTRA_CA_CERTS, so the functions keep their deployed rules (https only, signed).
 *
 * Why not `netlify functions:serve --offline` (netlify-cli 27): it works offline, but netlify-cli
 * adds about 354 MB and 1,061 packages to every `npm install` (50 s here) and bundles from source
 * rather than serving the zips a deploy uploads; the packages used here are the ones it runs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autogaugeApplies, autogaugeResult } from "~/features/finance/gauge";
import { openDb } from "~/lib/db/db.server";
import { verifySignature } from "~/server/signature";
import type { TenantData } from "~/tenant/tenant.server";
import { loadTenant } from "~/tenant/tenant.server";
import {
  type BundledFunction,
  bundleFunctions,
  NETLIFY_FUNCTION_LIMITS,
} from "../../scripts/lib/netlify-bundle";
import { refreshSampleTenants } from "../../scripts/sample-data";
import { type Postgres, startPostgres, validBody } from "./leads-helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TENANT = "westside-auto";
const TLS = path.join(ROOT, "tests/fixtures/tls");
const CRM_SECRET = "deploy-check-crm-secret";
const SMS_SECRET = "deploy-check-sms-secret";
const MB = 1024 * 1024;

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The CRM, SMS gateway and image CDN the deployed functions call, over https. */
async function startHttpsStubs(
  photo: Buffer,
): Promise<{ origin: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer(
    {
      key: readFileSync(path.join(TLS, "localhost.key")),
      cert: readFileSync(path.join(TLS, "localhost.crt")),
    },
    async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      received.push({
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (req.url?.startsWith("/.netlify/images?")) {
        res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
      } else if (req.method === "POST" && (req.url === "/crm" || req.url === "/sms")) {
        res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      } else res.writeHead(404).end();
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `https://localhost:${(server.address() as AddressInfo).port}`, received, server };
}

/** Starts scripts/lib/netlify-functions-serve.ts; resolves with its address once it listens. */
function startRuntime(
  zips: string,
  work: string,
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; child: ChildProcess; log: string[] }> {
  const log: string[] = [];
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "scripts/lib/netlify-functions-serve.ts"), zips, work],
    {
      cwd: ROOT,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      const text = data.toString();
      log.push(text);
      const url = /listening (http:\/\/\S+)/.exec(text)?.[1];
      if (url) resolve({ url, child, log });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (data: Buffer) => log.push(data.toString()));
    child.on("exit", (code) => reject(new Error(`the function runtime exited (${code}):\n${log.join("")}`)));
  });
}

describe(`deploy check: Netlify's bundler and function runtime (TENANT=${TENANT})`, () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "deploy-check-"));
  let snapshot: TenantData;
  let bundled: BundledFunction[];
  let postgres: Postgres;
  let stubs: Awaited<ReturnType<typeof startHttpsStubs>>;
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  let photo: Buffer;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    let started = performance.now();
    const lap = (name: string) => {
      timings[name] = Math.round(performance.now() - started) / 1000;
      started = performance.now();
    };
    // The tenant's published snapshot, as its build writes it: from a copy of its folder, so the
    // sample stock is generated there and never rewritten under tenants/.
    const tenants = path.join(scratch, "tenants");
    cpSync(path.join(ROOT, "tenants", TENANT), path.join(tenants, TENANT), { recursive: true });
    refreshSampleTenants(tenants);
    snapshot = (await loadTenant(tenants, TENANT, new Date())).data;
    const cacheDir = path.join(ROOT, ".cache", TENANT);
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path.join(cacheDir, "tenant.json.tmp"), JSON.stringify(snapshot));
    renameSync(path.join(cacheDir, "tenant.json.tmp"), path.join(cacheDir, "tenant.json"));
    lap("snapshot");

    // A Netlify build of one tenant leaves only that tenant's snapshot: others built here stay out.
    const others = readdirSync(path.join(ROOT, ".cache"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== TENANT)
      .map((entry) => `!.cache/${entry.name}/**`);
    bundled = await bundleFunctions({
      root: ROOT,
      outDir: path.join(scratch, "zips"),
      extraExcludes: others,
    });
    lap("bundle");

    const pg = await startPostgres();
    postgres = pg;
    const owner = await openDb({ kind: "postgres", url: pg.url, poolSize: 1 }, { migrate: true });
    await owner.destroy();
    photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1d4ed8" } })
      .jpeg()
      .toBuffer();
    stubs = await startHttpsStubs(photo);
    lap("postgres and stubs");

    runtime = await startRuntime(path.join(scratch, "zips"), path.join(scratch, "runtime"), {
      PATH: process.env.PATH,
      // lambda-local looks for AWS credentials under HOME; an empty one has none.
      HOME: path.join(scratch, "home"),
      TZ: "UTC",
      NODE_EXTRA_CA_CERTS: path.join(TLS, "localhost.crt"),
      TENANT,
      DATABASE_URL: pg.url,
      URL: stubs.origin,
      CRM_WEBHOOK_URL: `${stubs.origin}/crm`,
      CRM_WEBHOOK_SECRET: CRM_SECRET,
      SMS_WEBHOOK_URL: `${stubs.origin}/sms`,
      SMS_WEBHOOK_SECRET: SMS_SECRET,
      // A machine clock set with libfaketime (how the suite is run on other dates) reaches the
      // runtime too, so its signatures and this process's checks share one clock.
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name === "LD_PRELOAD" || name.startsWith("FAKETIME")),
      ),
    });
    lap("runtime start");
  }, 240_000);

  afterAll(async () => {
    runtime?.child.kill();
    await new Promise<void>((resolve) => (stubs ? stubs.server.close(() => resolve()) : resolve()));
    postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
    console.log(`[deploy-check] seconds: ${JSON.stringify(timings)}`);
  });

  const call = (pathname: string, init: RequestInit = {}) => fetch(new URL(pathname, runtime.url), init);
  const firstCar = () => {
    const car = snapshot.cars[0];
    if (!car) throw new Error(`${TENANT} publishes no car`);
    return car;
  };

  it("bundles every function under Netlify's limits (50 MB zipped, 250 MB unzipped)", () => {
    const table = bundled.map(
      (fn) =>
        `${fn.name.padEnd(30)} ${(fn.zippedBytes / MB).toFixed(1).padStart(5)} MB zipped ${(fn.unzippedBytes / MB).toFixed(1).padStart(6)} MB unzipped`,
    );
    console.log(`[deploy-check] function sizes:\n${table.join("\n")}`);
    expect(bundled.map((fn) => fn.name)).toContain("leads");
    expect(bundled.length).toBe(
      readdirSync(path.join(ROOT, "src/functions")).filter((f) => f.endsWith(".ts")).length,
    );
    for (const fn of bundled) {
      expect(fn.zippedBytes, `${fn.name} zipped`).toBeLessThan(NETLIFY_FUNCTION_LIMITS.zippedBytes);
      expect(fn.unzippedBytes, `${fn.name} unzipped`).toBeLessThan(NETLIFY_FUNCTION_LIMITS.unzippedBytes);
    }
  });

  it("bundles no dev dependency, no PGlite, no image library, no site files, only this tenant's snapshot", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    const unwanted = [
      ...Object.keys(pkg.devDependencies).map((name) => `node_modules/${name}/`),
      "node_modules/@electric-sql/pglite/",
      "node_modules/sharp/",
      "node_modules/@img/",
      "public/",
      "dist/",
    ];
    const found = bundled.flatMap((fn) =>
      fn.files
        .filter((file) => unwanted.some((prefix) => file.startsWith(prefix)))
        .map((file) => `${fn.name}: ${file}`),
    );
    expect(found).toEqual([]);
    const snapshots = new Set(bundled.flatMap((fn) => fn.files.filter((file) => file.startsWith(".cache/"))));
    expect([...snapshots]).toEqual([`.cache/${TENANT}/tenant.json`]);
  });

  it("answers /api/health", async () => {
    const response = await call("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("stores a lead (201), and the scheduled leads-outbox delivers it signed to the CRM over https", async () => {
    const car = firstCar();
    const response = await call("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "deploy-check-lead-1" },
      body: JSON.stringify(
        validBody("enquiry", { car_id: car.id, stock_number: car.stocknum ?? "", terms_conditions: true }),
      ),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { lead_id: leadId } = (await response.json()) as { lead_id: string };

    // Netlify calls a scheduled function with a POST; it has no path of its own.
    const pass = await call("/.netlify/functions/leads-outbox", { method: "POST" });
    expect(pass.status, await pass.clone().text()).toBe(200);
    const delivered = stubs.received.filter((request) => request.path === "/crm");
    expect(delivered).toHaveLength(1);
    const [crm] = delivered;
    expect(JSON.parse(crm?.body ?? "{}")).toMatchObject({ lead_id: leadId, tenant: TENANT, kind: "enquiry" });
    const signature = crm?.headers["x-webhook-signature"];
    expect(verifySignature(String(signature), crm?.body ?? "", [CRM_SECRET], new Date())).toEqual({
      ok: true,
    });
  });

  it("counts a view at /cars/{slug}/view.json (its path is read from the function's config)", async () => {
    const car = firstCar();
    const response = await call(`/cars/${car.slug}/view.json`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ views: expect.any(Number) });
  });

  it("makes the car PDF with its photo from the image CDN, embedded as the CDN sent it", async () => {
    const car = firstCar();
    const response = await call(`/api/car-pdf?slug=${car.slug}`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    const images = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object) =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
      );
    expect(images).toHaveLength(1);
    expect(Buffer.from((images[0] as PDFRawStream).contents).equals(photo)).toBe(true);
    const asked = stubs.received.filter((request) => request.path.startsWith("/.netlify/images?"));
    expect(asked.length).toBeGreaterThan(0);
    expect(new URLSearchParams(asked[0]?.path.split("?")[1]).get("fm")).toBe("jpg");
  });

  it("texts a sign-in code through the SMS gateway, signed, over https", async () => {
    const response = await call("/api/sign-in/code", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phone: "0412 345 678" }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const [text] = stubs.received.filter((request) => request.path === "/sms");
    expect(JSON.parse(text?.body ?? "{}")).toMatchObject({ tenant: TENANT, to: "+61412345678" });
    expect(JSON.parse(text?.body ?? "{}").body).toMatch(/^\d{6} is your /);
    expect(
      verifySignature(
        String(text?.headers["x-webhook-signature"]),
        text?.body ?? "",
        [SMS_SECRET],
        new Date(),
      ),
    ).toEqual({
      ok: true,
    });
  });

  it("answers the autogauge path of a car it applies to", async () => {
    const car = snapshot.cars.find(
      (candidate) => autogaugeApplies(candidate, snapshot.site) && autogaugeResult(candidate),
    );
    if (!car) throw new Error(`${TENANT} has no car with an Autogauge result`);
    const response = await call(`/cars/${car.slug}/autogauge`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(autogaugeResult(car))));
  });
});
