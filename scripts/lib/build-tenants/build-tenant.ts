/**
 * One tenant's build: load + validate + publish the feed, guard against a truncated feed, render
 * into a scratch folder (in shards for a big tenant), check it, then swap it into dist/<slug>.
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { unlistedImageOrigins } from "~/features/media/media";
import { checkFirstFeed, checkTruncation, emptyPublish, type FeedReport } from "~/features/stock/feed.server";
import { syndicationReport } from "~/features/syndication/report";
import type { SyndicationReport } from "~/features/syndication/syndication";
import { providerWarnings } from "~/features/trade-in/providers.server";
import { loadTenant } from "~/snapshot/load-tenant.server";
import { astroProcessEnv } from "~/tenant/build-env";
import { ConfigError } from "~/tenant/errors";
import { loadSite, SITE_FILE } from "~/tenant/load";
import type { Site } from "~/tenant/schema";
import { siteImageProblems } from "~/tenant/site-assets";
import { astroCacheDir, foldShardCaches, hasOneProcessCache } from "../build-cache";
import { discard } from "../discard";
import { hostsNetlifyRefuses, readNetlifyToml } from "../netlify-toml";
import { writeHeadersFile } from "../page-headers";
import { linkPublicFiles } from "../public-files";
import { countHtml, pageProgress, ROOT, runAstro } from "./astro";
import { appendBuildHistory, type LastBuild, readLastBuild } from "./history";
import type { BuildOptions, TenantResult } from "./options";
import { assertNoSecretsInDir, buildSecrets } from "./secret-scan";
import { mergeShards, shardCount } from "./shards";
import { pagesWithMissingAssets, StalePagesError } from "./stale-pages";

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

/** Astro's scratch output folder of one build (and shard) of a tenant, inside the project. */
const scratchDir = (slug: string, index: number, shards: number) =>
  path.join(ROOT, ".cache", "scratch", `${slug}.${process.pid}${shards > 1 ? `.${index}` : ""}`);

/** public/: every site gets its files (linkPublicFiles), so site.json's own images are looked up there. */
const PUBLIC_DIR = path.join(ROOT, "public");

/** Whether `relative` (a decoded site path without its leading slash) is a file under public/. */
function isPublicFile(relative: string): boolean {
  const file = path.resolve(PUBLIC_DIR, relative);
  if (!file.startsWith(`${PUBLIC_DIR}${path.sep}`)) return false;
  return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

/** Astro sees an empty public folder; public/ is linked into the site once the pages are built. */
function noPublicDir(): string {
  const dir = path.join(ROOT, ".cache", "no-public");
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A rebuild's Astro process, started before the feed is loaded: its first seconds go to starting
 * and bundling, which need only the site's address and image hosts, while the feed is read,
 * checked and written. When it lists the pages it waits for the snapshot (TENANT_SNAPSHOT_PENDING,
 * src/tenant/tenant.server.ts), a file of its own that appears (renamed in whole) only once the
 * feed has passed the guard; a feed the guard refuses stops the process instead.
 */
interface EarlyAstro {
  /** What Astro was told of the site: a feed load that finds another stops it. */
  told: string;
  snapshot: string;
  dir: string;
  controller: AbortController;
  run: ReturnType<typeof runAstro>;
}

const astroSiteSettings = (site: Site) => JSON.stringify([site.url, site.image_hosts]);

function startAstroEarly(
  slug: string,
  options: BuildOptions,
  cacheDir: string,
  onPages: (pages: number) => void,
): EarlyAstro | null {
  let site: Site;
  try {
    site = loadSite(options.tenantsDir, slug);
  } catch {
    return null; // the feed load reports it
  }
  const dir = scratchDir(slug, 0, 1);
  rmSync(dir, { recursive: true, force: true });
  const snapshot = path.join(cacheDir, `tenant.${process.pid}.json`);
  rmSync(snapshot, { force: true });
  const controller = new AbortController();
  const env = astroProcessEnv({
    tenant: slug,
    snapshot,
    // Its pages wait for the snapshot (however long a remote feed takes) instead of failing.
    snapshotPending: true,
    siteUrl: site.url,
    imageHosts: site.image_hosts,
    outDir: dir,
    publicDir: noPublicDir(),
    shard: { index: 0, count: 1 },
    astroCacheDir: astroCacheDir(cacheDir, 0, 1),
  });
  const run = runAstro(env, onPages, ROOT, [], controller.signal);
  return { told: astroSiteSettings(site), snapshot, dir, controller, run };
}

/** Stops an early Astro process and removes what it and its snapshot left. */
async function stopAstroEarly(early: EarlyAstro): Promise<void> {
  early.controller.abort();
  await early.run;
  rmSync(early.dir, { recursive: true, force: true });
  rmSync(early.snapshot, { force: true });
}

/** Builds one tenant and appends the outcome, either way, to reports/<slug>/builds.json. */
export async function buildTenant(slug: string, options: BuildOptions): Promise<TenantResult> {
  const at = new Date();
  let result: TenantResult;
  try {
    result = await buildOneTenant(slug, options);
  } catch (error) {
    if (!(error instanceof StalePagesError)) throw error;
    // Nothing was published: render every page again, which also refreshes the cache.
    (options.log ?? console.log)(`[${slug}] ${error.message}; rendering every page again`);
    result = await buildOneTenant(slug, { ...options, fresh: true });
  }
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
  // A rebuild over the one-process cache stays in one process: it renders only what changed, and a
  // second process would only add its start-up (scripts/lib/build-cache.ts). It starts early.
  const rebuildInOne = !options.fresh && options.shards === undefined && hasOneProcessCache(cacheDir);
  let onPages: (pages: number) => void = () => {};
  let early = rebuildInOne ? startAstroEarly(slug, options, cacheDir, (pages) => onPages(pages)) : null;
  const fail = async (error: string, extra: Partial<TenantResult> = {}): Promise<TenantResult> => {
    if (early) await stopAstroEarly(early);
    log(`FAILED: ${error}`);
    return { slug, ok: false, error, seconds: seconds(), ...extra };
  };

  let report: FeedReport;
  let snapshot: string;
  let site: Site;
  let carSlugs: string[];
  let unlisted: Map<string, number>;
  let syndication: SyndicationReport;
  try {
    log("loading config and stock feed");
    const loaded = await loadTenant(options.tenantsDir, slug, options.now ?? new Date());
    report = loaded.report;
    site = loaded.data.site;
    const missingImages = siteImageProblems(site, isPublicFile);
    if (missingImages.length > 0) {
      throw new ConfigError(path.join(options.tenantsDir, slug, SITE_FILE), missingImages);
    }
    carSlugs = loaded.data.cars.map((car) => car.slug);
    unlisted = unlistedImageOrigins(loaded.data.cars, site.image_hosts);
    // The ad feeds' rows and left-out cars, from the same snapshot the feed pages are built from.
    syndication = syndicationReport(loaded.data);
    mkdirSync(reportsDir, { recursive: true });
    writeFileSync(
      path.join(reportsDir, "feed-report.json"),
      `${JSON.stringify({ ...report, syndication }, null, 2)}\n`,
    );
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
  const feedReport = path.relative(process.cwd(), path.join(reportsDir, "feed-report.json"));
  log(
    `feed: ${counts.received} received, ${counts.published} published, ${counts.hidden} hidden, ` +
      `${counts.quarantined} quarantined (${feedReport})`,
  );

  const google = syndication.google_vehicle_ads;
  const meta = syndication.meta_vehicles;
  log(
    `ad feeds: Google ${google.rows} rows (${google.excluded.length} left out), ` +
      `Meta ${meta.rows} rows (${meta.excluded.length} left out)`,
  );
  for (const [origin, cars] of unlisted) {
    log(
      `${cars} car${cars === 1 ? " shows" : "s show"} photos from ${origin}, which is not in site.json ` +
        "image_hosts: they are sent full size, not resized by the image CDN",
    );
  }
  // A deploy whose site.json turns a trade-in provider on but whose environment lacks its settings
  // still works (the dealer calls instead of an online offer): said here, where ops read the log.
  if (process.env.NETLIFY === "true") {
    for (const warning of providerWarnings(site, process.env)) log(`warning: ${warning}`);
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
  const lastPublished = baseline ?? readLastBuild(lastBuildFile)?.published ?? null;
  const verdict = checkTruncation(
    report.published,
    lastPublished,
    site.feed_guard_min_share,
    options.allowShrink ?? false,
  );
  if (verdict.message) log(verdict.message);
  if (!verdict.ok) return fail(verdict.message ?? "truncated feed", counts);
  const first = checkFirstFeed(report, lastPublished, feedReport);
  if (!first.ok) return fail(first.message ?? "every row quarantined", counts);
  // Publishing no car while rows were quarantined is allowed (the stock may really be gone) but
  // never quiet: the summary says `empty` and shows the first rows' messages.
  const firstRows = emptyPublish(report);
  const empty = firstRows ? { feedReport, firstQuarantined: firstRows } : undefined;
  if (empty) {
    log(
      `WARNING: publishing no cars, and ${counts.quarantined} feed ` +
        `${counts.quarantined === 1 ? "row was" : "rows were"} quarantined (${feedReport}); the first:\n` +
        empty.firstQuarantined.map((line) => `  ${line}`).join("\n"),
    );
  }

  // The early Astro process gets the snapshot, or stops if the site it was told of changed since
  // (or the snapshot cannot be handed over), and Astro starts again once the feed is loaded.
  if (early) {
    let handed = false;
    if (early.told === astroSiteSettings(site)) {
      try {
        copyFileSync(snapshot, `${early.snapshot}.tmp`);
        renameSync(`${early.snapshot}.tmp`, early.snapshot);
        handed = true;
      } catch (error) {
        log(`snapshot not handed to the early Astro process: ${(error as Error).message}`);
      }
    }
    if (!handed) {
      await stopAstroEarly(early);
      early = null;
    }
  }

  // Astro puts its prerender chunks beside the output and falls back to a shared ./.astro when the
  // output is outside the project, so each build gets its own scratch folder inside the project:
  // two builds of the same tenant (two ops, or a test beside a dev build) never share files.
  const shards = rebuildInOne
    ? 1
    : shardCount(
        report.published,
        options.cores ?? os.availableParallelism(),
        options.shards,
        options.memoryMb,
      );
  const scratches = Array.from({ length: shards }, (_, i) => scratchDir(slug, i, shards));
  const scratch = scratches[0] as string;
  const cleanUp = () => {
    for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
  };
  if (!early) cleanUp();
  const last = readLastBuild(lastBuildFile);
  const expected = report.published + (last ? Math.max(0, last.pages - last.published) : 3);
  const split = shards > 1 ? ` in ${shards} shards (one Astro process per core)` : "";
  log(`building ${expected} pages${rebuildInOne ? " over the build cache" : split}`);
  const progress = pageProgress(expected, log);
  onPages = progress;
  const startAll = () =>
    Promise.all(
      scratches.map((dir, index) =>
        runAstro(
          astroProcessEnv({
            tenant: slug,
            snapshot,
            siteUrl: site.url,
            imageHosts: site.image_hosts,
            outDir: dir,
            publicDir: noPublicDir(),
            shard: { index, count: shards },
            // One build cache per process; a split build's are folded into one afterwards.
            astroCacheDir: astroCacheDir(cacheDir, index, shards),
          }),
          progress,
          ROOT,
          options.fresh ? ["--force"] : [],
        ),
      ),
    );
  // The early process was handed its snapshot above (or stopped), so it finishes as any other.
  let runs: Awaited<ReturnType<typeof startAll>>;
  if (early) {
    runs = [await early.run];
    rmSync(early.snapshot, { force: true });
    early = null;
  } else {
    runs = await startAll();
  }
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
    // A page reused from the cache must not load a script this build did not make (stale-pages.ts).
    const stale = pagesWithMissingAssets(scratch);
    if (stale.length > 0) throw new StalePagesError(stale);
    // A secret in the output (a search admin key, a webhook secret, the database's password) is
    // everyone's once published: refuse to publish.
    assertNoSecretsInDir(scratch, buildSecrets());
  } catch (error) {
    cleanUp();
    // A fresh build that still misses files fails as any other; a cached one is built again.
    if (error instanceof StalePagesError && !options.fresh) throw error;
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
  const result = { slug, ok: true, ...counts, pages, reused, seconds: seconds(), peakRssMb, shards, empty };
  log(
    `done: ${pages} pages in ${result.seconds}s (${reused ? `${reused} unchanged pages reused from the build cache, ` : ""}peak RSS ${peakRssMb} MB${shards > 1 ? ` over ${shards} shards` : ""}) -> ${path.relative(process.cwd(), target)}`,
  );
  return result;
}
