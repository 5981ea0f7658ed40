/**
 * Builds tenants one Astro build each: load + validate + publish the feed, guard against a
 * truncated feed, build into a scratch folder, then swap it into dist/<slug> so a failed build
 * never leaves a tenant without a site. Astro renders on one core, so a big tenant built alone is
 * split into shards (src/tenant/shard.ts), one Astro process per core, merged before the swap.
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
import { unlistedImageOrigins } from "~/features/media/media";
import { assertNoSecretsInDir, searchSecretsFromEnv } from "~/features/search/sync";
import { checkTruncation, type FeedReport } from "~/features/stock/feed.server";
import { ConfigError } from "~/tenant/errors";
import type { Site } from "~/tenant/schema";
import { loadTenant } from "~/tenant/tenant.server";
import { astroCacheDir, foldShardCaches, hasOneProcessCache } from "./build-cache";
import { discard } from "./discard";
import { hostsNetlifyRefuses, readNetlifyToml } from "./netlify-toml";
import { writeHeadersFile } from "./page-headers";
import { linkPublicFiles } from "./public-files";

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
  /** Cores this tenant's build may use (buildTenants shares the machine's among the tenants it builds at once). */
  cores?: number;
  /** Astro processes for one tenant; default: up to one per free core, one per 800 cars. */
  shards?: number;
  /** Render every page, ignoring the build cache (`astro build --force`); the cache is still refreshed. */
  fresh?: boolean;
  /**
   * The truncated-feed guard's baseline kept in the database (cars the tenant's last published
   * build published): it outlives a cleared build cache. Null falls back to last-build.json.
   */
  feedBaseline?: (slug: string) => Promise<number | null>;
  /** What started the build, for the build history (webhook, start, deploy…). */
  trigger?: string;
  log?: (line: string) => void;
}

/** One entry of reports/<slug>/builds.json: the build history the ops view and machines read. */
export interface BuildHistoryEntry {
  at: string;
  finished_at: string;
  seconds: number;
  ok: boolean;
  error: string | null;
  trigger: string | null;
  received: number | null;
  published: number | null;
  hidden: number | null;
  quarantined: number | null;
  pages: number | null;
  /** Pages Astro rendered; the rest were reused from the build cache. */
  rendered: number | null;
  reused: number | null;
}

/** Entries kept in builds.json: enough for a trend, small enough to read on every index request. */
export const BUILD_HISTORY_LENGTH = 50;

export function readBuildHistory(file: string): BuildHistoryEntry[] {
  if (!existsSync(file)) return [];
  try {
    const entries = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return Array.isArray(entries) ? (entries as BuildHistoryEntry[]) : [];
  } catch {
    return [];
  }
}

function appendBuildHistory(reportsDir: string, entry: BuildHistoryEntry): void {
  const file = path.join(reportsDir, "builds.json");
  const entries = [...readBuildHistory(file), entry].slice(-BUILD_HISTORY_LENGTH);
  mkdirSync(reportsDir, { recursive: true });
  const scratch = `${file}.${process.pid}.tmp`;
  writeFileSync(scratch, `${JSON.stringify(entries, null, 2)}\n`);
  // A reader (the ops view) never sees half a file.
  renameSync(scratch, file);
}

/**
 * Cars per extra Astro process. Each shard bundles the project again (~3 s of CPU), so on two
 * cores sharding pays from about 1,500 cars (measured: 1,000 cars 10.5 s → 11.7 s sharded;
 * 5,000 cars 33 s → 25 s).
 */
export const MIN_CARS_PER_SHARD = 800;

/** How many shards to split a tenant's car pages into, given the cores it may use. */
export function shardCount(published: number, cores: number, requested?: number): number {
  if (requested !== undefined && Number.isInteger(requested) && requested >= 1) return requested;
  return Math.max(1, Math.min(cores, Math.floor(published / MIN_CARS_PER_SHARD)));
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
  /** Pages copied from the build cache instead of rendered (their data had not changed). */
  reused?: number;
  seconds: number;
  peakRssMb?: number;
  shards?: number;
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

/**
 * A page counter shared by a tenant's shards: logs "rendered n/expected pages" every ~10%.
 * `expected` is an estimate (the last build's count of other pages), so the figure never passes it.
 */
export function pageProgress(expected: number, log: (line: string) => void): (pages: number) => void {
  let done = 0;
  let reported = 0;
  return (pages) => {
    done += pages;
    const tenths = Math.min(10, Math.floor((done * 10) / expected));
    if (expected <= 50 || tenths <= reported) return;
    reported = tenths;
    log(`rendered ${Math.min(done, expected)}/${expected} pages`);
  };
}

/**
 * Runs `astro build` in a child process (of `root`, default this project) and samples its peak
 * RSS; `onPages` hears of each rendered page. Shared with the benchmark.
 */
export function runAstro(
  env: NodeJS.ProcessEnv,
  onPages: ((pages: number) => void) | null,
  root = ROOT,
  args: readonly string[] = [],
): Promise<{ ok: boolean; output: string; peakRssMb: number; seconds: number; reused: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ASTRO_BIN, "build", "--root", root, ...args], {
      cwd: root,
      env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output: string[] = [];
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
      const pages = text.match(/\.html/g)?.length ?? 0;
      if (pages > 0) onPages?.(pages);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("close", (code) => {
      clearInterval(sampleRss);
      const all = output.join("");
      resolve({
        ok: code === 0,
        output: all,
        peakRssMb,
        seconds: (performance.now() - started) / 1000,
        // Astro marks a page copied from its build cache "(cached)" or "(restored)".
        reused: all.match(/\((?:cached|restored)\)/g)?.length ?? 0,
      });
    });
  });
}

/**
 * Folds the other shards' output into the first's: their car pages (each rendered by exactly one
 * shard) and any asset the first lacks (content-hashed, so normally none).
 */
function mergeShards(primary: string, others: readonly string[]): void {
  for (const other of others) {
    for (const folder of ["cars", "_astro"]) {
      const from = path.join(other, folder);
      if (!existsSync(from)) continue;
      mkdirSync(path.join(primary, folder), { recursive: true });
      for (const entry of readdirSync(from)) {
        const to = path.join(primary, folder, entry);
        if (!existsSync(to)) renameSync(path.join(from, entry), to);
      }
    }
    rmSync(other, { recursive: true, force: true });
  }
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

/** Builds one tenant and appends the outcome, either way, to reports/<slug>/builds.json. */
export async function buildTenant(slug: string, options: BuildOptions): Promise<TenantResult> {
  const at = new Date();
  const result = await buildOneTenant(slug, options);
  const num = (n: number | undefined) => (typeof n === "number" ? n : null);
  try {
    appendBuildHistory(path.join(options.reportsDir ?? path.join(ROOT, "reports"), slug), {
      at: at.toISOString(),
      finished_at: new Date().toISOString(),
      seconds: result.seconds,
      ok: result.ok,
      error: result.error ? result.error.slice(0, 1000) : null,
      trigger: options.trigger ?? null,
      received: num(result.received),
      published: num(result.published),
      hidden: num(result.hidden),
      quarantined: num(result.quarantined),
      pages: num(result.pages),
      rendered: result.pages === undefined ? null : Math.max(0, result.pages - (result.reused ?? 0)),
      reused: num(result.reused),
    });
  } catch (error) {
    (options.log ?? console.log)(`[${slug}] build history not written: ${(error as Error).message}`);
  }
  return result;
}

async function buildOneTenant(slug: string, options: BuildOptions): Promise<TenantResult> {
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
  let carSlugs: string[];
  let unlisted: Map<string, number>;
  try {
    log("loading config and stock feed");
    const loaded = await loadTenant(options.tenantsDir, slug, options.now ?? new Date());
    report = loaded.report;
    site = loaded.data.site;
    carSlugs = loaded.data.cars.map((car) => car.slug);
    unlisted = unlistedImageOrigins(loaded.data.cars, site.image_hosts);
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

  for (const [origin, cars] of unlisted) {
    log(
      `${cars} car${cars === 1 ? " shows" : "s show"} photos from ${origin}, which is not in site.json ` +
        "image_hosts: they are sent full size, not resized by the image CDN",
    );
  }
  // On Netlify the image CDN fetches only what netlify.toml allows: a host it refuses would leave
  // every photo of the site broken, so the build stops and says what to add.
  const refused =
    process.env.NETLIFY === "true" ? hostsNetlifyRefuses(readNetlifyToml(), site.image_hosts) : [];
  if (refused.length > 0) {
    return fail(
      `netlify.toml does not let the image CDN fetch photos from ${refused.join(", ")}: add ` +
        `${refused.map((host) => JSON.stringify(`${host.replaceAll(".", "\\.")}/.*`)).join(", ")} to [images] remote_images`,
      counts,
    );
  }

  const lastBuildFile = path.join(reportsDir, "last-build.json");
  // The database's baseline first: on Netlify the build cache (and last-build.json with it) can be
  // cleared, and the guard must not switch off with it.
  let baseline: number | null = null;
  try {
    baseline = (await options.feedBaseline?.(slug)) ?? null;
  } catch (error) {
    log(
      `feed guard: the database's baseline is unavailable (${(error as Error).message}); using last-build.json`,
    );
  }
  const verdict = checkTruncation(
    report.published,
    baseline ?? readLastBuild(lastBuildFile)?.published ?? null,
    site.feed_guard_min_share,
    options.allowShrink ?? false,
  );
  if (verdict.message) log(verdict.message);
  if (!verdict.ok) return fail(verdict.message ?? "truncated feed", counts);

  // Astro puts its prerender chunks beside the output and falls back to a shared ./.astro when the
  // output is outside the project, so each build gets its own scratch folder inside the project:
  // two builds of the same tenant (two ops, or a test beside a dev build) never share files.
  // A rebuild over the one-process cache stays in one process: it renders only what changed, and a
  // second process would only add its start-up (scripts/lib/build-cache.ts).
  const rebuildInOne = !options.fresh && options.shards === undefined && hasOneProcessCache(cacheDir);
  const shards = rebuildInOne
    ? 1
    : shardCount(report.published, options.cores ?? os.availableParallelism(), options.shards);
  const scratches = Array.from({ length: shards }, (_, i) =>
    path.join(ROOT, ".cache", "scratch", `${slug}.${process.pid}${shards > 1 ? `.${i}` : ""}`),
  );
  const scratch = scratches[0] as string;
  const cleanUp = () => {
    for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
  };
  cleanUp();
  const last = readLastBuild(lastBuildFile);
  const expected = report.published + (last ? Math.max(0, last.pages - last.published) : 3);
  const split = shards > 1 ? ` in ${shards} shards (one Astro process per core)` : "";
  log(`building ${expected} pages${rebuildInOne ? " over the build cache" : split}`);
  // Astro sees an empty public folder; public/ is linked into the site once the pages are built.
  const noPublic = path.join(ROOT, ".cache", "no-public");
  mkdirSync(noPublic, { recursive: true });
  const progress = pageProgress(expected, log);
  const runs = await Promise.all(
    scratches.map((dir, index) =>
      runAstro(
        {
          TENANT: slug,
          TENANT_SNAPSHOT: snapshot,
          TENANT_SITE_URL: site.url,
          PUBLIC_IMAGE_HOSTS: site.image_hosts.join(" "),
          TENANT_OUT_DIR: dir,
          TENANT_PUBLIC_DIR: noPublic,
          BUILD_SHARD: String(index),
          BUILD_SHARDS: String(shards),
          // One build cache per process; a split build's are folded into one afterwards.
          TENANT_ASTRO_CACHE_DIR: astroCacheDir(cacheDir, index, shards),
        },
        progress,
        ROOT,
        options.fresh ? ["--force"] : [],
      ),
    ),
  );
  const broken = runs.find((run) => !run.ok);
  if (broken) {
    cleanUp();
    return fail(`astro build failed:\n${broken.output.split("\n").slice(-30).join("\n")}`, counts);
  }
  // Shards run at once, so their peaks add up.
  const peakRssMb = runs.reduce((sum, run) => sum + run.peakRssMb, 0);
  const reused = runs.reduce((sum, run) => sum + run.reused, 0);
  try {
    mergeShards(scratch, scratches.slice(1));
    linkPublicFiles(path.join(ROOT, "public"), scratch);
    writeHeadersFile(scratch, site);
    // Nothing lost: every published car has its page before the site is swapped in.
    const missing = carSlugs.filter((car) => !existsSync(path.join(scratch, "cars", car, "index.html")));
    if (missing.length > 0) {
      throw new Error(`${missing.length} car pages missing from the build (first: /cars/${missing[0]})`);
    }
    // An admin key in the output would let anyone rewrite the tenant's index: refuse to publish.
    assertNoSecretsInDir(scratch, searchSecretsFromEnv());
  } catch (error) {
    cleanUp();
    return fail((error as Error).message, counts);
  }

  const target = path.join(distDir, slug);
  const old = `${target}.old`;
  mkdirSync(distDir, { recursive: true });
  discard(old); // left by a swap that was interrupted
  if (existsSync(target)) renameSync(target, old);
  moveDir(scratch, target);
  discard(old);
  const pages = countHtml(target);
  writeFileSync(
    lastBuildFile,
    `${JSON.stringify({ published: report.published, pages, at: new Date().toISOString() } satisfies LastBuild, null, 2)}\n`,
  );
  if (shards > 1) {
    // The site is live already; a cache that cannot be folded only makes the next build slower.
    try {
      const folded = foldShardCaches(cacheDir, shards);
      if ("skipped" in folded) log(`build cache kept split: ${folded.skipped}`);
    } catch (error) {
      log(`build cache not folded: ${(error as Error).message}`);
    }
  }
  const result = { slug, ok: true, ...counts, pages, reused, seconds: seconds(), peakRssMb, shards };
  log(
    `done: ${pages} pages in ${result.seconds}s (${reused ? `${reused} unchanged pages reused from the build cache, ` : ""}peak RSS ${peakRssMb} MB${shards > 1 ? ` over ${shards} shards` : ""}) -> ${path.relative(process.cwd(), target)}`,
  );
  return result;
}

/** Builds every tenant, `concurrency` at a time; one failure never stops the others. */
export async function buildTenants(options: BuildOptions): Promise<TenantResult[]> {
  const queue = [...options.slugs];
  const results: TenantResult[] = [];
  const available = os.availableParallelism();
  const concurrency = Math.max(1, Math.min(options.concurrency ?? Math.min(2, available), queue.length));
  // Tenants built side by side share the cores; one tenant alone may shard across all of them.
  const cores = options.cores ?? Math.max(1, Math.floor(available / concurrency));
  const workers = Array.from({ length: concurrency }, async () => {
    for (let slug = queue.shift(); slug; slug = queue.shift()) {
      results.push(await buildTenant(slug, { ...options, cores }));
    }
  });
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
