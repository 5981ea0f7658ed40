/** One `astro build` process of this project, its page progress, and what it wrote. */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The project's root, which every script's default folders (dist, reports, .cache) sit in. */
export const ROOT = path.resolve(import.meta.dirname, "../../..");
const ASTRO_BIN = path.join(ROOT, "node_modules/astro/bin/astro.mjs");

export function countHtml(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".html")) count++;
  }
  return count;
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
 * RSS; `onPages` hears of each rendered page; `signal` stops it. Shared with the benchmark.
 */
export function runAstro(
  env: NodeJS.ProcessEnv,
  onPages: ((pages: number) => void) | null,
  root = ROOT,
  args: readonly string[] = [],
  signal?: AbortSignal,
): Promise<{ ok: boolean; output: string; peakRssMb: number; seconds: number; reused: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [ASTRO_BIN, "build", "--root", root, ...args], {
      cwd: root,
      env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      signal,
    });
    // An aborted build is reported by its exit; the abort itself is no error.
    child.on("error", () => {});
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
