/**
 * What the build hands Astro. `npm run build` runs one `astro build` per tenant, and per shard of a
 * big tenant (scripts/lib/build-tenants/), and tells each process what to build through these
 * environment variables; `TENANT=<slug> npm run dev` sets TENANT and leaves the rest to their
 * defaults. This module is their one definition: astro.config.mjs, the tenant loader
 * (tenant.server.ts), the shards (shard.ts) and the dev functions read them through `buildEnv`,
 * and the build writes them with `astroProcessEnv`, so both sides agree on every name and format.
 *
 * A bad value stops Astro with a message naming the variable, what was wrong and what is allowed.
 * An empty value counts as unset, as a shell's `NAME= npm run dev` means (PUBLIC_IMAGE_HOSTS
 * excepted: empty, it is a tenant without image hosts).
 *
 * Not here: SOURCE_DATE_EPOCH pins the build's clock in scripts/build.ts, which hands it to the
 * pages as the snapshot's `now` (Astro never reads it); PUBLIC_IMAGE_HOSTS reaches browser code
 * through public-env.ts, since this module's zod must stay out of the browser bundles.
 */
import { z } from "zod";
import { SLUG_PATTERN } from "~/lib/slug";
import { ConfigError, describeIssues } from "./errors";
import { imageHostList } from "./public-env";
import { siteSchema } from "./schema";

/** Where a bad value is reported from: ConfigError's "<file> is invalid". */
export const BUILD_ENV_NAME = "The build environment";

/** `""` is unset, as in `NAME= npm run dev`. */
const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const folder = z.string().min(1);
const wholeNumber = (what: string) =>
  z
    .string()
    .regex(/^\d+$/, `must be ${what}`)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n), `must be ${what}`);

/** The variables by their names, as the environment holds them (strings). */
export const buildEnvSchema = z
  .object({
    /** The tenant being built: its folder under TENANTS_DIR, and its sub-domain. */
    TENANT: optional(
      z.string().regex(SLUG_PATTERN, "must be a tenant slug: lower-case letters, digits and single hyphens"),
    ),
    /**
     * The snapshot the build or `npm run dev` wrote (`.cache/<slug>/tenant.json`): every page reads
     * the same cars from it, and no page reads the tenant's folder.
     */
    TENANT_SNAPSHOT: optional(folder),
    /**
     * `1`: the snapshot is still being written when Astro starts (a rebuild starts Astro while the
     * feed loads), so the pages wait for it to appear instead of failing.
     */
    TENANT_SNAPSHOT_PENDING: optional(z.literal("1")),
    /** The site's public origin (site.json `url`): canonical links, the sitemap. Default https://localhost. */
    TENANT_SITE_URL: optional(
      z.url({ protocol: /^https?$/, error: "must be the site's address, like https://www.example.com.au" }),
    ),
    /** Where Astro writes the site: the build's scratch folder, swapped in once complete. Default dist/<TENANT>. */
    TENANT_OUT_DIR: optional(folder),
    /** The folder Astro copies as public files; the build hands an empty one and links public/ itself. */
    TENANT_PUBLIC_DIR: optional(folder),
    /** Astro's build cache, one per tenant and shard, so a rebuild reuses unchanged pages. */
    TENANT_ASTRO_CACHE_DIR: optional(folder),
    /**
     * The tenant's image hosts (site.json `image_hosts`), origins separated by spaces: photos on them
     * go through the image CDN. Unset under `npm run dev`: astro.config.mjs reads the tenant's site.json.
     */
    PUBLIC_IMAGE_HOSTS: z.preprocess(
      (value) => (typeof value === "string" ? imageHostList(value) : value),
      siteSchema.shape.image_hosts.unwrap().optional(),
    ),
    /** How many Astro processes share the tenant's car pages (src/tenant/shard.ts). Default 1. */
    BUILD_SHARDS: optional(
      wholeNumber("a whole number of processes, 1 or more").refine((n) => n >= 1, "must be 1 or more"),
    ),
    /** Which of them this process is, from 0. Default 0. */
    BUILD_SHARD: optional(wholeNumber("a whole number from 0")),
    /** The port of `npm run dev`. Default 4321. */
    PORT: optional(
      wholeNumber("a port number").refine((n) => n >= 1 && n <= 65535, "must be a port number, 1 to 65535"),
    ),
  })
  .superRefine((env, ctx) => {
    const count = env.BUILD_SHARDS ?? 1;
    if (env.BUILD_SHARD !== undefined && env.BUILD_SHARD >= count) {
      ctx.addIssue({
        code: "custom",
        path: ["BUILD_SHARD"],
        message:
          count === 1
            ? "must be 0 when BUILD_SHARDS is 1 or unset"
            : `must be a whole number from 0 to ${count - 1} (BUILD_SHARDS is ${count})`,
      });
    }
  });

/** The build environment as the project uses it, defaults filled in. */
export interface BuildEnv {
  /** Null under `astro check` and tools that load the config without a tenant. */
  tenant: string | null;
  snapshot: string | null;
  /** The snapshot appears after Astro starts: wait for it (TENANT_SNAPSHOT_PENDING). */
  snapshotPending: boolean;
  siteUrl: string;
  outDir: string;
  publicDir: string;
  astroCacheDir: string;
  /** Null when not handed (`astro check` and tools that load the config without a tenant). */
  imageHosts: string[] | null;
  shard: { index: number; count: number };
  port: number;
}

/** Reads the build environment; throws a ConfigError naming every bad variable. */
export function buildEnv(env: NodeJS.ProcessEnv = process.env): BuildEnv {
  const result = buildEnvSchema.safeParse(env);
  if (!result.success) {
    // Problems with one image host name it: the message reads the list, not the raw string.
    const hosts = env.PUBLIC_IMAGE_HOSTS === undefined ? undefined : imageHostList(env.PUBLIC_IMAGE_HOSTS);
    throw new ConfigError(
      BUILD_ENV_NAME,
      describeIssues(result.error, { ...env, PUBLIC_IMAGE_HOSTS: hosts }),
    );
  }
  const vars = result.data;
  return {
    tenant: vars.TENANT ?? null,
    snapshot: vars.TENANT_SNAPSHOT ?? null,
    snapshotPending: vars.TENANT_SNAPSHOT_PENDING === "1",
    siteUrl: vars.TENANT_SITE_URL ?? "https://localhost",
    outDir: vars.TENANT_OUT_DIR ?? `dist/${vars.TENANT ?? "_dev"}`,
    publicDir: vars.TENANT_PUBLIC_DIR ?? "./public",
    astroCacheDir: vars.TENANT_ASTRO_CACHE_DIR ?? "./node_modules/.astro",
    imageHosts: vars.PUBLIC_IMAGE_HOSTS ?? null,
    shard: { index: vars.BUILD_SHARD ?? 0, count: vars.BUILD_SHARDS ?? 1 },
    port: vars.PORT ?? 4321,
  };
}

/** What one `astro build` of a tenant is told by the build. */
export interface AstroBuildSettings {
  tenant: string;
  snapshot: string;
  /** The snapshot is written after Astro starts (renamed into place whole); Astro waits for it. */
  snapshotPending?: boolean;
  siteUrl: string;
  imageHosts: readonly string[];
  outDir: string;
  publicDir: string;
  astroCacheDir: string;
  shard: { index: number; count: number };
}

/** The environment variables that tell an `astro build` process what to build (`buildEnv` reads them back). */
export function astroProcessEnv(settings: AstroBuildSettings): Record<string, string> {
  return {
    TENANT: settings.tenant,
    TENANT_SNAPSHOT: settings.snapshot,
    TENANT_SITE_URL: settings.siteUrl,
    PUBLIC_IMAGE_HOSTS: settings.imageHosts.join(" "),
    TENANT_OUT_DIR: settings.outDir,
    TENANT_PUBLIC_DIR: settings.publicDir,
    BUILD_SHARD: String(settings.shard.index),
    BUILD_SHARDS: String(settings.shard.count),
    TENANT_ASTRO_CACHE_DIR: settings.astroCacheDir,
    ...(settings.snapshotPending ? { TENANT_SNAPSHOT_PENDING: "1" } : {}),
  };
}
