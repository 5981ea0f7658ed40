/**
 * The functions as Netlify deploys them, made offline with Netlify's own packages: netlify.toml
 * read by @netlify/config (as Netlify's build reads it), every function bundled by
 * @netlify/zip-it-and-ship-it with the parameters Netlify's build passes it (@netlify/build's
 * getZisiParameters), and what each zip holds. The deploy check (tests/unit/deploy-check.test.ts)
 * uses it.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { resolveConfig } from "@netlify/config";
import { zipFunctions } from "@netlify/zip-it-and-ship-it";
import yauzl from "yauzl";

/** Netlify refuses a function over these (its documented limits). */
export const NETLIFY_FUNCTION_LIMITS = { zippedBytes: 50 * 1024 * 1024, unzippedBytes: 250 * 1024 * 1024 };

/** The Node version functions run on when the build names none (Netlify's default). */
const NETLIFY_DEFAULT_NODE = "22";

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
 * Bundles every function of the project at `root` into `outDir` (one zip each plus
 * `manifest.json`), as a Netlify build does after the build command. `extraExcludes` are more `!`
 * patterns for `included_files` (files a one-tenant build would not have left behind).
 */
export async function bundleFunctions(options: {
  root: string;
  outDir: string;
  extraExcludes?: string[];
}): Promise<BundledFunction[]> {
  const { root, outDir, extraExcludes = [] } = options;
  const config = await netlifyConfig(root);
  if (!config.functionsDirectory) throw new Error("netlify.toml names no functions directory");
  const nodeVersion = config.build.environment?.NODE_VERSION ?? NETLIFY_DEFAULT_NODE;
  const perPattern: Record<string, Record<string, unknown>> = { "*": {}, ...config.functions };
  // @netlify/build renames netlify.toml's keys to zip-it-and-ship-it's (normalizeFunctionConfig).
  const zisiConfig = Object.fromEntries(
    Object.entries(perPattern).map(([pattern, fn]) => {
      const included = (fn.included_files as string[] | undefined) ?? [];
      return [
        pattern,
        {
          externalNodeModules: fn.external_node_modules,
          includedFiles: pattern === "*" ? [...included, ...extraExcludes] : included,
          includedFilesBasePath: root,
          ignoredNodeModules: fn.ignored_node_modules,
          nodeBundler: fn.node_bundler === "esbuild" ? "esbuild_zisi" : fn.node_bundler,
          nodeVersion,
          schedule: fn.schedule,
        },
      ];
    }),
  );
  const results = await zipFunctions([config.functionsDirectory], outDir, {
    basePath: root,
    repositoryRoot: root,
    config: zisiConfig as never,
    manifest: path.join(outDir, "manifest.json"),
  });
  const bundled: BundledFunction[] = [];
  for (const result of results.sort((a, b) => a.name.localeCompare(b.name))) {
    const { files, unzippedBytes } = await zipEntries(result.path);
    bundled.push({
      name: result.name,
      zip: result.path,
      zippedBytes: statSync(result.path).size,
      unzippedBytes,
      files,
    });
  }
  return bundled;
}
