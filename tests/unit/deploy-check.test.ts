/**
 * The deploy check: one tenant deployed as Netlify deploys it, offline.
 *
 * 1. Netlify Build itself (@netlify/build, what `netlify build` and Netlify's build machines run;
 *    scripts/lib/netlify-build.ts) runs twice on a copy of the project whose one tenant is the
 *    browser tests' westside-auto fixture, with a deployed site's build environment (TENANT,
 *    NETLIFY=true, DATABASE_URL of the tenant's own role). So netlify.toml is read as a deploy reads
 *    it, the build plugin loads and restores and saves the build cache, the build command publishes
 *    the tenant into the publish folder with its _headers, and every function is bundled. Between
 *    the two builds everything but Netlify's cache is wiped, as on a new build machine: the second
 *    build must find the first one's pages in the cache and reuse them. (It runs with netlify.toml
 *    minus [functions]: bundling the same commit's functions again would cost 20 s and test nothing
 *    the first build did not.)
 * 2. The first build's function zips must fit Netlify's limits and carry nothing netlify.toml keeps
 *    out.
 * 3. Netlify's local function runtime (@netlify/functions-dev: netlify-cli's function registry and
 *    lambda-local worker, published for @netlify/dev; see scripts/lib/netlify-functions-serve.ts)
 *    serves those zips, in a process whose environment is a deployed site's: TENANT, DATABASE_URL of
 *    the tenant's own role on a throwaway PostgreSQL migrated first by the owner (deployed functions
 *    never migrate, and row security applies to them), https webhooks with secrets. The stubs behind
 *    those webhooks (CRM, SMS gateway, image CDN) speak https with a self-signed certificate the
 *    runtime process trusts through NODE_EXTRA_CA_CERTS, so the functions keep their deployed rules.
 *
 * Why @netlify/build and not netlify-cli: the CLI runs this same package for `netlify build`, but
 * adds about 354 MB and 1,061 packages to every `npm install`; @netlify/build adds 46 MB and 125
 * packages (16 s) and runs offline with `--offline` (no site settings, no telemetry).
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
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
import { provisionTenantRole, tenantDatabaseUrl } from "~/lib/db/tenant-roles.server";
import { verifySignature } from "~/server/signature";
import type { TenantData } from "~/tenant/tenant.server";
import { E2E_NOW } from "../../playwright.config";
import {
  type BundledFunction,
  bundledFunctions,
  copyProject,
  NETLIFY_FUNCTION_LIMITS,
  type NetlifyBuildRun,
  runNetlifyBuild,
  withoutFunctions,
} from "../../scripts/lib/netlify-build";
import { type Postgres, startPostgres, validBody } from "./leads-helpers";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TENANT = "westside-auto";
const TLS = path.join(ROOT, "tests/fixtures/tls");
const TENANTS_FOLDER = "fixture-tenants";
const CRM_SECRET = "deploy-check-crm-secret";
const SMS_SECRET = "deploy-check-sms-secret";
const ROLE_PASSWORD = "deployCheckTenantRole0123456789";
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

describe(`deploy check: Netlify Build, then its functions on Netlify's runtime (TENANT=${TENANT})`, () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "deploy-check-"));
  const project = path.join(scratch, "project");
  const functionsDir = path.join(project, ".netlify/functions");
  let builds: NetlifyBuildRun[] = [];
  let snapshot: TenantData;
  let bundled: BundledFunction[];
  let postgres: Postgres;
  let tenantUrl: string;
  let stubs: Awaited<ReturnType<typeof startHttpsStubs>>;
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  let photo: Buffer;
  const timings: Record<string, number> = {};

  /** A build machine's environment for this tenant's site: its variables, nothing of this process. */
  const buildEnv = (): NodeJS.ProcessEnv => ({
    PATH: `${path.join(project, "node_modules/.bin")}:${process.env.PATH}`,
    HOME: path.join(scratch, "home"),
    TZ: "UTC",
    NETLIFY: "true",
    TENANT,
    // The fixture is not the sample dealer of the same slug: in the project's own tenants/ folder the
    // build would first regenerate it as that sample (as `npm run build` does for the samples), so it
    // lives in a folder of its own, named as a site with its tenants elsewhere names it. (Deployed
    // functions read the build's snapshot, not the tenants folder.)
    TENANTS_DIR: TENANTS_FOLDER,
    DATABASE_URL: tenantUrl,
    // The fixture's cars are dated for the browser tests' instant; the build is dated to it too.
    SOURCE_DATE_EPOCH: String(Date.parse(E2E_NOW) / 1000),
    ASTRO_TELEMETRY_DISABLED: "1",
  });
  const build = async (config?: string) => {
    const run = await runNetlifyBuild(project, buildEnv(), config);
    builds.push(run);
    if (run.code !== 0) throw new Error(`Netlify Build failed (${run.code}):\n${run.log}`);
    return run;
  };

  beforeAll(async () => {
    let started = performance.now();
    const lap = (name: string) => {
      timings[name] = Math.round(performance.now() - started) / 1000;
      started = performance.now();
    };
    // The sample photos the fixture's cars show are not rendered here: on a fresh clone the browser
    // tests render them, and doing it in this file would change public/ under the other build tests
    // running beside it. Nothing checked here reads a photo from public/ (the car PDF's comes from
    // the image CDN).
    copyProject(
      ROOT,
      project,
      { [TENANT]: path.join(ROOT, "tests/fixtures/e2e-tenants", TENANT) },
      TENANTS_FOLDER,
    );
    lap("project copy");

    const pg = await startPostgres();
    postgres = pg;
    // Once per release the owner migrates, once per tenant it makes the tenant's role; the site's
    // builds and functions hold only the role's URL (README "Deploying").
    const owner = await openDb({ kind: "postgres", url: pg.url, poolSize: 1 }, { migrate: true });
    await provisionTenantRole(owner, TENANT, ROLE_PASSWORD);
    await owner.destroy();
    tenantUrl = tenantDatabaseUrl(pg.url, TENANT, ROLE_PASSWORD);
    lap("postgres");

    builds = [];
    await build();
    lap("first build");
    // A new build machine: only Netlify's cache (.netlify/cache) is kept from the last build. (The
    // first build's function zips stay aside for the runtime below: the second build is about the
    // cache and the pages, so it runs without [functions], which saves bundling them twice.)
    for (const folder of ["dist", ".cache", "reports"]) {
      rmSync(path.join(project, folder), { recursive: true, force: true });
    }
    withoutFunctions(project, "netlify.second-build.toml");
    await build("netlify.second-build.toml");
    lap("second build");

    bundled = await bundledFunctions(functionsDir);
    snapshot = JSON.parse(readFileSync(path.join(project, ".cache", TENANT, "tenant.json"), "utf8"));
    photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1d4ed8" } })
      .jpeg()
      .toBuffer();
    stubs = await startHttpsStubs(photo);
    runtime = await startRuntime(functionsDir, path.join(scratch, "runtime"), {
      PATH: process.env.PATH,
      // lambda-local looks for AWS credentials under HOME; an empty one has none.
      HOME: path.join(scratch, "home"),
      TZ: "UTC",
      NODE_EXTRA_CA_CERTS: path.join(TLS, "localhost.crt"),
      TENANT,
      DATABASE_URL: tenantUrl,
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
    lap("stubs and runtime start");
  }, 300_000);

  afterAll(async () => {
    runtime?.child.kill();
    await new Promise<void>((resolve) => (stubs ? stubs.server.close(() => resolve()) : resolve()));
    postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
    console.log(`[deploy-check] seconds: ${JSON.stringify(timings)}`);
    if (builds.length)
      console.log(`[deploy-check] Netlify Build took ${builds.map((run) => `${run.seconds} s`).join(", ")}`);
  });

  const call = (pathname: string, init: RequestInit = {}) => fetch(new URL(pathname, runtime.url), init);
  const firstCar = () => {
    const car = snapshot.cars[0];
    if (!car) throw new Error(`${TENANT} publishes no car`);
    return car;
  };

  it("runs the build plugin: the first build finds no cache and saves one after the build command", () => {
    const [first] = builds;
    expect(first?.log).toContain("./netlify/plugins/build-cache@0.1.0 from netlify.toml");
    expect(first?.log).toContain(
      `[build-cache] nothing cached yet for ${TENANT}: this build renders every page`,
    );
    expect(first?.log).toContain(
      `[build-cache] saved .cache/${TENANT}/astro, .cache/${TENANT}/tenant.json, reports/${TENANT}/last-build.json, reports/${TENANT}/builds.json`,
    );
    expect(first?.log).toContain("Netlify Build Complete");
    // onPreBuild, then the build command, then onPostBuild.
    const order = [
      "[build-cache] nothing cached yet",
      "build.command from netlify.toml",
      `1 of 1 tenants built`,
      "[build-cache] saved",
    ].map((line) => first?.log.indexOf(line) ?? -1);
    expect(
      order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] ?? 0))),
      order.join(),
    ).toBe(true);
  });

  it("restores the cache in a second build on a new machine, which reuses every page", () => {
    const second = builds[1];
    expect(second?.log).toContain(
      `[build-cache] restored .cache/${TENANT}/astro, .cache/${TENANT}/tenant.json, reports/${TENANT}/last-build.json, reports/${TENANT}/builds.json`,
    );
    const history = JSON.parse(
      readFileSync(path.join(project, "reports", TENANT, "builds.json"), "utf8"),
    ) as unknown[];
    // Both builds are in the history the cache carried over.
    expect(history).toHaveLength(2);
    // The fixture publishes 38 of its 48 cars on 126 pages. An unchanged local rebuild of it
    // (`npm run build` twice) reuses the same 97 and renders the same 29 again.
    expect(history[1]).toMatchObject({ ok: true, published: 38, pages: 126, reused: 97, rendered: 29 });
    expect(second?.log).toContain("Pages: 126 (29 rendered, 97 reused from the build cache)");
  });

  it("publishes the tenant's site with its headers in netlify.toml's publish folder", () => {
    const publish = path.join(project, "dist/current");
    expect(existsSync(path.join(publish, "index.html"))).toBe(true);
    expect(existsSync(path.join(publish, "cars", snapshot.cars[0]?.slug ?? "-", "index.html"))).toBe(true);
    expect(readFileSync(path.join(publish, "_headers"), "utf8")).toContain("Content-Security-Policy:");
  });

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
    expect(builds[0]?.log).toContain("Functions bundling completed");
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
  it("fails the deploy when the plugin's main module exports anything but Netlify events", async () => {
    const plugin = path.join(project, "netlify/plugins/build-cache/index.js");
    const original = readFileSync(plugin, "utf8");
    appendFileSync(plugin, '\nexport { cachedPaths } from "./hooks.js";\n');
    try {
      const run = await runNetlifyBuild(project, buildEnv());
      expect(run.code).not.toBe(0);
      expect(run.log).toContain("Invalid event 'cachedPaths'");
      // It stops before the build command: the site is not rebuilt from a broken plugin.
      expect(run.log).not.toContain("build.command from netlify.toml");
    } finally {
      writeFileSync(plugin, original);
    }
  }, 60_000);
});
