/**
 * Builds tenants one Astro build each: load + validate + publish the feed, guard against a
 * truncated feed, build into a scratch folder, then swap it into dist/<slug> so a failed build
 * never leaves a tenant without a site.
 */
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertNoSecretsInDir, searchSecretsFromEnv } from "~/features/search/sync.server";
import { checkTruncation, type FeedReport } from "~/features/stock/feed.server";
import { ConfigError } from "~/tenant/errors";
import type { Site } from "~/tenant/schema";
import { loadTenant } from "~/tenant/tenant.server";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const ASTRO_BIN = path.join(ROOT, "node_modules/astro/bin/astro.mjs");

export interface BuildOptions {
  tenantsDir: string;
  slugs: string[];
  distDir?: string;
  reportsDir?: string;
  cacheDir?: string;
  now?: Date;
  allowShrink?: boolean;
  concurrency?: number;
  log?: (line: string) => void;
}

export interface TenantResult {
  slug: string;
  ok: boolean;
  error?: string;
  received?: number;
  published?: number;
  quarantined?: number;
  hidden?: number;
  pages?: number;
  seconds: number;
  peakRssMb?: number;
}

interface LastBuild {
  published: number;
  pages: number;
  at: string;
}

function countHtml(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".html")) count++;
  }
  return count;
}

function readLastBuild(file: string): LastBuild | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LastBuild;
  } catch {
    return null;
  }
}

/** Runs `astro build` for one tenant in a child process; reports page progress every ~10%. */
/**
 * Runs `astro build` in a child process (of `root`, default this project) and samples its peak
 * RSS; reports page progress every ~10% when `expectedPages` is known. Shared with the benchmark.
 */
export function runAstro(
  env: NodeJS.ProcessEnv,
  expectedPages: number,
  log: (line: string) => void,
  root = ROOT,
): Promise<{ ok: boolean; output: string; peakRssMb: number; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ASTRO_BIN, "build", "--root", root], {
      cwd: root,
      env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: string[] = [];
    let pages = 0;
    let nextReport = 0.1;
    let peakRssMb = 0;
    const sampleRss = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
        peakRssMb = Math.max(peakRssMb, Math.round(kb / 1024));
      } catch {
        // The child may have exited between ticks.
      }
    }, 250);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      // Astro logs one "├─ /cars/x/index.html (+3ms)" line per page, written in pieces.
      pages += text.match(/\.html/g)?.length ?? 0;
      if (expectedPages > 50 && pages / expectedPages >= nextReport) {
        log(`rendered ${pages}/${expectedPages} pages`);
        while (pages / expectedPages >= nextReport) nextReport += 0.1;
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("close", (code) => {
      clearInterval(sampleRss);
      resolve({
        ok: code === 0,
        output: output.join(""),
        peakRssMb,
        seconds: (performance.now() - started) / 1000,
      });
    });
  });
}

/** rename, or copy then delete when the two folders are on different file systems. */
function moveDir(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

export async function buildTenant(slug: string, options: BuildOptions): Promise<TenantResult> {
  const started = performance.now();
  const distDir = options.distDir ?? path.join(ROOT, "dist");
  const reportsDir = path.join(options.reportsDir ?? path.join(ROOT, "reports"), slug);
  const cacheDir = path.join(options.cacheDir ?? path.join(ROOT, ".cache"), slug);
  const log = (line: string) => (options.log ?? console.log)(`[${slug}] ${line}`);
  const seconds = () => Math.round((performance.now() - started) / 100) / 10;
  const fail = (error: string, extra: Partial<TenantResult> = {}): TenantResult => {
    log(`FAILED: ${error}`);
    return { slug, ok: false, error, seconds: seconds(), ...extra };
  };

  let report: FeedReport;
  let snapshot: string;
  let site: Site;
  try {
    log("loading config and stock feed");
    const loaded = await loadTenant(options.tenantsDir, slug, options.now ?? new Date());
    report = loaded.report;
    site = loaded.data.site;
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(path.join(reportsDir, "feed-report.json"), `${JSON.stringify(report, null, 2)}\n`);
    mkdirSync(cacheDir, { recursive: true });
    snapshot = path.join(cacheDir, "tenant.json");
    writeFileSync(snapshot, JSON.stringify(loaded.data));
  } catch (error) {
    return fail(error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error)));
  }
  const counts = {
    received: report.received,
    published: report.published,
    quarantined: report.quarantined.length,
    hidden: Object.values(report.hidden).reduce((sum, n) => sum + (n ?? 0), 0),
  };
  log(
    `feed: ${counts.received} received, ${counts.published} published, ${counts.hidden} hidden, ` +
      `${counts.quarantined} quarantined (${path.relative(process.cwd(), path.join(reportsDir, "feed-report.json"))})`,
  );

  const lastBuildFile = path.join(reportsDir, "last-build.json");
  const verdict = checkTruncation(
    report.published,
    readLastBuild(lastBuildFile)?.published ?? null,
    site.feed_guard_min_share,
    options.allowShrink ?? false,
  );
  if (verdict.message) log(verdict.message);
  if (!verdict.ok) return fail(verdict.message ?? "truncated feed", counts);

  // Astro puts its prerender chunks beside the output and falls back to a shared ./.astro when the
  // output is outside the project, so each build gets its own scratch folder inside the project:
  // two builds of the same tenant (two ops, or a test beside a dev build) never share files.
  const scratch = path.join(ROOT, ".cache", "scratch", `${slug}.${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  log(`building ${report.published + 3} pages`);
  const astro = await runAstro(
    { TENANT: slug, TENANT_SNAPSHOT: snapshot, TENANT_SITE_URL: site.url, TENANT_OUT_DIR: scratch },
    report.published + 3,
    log,
  );
  if (!astro.ok) {
    rmSync(scratch, { recursive: true, force: true });
    return fail(`astro build failed:\n${astro.output.split("\n").slice(-30).join("\n")}`, counts);
  }
  try {
    // An admin key in the output would let anyone rewrite the tenant's index: refuse to publish.
    assertNoSecretsInDir(scratch, searchSecretsFromEnv());
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    return fail((error as Error).message, counts);
  }

  const target = path.join(distDir, slug);
  const old = `${target}.old`;
  mkdirSync(distDir, { recursive: true });
  rmSync(old, { recursive: true, force: true });
  if (existsSync(target)) renameSync(target, old);
  moveDir(scratch, target);
  rmSync(old, { recursive: true, force: true });
  const pages = countHtml(target);
  writeFileSync(
    lastBuildFile,
    `${JSON.stringify({ published: report.published, pages, at: new Date().toISOString() } satisfies LastBuild, null, 2)}\n`,
  );
  const result = { slug, ok: true, ...counts, pages, seconds: seconds(), peakRssMb: astro.peakRssMb };
  log(
    `done: ${pages} pages in ${result.seconds}s (peak RSS ${astro.peakRssMb} MB) -> ${path.relative(process.cwd(), target)}`,
  );
  return result;
}

/** Builds every tenant, `concurrency` at a time; one failure never stops the others. */
export async function buildTenants(options: BuildOptions): Promise<TenantResult[]> {
  const queue = [...options.slugs];
  const results: TenantResult[] = [];
  const workers = Array.from(
    { length: Math.max(1, options.concurrency ?? Math.min(2, os.availableParallelism())) },
    async () => {
      for (let slug = queue.shift(); slug; slug = queue.shift()) {
        results.push(await buildTenant(slug, options));
      }
    },
  );
  await Promise.all(workers);
  return options.slugs.map((slug) => results.find((result) => result.slug === slug) as TenantResult);
}

export function summaryTable(results: TenantResult[]): string {
  const header = ["tenant", "status", "published", "hidden", "quarantined", "pages", "seconds"];
  const rows = results.map((r) => [
    r.slug,
    r.ok ? "ok" : "FAILED",
    String(r.published ?? "-"),
    String(r.hidden ?? "-"),
    String(r.quarantined ?? "-"),
    String(r.pages ?? "-"),
    r.seconds.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
