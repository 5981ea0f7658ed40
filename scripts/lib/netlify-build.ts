/**
 * A tenant's deploy as Netlify makes it, offline, with Netlify's own packages: netlify.toml read by
 * @netlify/config, and Netlify Build itself (@netlify/build, what `netlify build` and Netlify's
 * build machines run) on a copy of the project: build plugins, the build command, the publish
 * folder, and every function bundled into the zips a deploy uploads. The deploy check
 * (tests/unit/deploy-check.test.ts) uses it; tests/unit/netlify-routing.test.ts reads the config.
 */
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "@netlify/config";
import { parse, stringify } from "smol-toml";
import yauzl from "yauzl";

/** Netlify refuses a function over these (its documented limits). */
export const NETLIFY_FUNCTION_LIMITS = { zippedBytes: 50 * 1024 * 1024, unzippedBytes: 250 * 1024 * 1024 };

export interface NetlifyRedirect {
  from: string;
  to?: string;
  status?: number;
  force?: boolean;
  query?: Record<string, string>;
}

export interface NetlifyHeaderRule {
  for: string;
  values: Record<string, string>;
}

export interface NetlifyConfig {
  functionsDirectory?: string;
  functions?: Record<string, Record<string, unknown>>;
  build: { environment?: Record<string, string>; publish?: string };
  redirects: NetlifyRedirect[];
  headers: NetlifyHeaderRule[];
}

/** netlify.toml as Netlify's build resolves it (production context, offline: no site, no token). */
export async function netlifyConfig(root: string): Promise<NetlifyConfig> {
  const { config } = await resolveConfig({
    cwd: root,
    repositoryRoot: root,
    offline: true,
    context: "production",
    mode: "cli",
    buffer: true,
  });
  return config as NetlifyConfig;
}

export interface BundledFunction {
  name: string;
  zip: string;
  zippedBytes: number;
  unzippedBytes: number;
  /** Paths inside the zip. */
  files: string[];
}

/** Every file name in a zip and the sum of their sizes once unpacked. */
export function zipEntries(zip: string): Promise<{ files: string[]; unzippedBytes: number }> {
  return new Promise((resolve, reject) => {
    yauzl.open(zip, { lazyEntries: true, autoClose: true }, (error, archive) => {
      if (error || !archive) return reject(error ?? new Error(`cannot open ${zip}`));
      const files: string[] = [];
      let unzippedBytes = 0;
      archive.on("entry", (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith("/")) {
          files.push(entry.fileName);
          unzippedBytes += entry.uncompressedSize;
        }
        archive.readEntry();
      });
      archive.on("end", () => resolve({ files, unzippedBytes }));
      archive.on("error", reject);
      archive.readEntry();
    });
  });
}

/**
 * Copies the project at `root` to `dest` as a fresh clone of it would be, with `tenants` (slug →
 * folder) as its only tenants, in `<dest>/<tenantsDir>`: the files git tracks or would track (uncommitted changes included,
 * tests/ and tenants/ left out), and node_modules and public/ (its rendered sample photos too) as
 * hard links, which take a second where a copy of node_modules takes a minute. So a build there
 * neither reads nor writes the working tree's dist/, .cache/, reports/ or .netlify/.
 */
export function copyProject(
  root: string,
  dest: string,
  tenants: Record<string, string>,
  tenantsDir = "tenants",
): void {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${root}: ${listed.stderr}`);
  const skipped = ["tests/", "tenants/", "public/"];
  for (const file of listed.stdout.split("\0")) {
    if (!file || skipped.some((prefix) => file.startsWith(prefix))) continue;
    const target = path.join(dest, file);
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      copyFileSync(path.join(root, file), target);
    } catch (error) {
      // A file deleted in the working tree but not yet in git's index is gone from a clone too.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  for (const folder of ["node_modules", "public"]) {
    const linked = spawnSync("cp", ["-al", path.join(root, folder), path.join(dest, folder)]);
    if (linked.status !== 0) throw new Error(`cp -al ${folder} failed: ${linked.stderr}`);
  }
  for (const [slug, from] of Object.entries(tenants)) {
    cpSync(from, path.join(dest, tenantsDir, slug), { recursive: true });
  }
}

export interface NetlifyBuildRun {
  /** Netlify Build's exit code: 0 when the deploy would go ahead. */
  code: number | null;
  /** Everything it printed (stdout and stderr, in order). */
  log: string;
  seconds: number;
}

/**
 * Runs Netlify Build (`@netlify/build`'s own command line, offline: no site settings from the API)
 * in `project` with exactly `env` as its environment, as a Netlify build machine runs it for one
 * site. Its cache (what plugins save with `utils.cache`) lives in `<project>/.netlify/cache`.
 * `config` names another configuration file than the project's netlify.toml.
 */
export function runNetlifyBuild(
  project: string,
  env: NodeJS.ProcessEnv,
  config?: string,
): Promise<NetlifyBuildRun> {
  const started = performance.now();
  const bin = path.join(project, "node_modules/@netlify/build/bin.js");
  const args = [bin, "--offline", "--cwd", project, ...(config ? ["--config", config] : [])];
  const child = spawn(process.execPath, args, {
    cwd: project,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: string[] = [];
  child.stdout.on("data", (data: Buffer) => chunks.push(data.toString()));
  child.stderr.on("data", (data: Buffer) => chunks.push(data.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ code, log: chunks.join(""), seconds: Math.round(performance.now() - started) / 1000 }),
    );
  });
}

/**
 * The project's netlify.toml without its functions: for a build whose point is the build cache and
 * the pages, not the function zips an earlier build of the same commit already made.
 */
export function withoutFunctions(project: string, file: string): void {
  const config = parse(readFileSync(path.join(project, "netlify.toml"), "utf8"));
  delete config.functions;
  writeFileSync(path.join(project, file), stringify(config));
}

/** The functions a Netlify build bundled (`<folder>/manifest.json`), with what each zip holds. */
export async function bundledFunctions(folder: string): Promise<BundledFunction[]> {
  const manifest = JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8")) as {
    functions: { name: string; path: string }[];
  };
  const bundled: BundledFunction[] = [];
  for (const fn of manifest.functions.sort((a, b) => a.name.localeCompare(b.name))) {
    const zip = path.join(folder, path.basename(fn.path));
    const { files, unzippedBytes } = await zipEntries(zip);
    bundled.push({ name: fn.name, zip, zippedBytes: statSync(zip).size, unzippedBytes, files });
  }
  return bundled;
}
