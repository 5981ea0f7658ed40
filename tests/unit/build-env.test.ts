/**
 * What the build hands Astro (src/tenant/build-env.ts): each variable read with its default, the
 * build's own settings read back unchanged, and a bad value named with what is allowed.
 */
import { describe, expect, it } from "vitest";
import { astroProcessEnv, buildEnv } from "~/tenant/build-env";

const DEFAULTS = {
  tenant: null,
  snapshot: null,
  snapshotPending: false,
  siteUrl: "https://localhost",
  outDir: "dist/_dev",
  publicDir: "./public",
  astroCacheDir: "./node_modules/.astro",
  imageHosts: null,
  shard: { index: 0, count: 1 },
  port: 4321,
};

describe("buildEnv: good values", () => {
  it.each([
    ["nothing set (astro check, tools)", {}, {}],
    [
      "TENANT under npm run dev",
      { TENANT: "westside-auto" },
      { tenant: "westside-auto", outDir: "dist/westside-auto" },
    ],
    ["an empty value is unset", { TENANT: "", PORT: "", TENANTS_DIR: "" }, {}],
    [
      "TENANTS_DIR is not Astro's to read (npm run dev and the build hand it a snapshot)",
      { TENANTS_DIR: "tests/fixtures/e2e-tenants" },
      {},
    ],
    [
      "TENANT_SNAPSHOT",
      { TENANT_SNAPSHOT: ".cache/westside-auto/tenant.json" },
      { snapshot: ".cache/westside-auto/tenant.json" },
    ],
    [
      "TENANT_SNAPSHOT_PENDING (a rebuild's Astro starts before the snapshot is written)",
      { TENANT_SNAPSHOT: ".cache/westside-auto/tenant.1.json", TENANT_SNAPSHOT_PENDING: "1" },
      { snapshot: ".cache/westside-auto/tenant.1.json", snapshotPending: true },
    ],
    [
      "TENANT_SITE_URL",
      { TENANT_SITE_URL: "https://www.westside-auto.example.com.au" },
      { siteUrl: "https://www.westside-auto.example.com.au" },
    ],
    [
      "TENANT_OUT_DIR",
      { TENANT: "westside-auto", TENANT_OUT_DIR: "/tmp/out" },
      { tenant: "westside-auto", outDir: "/tmp/out" },
    ],
    ["TENANT_PUBLIC_DIR", { TENANT_PUBLIC_DIR: ".cache/no-public" }, { publicDir: ".cache/no-public" }],
    [
      "TENANT_ASTRO_CACHE_DIR",
      { TENANT_ASTRO_CACHE_DIR: ".cache/westside-auto/astro" },
      { astroCacheDir: ".cache/westside-auto/astro" },
    ],
    [
      "PUBLIC_IMAGE_HOSTS, two origins",
      { PUBLIC_IMAGE_HOSTS: "https://images.example.com.au https://cdn.example.com/" },
      { imageHosts: ["https://images.example.com.au", "https://cdn.example.com"] },
    ],
    [
      "PUBLIC_IMAGE_HOSTS empty: a tenant without image hosts",
      { PUBLIC_IMAGE_HOSTS: "" },
      { imageHosts: [] },
    ],
    [
      "PUBLIC_IMAGE_HOSTS on this machine over http",
      { PUBLIC_IMAGE_HOSTS: "http://localhost:4399" },
      { imageHosts: ["http://localhost:4399"] },
    ],
    ["BUILD_SHARDS alone", { BUILD_SHARDS: "3" }, { shard: { index: 0, count: 3 } }],
    [
      "BUILD_SHARD and BUILD_SHARDS",
      { BUILD_SHARDS: "2", BUILD_SHARD: "1" },
      { shard: { index: 1, count: 2 } },
    ],
    ["PORT", { PORT: "4400" }, { port: 4400 }],
  ])("%s", (_, env, expected) => {
    expect(buildEnv(env)).toEqual({ ...DEFAULTS, ...expected });
  });

  it("leaves alone the variables it does not own", () => {
    expect(buildEnv({ DATABASE_URL: "not a url", SOURCE_DATE_EPOCH: "soon", PATH: "/usr/bin" })).toEqual(
      DEFAULTS,
    );
  });
});

describe("buildEnv: bad values name the variable, what was wrong and what is allowed", () => {
  it.each([
    [
      { TENANT: "Westside Auto" },
      'TENANT: must be a tenant slug: lower-case letters, digits and single hyphens (got "Westside Auto")',
    ],
    [{ TENANT_SNAPSHOT_PENDING: "yes" }, 'TENANT_SNAPSHOT_PENDING: "yes" is not allowed; use one of "1"'],
    [
      { TENANT_SITE_URL: "www.westside-auto.example.com.au" },
      'TENANT_SITE_URL: must be the site\'s address, like https://www.example.com.au (got "www.westside-auto.example.com.au")',
    ],
    [
      { TENANT_SITE_URL: "ftp://westside-auto.example.com.au" },
      'TENANT_SITE_URL: must be the site\'s address, like https://www.example.com.au (got "ftp://westside-auto.example.com.au")',
    ],
    [
      { PUBLIC_IMAGE_HOSTS: "http://images.example.com.au" },
      'PUBLIC_IMAGE_HOSTS[0]: must be an https:// origin (http:// only for localhost) (got "http://images.example.com.au")',
    ],
    [
      { PUBLIC_IMAGE_HOSTS: "https://images.example.com.au https://cdn.example.com/photos" },
      'PUBLIC_IMAGE_HOSTS[1]: must be an origin, without a path: https://images.example.com.au (got "https://cdn.example.com/photos")',
    ],
    [{ BUILD_SHARDS: "zero" }, 'BUILD_SHARDS: must be a whole number of processes, 1 or more (got "zero")'],
    [{ BUILD_SHARDS: "0" }, 'BUILD_SHARDS: must be 1 or more (got "0")'],
    [{ BUILD_SHARD: "-1" }, 'BUILD_SHARD: must be a whole number from 0 (got "-1")'],
    [{ BUILD_SHARD: "1" }, 'BUILD_SHARD: must be 0 when BUILD_SHARDS is 1 or unset (got "1")'],
    [
      { BUILD_SHARDS: "2", BUILD_SHARD: "2" },
      'BUILD_SHARD: must be a whole number from 0 to 1 (BUILD_SHARDS is 2) (got "2")',
    ],
    [{ PORT: "http" }, 'PORT: must be a port number (got "http")'],
    [{ PORT: "70000" }, 'PORT: must be a port number, 1 to 65535 (got "70000")'],
  ])("%j", (env, problem) => {
    expect(() => buildEnv(env)).toThrow(`The build environment is invalid:\n  - ${problem}`);
  });

  it("lists every bad variable at once", () => {
    expect(() => buildEnv({ TENANT: "A", PORT: "x" })).toThrow(
      'The build environment is invalid:\n  - TENANT: must be a tenant slug: lower-case letters, digits and single hyphens (got "A")\n  - PORT: must be a port number (got "x")',
    );
  });
});

describe("astroProcessEnv: what the build sets, read back by the Astro process", () => {
  const settings = {
    tenant: "sunstate-motor-group",
    snapshot: "/work/.cache/sunstate-motor-group/tenant.json",
    siteUrl: "https://www.sunstate-motor-group.example.com.au",
    imageHosts: ["https://images.example.com.au"],
    outDir: "/work/.cache/scratch/sunstate-motor-group.42.1",
    publicDir: "/work/.cache/no-public",
    astroCacheDir: "/work/.cache/sunstate-motor-group/astro-1",
    shard: { index: 1, count: 2 },
  };

  it("names the nine variables", () => {
    expect(astroProcessEnv(settings)).toEqual({
      TENANT: "sunstate-motor-group",
      TENANT_SNAPSHOT: "/work/.cache/sunstate-motor-group/tenant.json",
      TENANT_SITE_URL: "https://www.sunstate-motor-group.example.com.au",
      PUBLIC_IMAGE_HOSTS: "https://images.example.com.au",
      TENANT_OUT_DIR: "/work/.cache/scratch/sunstate-motor-group.42.1",
      TENANT_PUBLIC_DIR: "/work/.cache/no-public",
      BUILD_SHARD: "1",
      BUILD_SHARDS: "2",
      TENANT_ASTRO_CACHE_DIR: "/work/.cache/sunstate-motor-group/astro-1",
    });
  });

  it.each([
    ["with image hosts", settings],
    ["without image hosts, in one process", { ...settings, imageHosts: [], shard: { index: 0, count: 1 } }],
  ])("reads back what it wrote, %s", (_, written) => {
    expect(buildEnv(astroProcessEnv(written))).toEqual({
      ...written,
      snapshotPending: false,
      port: 4321,
    });
  });

  it("marks a snapshot that is written after Astro starts, and reads it back", () => {
    const pending = { ...settings, snapshotPending: true };
    expect(astroProcessEnv(pending).TENANT_SNAPSHOT_PENDING).toBe("1");
    expect(buildEnv(astroProcessEnv(pending))).toEqual({ ...pending, port: 4321 });
  });
});
