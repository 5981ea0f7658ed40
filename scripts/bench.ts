/**
 * `npm run bench`: figures against a baseline measured in the same run (ARCHITECTURE.md §9).
 * build: a generated 1,000- and 5,000-car tenant vs a bare Astro build of as many trivial pages.
 * Prints a table and writes reports/bench.json.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildTenant, ROOT } from "./lib/build-tenants";
import { benchTenant, ensureImages } from "./sample-data";

const SIZES = (process.env.BENCH_SIZES ?? "1000,5000").split(",").map(Number);
const WORK = path.join(ROOT, ".cache/bench");

interface Row {
  bench: string;
  figure: string;
  baseline: string;
  ratio: number | null;
  details: Record<string, number>;
}

/** A bare Astro project with `count` trivial pages: the floor any static build of that size pays. */
function writeBareProject(dir: string, count: number): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, "src/pages/cars"), { recursive: true });
  writeFileSync(path.join(dir, "astro.config.mjs"), 'export default { output: "static" };\n');
  writeFileSync(
    path.join(dir, "src/pages/cars/[id].astro"),
    `---\nexport function getStaticPaths() {\n  return Array.from({ length: ${count} }, (_, i) => ({ params: { id: String(i) } }));\n}\nconst { id } = Astro.params;\n---\n<html lang="en"><head><title>Car {id}</title></head><body><h1>Car {id}</h1></body></html>\n`,
  );
  writeFileSync(path.join(dir, "src/pages/index.astro"), "<html><body>bare</body></html>\n");
}

function timeAstroBuild(dir: string): Promise<{ seconds: number; peakRssMb: number; ok: boolean }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [path.join(ROOT, "node_modules/astro/bin/astro.mjs"), "build", "--root", dir],
      {
        cwd: dir,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    let peakRssMb = 0;
    const timer = setInterval(() => {
      try {
        const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0);
        peakRssMb = Math.max(peakRssMb, Math.round(kb / 1024));
      } catch {
        // exited between samples
      }
    }, 250);
    child.on("close", (code) => {
      clearInterval(timer);
      resolve({ seconds: (performance.now() - started) / 1000, peakRssMb, ok: code === 0 });
    });
  });
}

function writeBenchTenant(tenantsDir: string, slug: string, count: number, now: Date): void {
  const { site, locations, offers, stock } = benchTenant(slug, count, now);
  const dir = path.join(tenantsDir, slug);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "site.json"), JSON.stringify(site, null, 2));
  writeFileSync(path.join(dir, "locations.json"), JSON.stringify(locations, null, 2));
  writeFileSync(path.join(dir, "offers.json"), JSON.stringify(offers, null, 2));
  writeFileSync(path.join(dir, "stock.json"), JSON.stringify({ cars: stock }));
}

// Bench cars show the sample photos; make sure they exist on a fresh clone.
await ensureImages(path.join(ROOT, "public"));
const rows: Row[] = [];
const now = new Date();
for (const size of SIZES) {
  const slug = `bench-${size}`;
  const tenantsDir = path.join(WORK, "tenants");
  writeBenchTenant(tenantsDir, slug, size, now);
  console.log(`\n[bench] bare Astro floor: ${size} trivial pages`);
  const bareDir = path.join(WORK, `bare-${size}`);
  writeBareProject(bareDir, size);
  const bare = await timeAstroBuild(bareDir);
  console.log(`[bench] tenant build: ${size} cars`);
  const result = await buildTenant(slug, {
    tenantsDir,
    slugs: [slug],
    distDir: path.join(WORK, "dist"),
    reportsDir: path.join(WORK, "reports"),
    cacheDir: path.join(WORK, "cache"),
    allowShrink: true,
    now,
  });
  if (!result.ok || !bare.ok) {
    console.error(`[bench] build failed for ${size}: ${result.error ?? "bare build failed"}`);
    process.exit(1);
  }
  const pages = result.pages ?? 0;
  rows.push({
    bench: `build ${size} cars`,
    figure: `${result.seconds.toFixed(1)} s, ${(pages / result.seconds).toFixed(0)} pages/s, peak ${result.peakRssMb} MB`,
    baseline: `${bare.seconds.toFixed(1)} s, ${(size / bare.seconds).toFixed(0)} pages/s, peak ${bare.peakRssMb} MB`,
    ratio: Math.round((result.seconds / bare.seconds) * 100) / 100,
    details: {
      wall_seconds: result.seconds,
      pages,
      pages_per_second: pages / result.seconds,
      peak_rss_mb: result.peakRssMb ?? 0,
      floor_wall_seconds: bare.seconds,
      floor_pages_per_second: size / bare.seconds,
      floor_peak_rss_mb: bare.peakRssMb,
    },
  });
}

const header = ["bench", "figure", "baseline (same run)", "× baseline"];
const table = [
  header,
  ...rows.map((row) => [row.bench, row.figure, row.baseline, row.ratio === null ? "-" : `${row.ratio}×`]),
];
const widths = header.map((_, i) => Math.max(...table.map((cells) => (cells[i] ?? "").length)));
console.log(
  `\n${table.map((cells) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ")).join("\n")}`,
);
mkdirSync(path.join(ROOT, "reports"), { recursive: true });
writeFileSync(
  path.join(ROOT, "reports/bench.json"),
  `${JSON.stringify({ at: now.toISOString(), rows }, null, 2)}\n`,
);
console.log("\nwrote reports/bench.json");
