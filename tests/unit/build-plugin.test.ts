/**
 * The Netlify build plugin (netlify/plugins/build-cache): its hooks run against a stand-in for
 * Netlify's `utils` (a cache kept in a scratch folder, as Netlify keeps it between builds). A
 * feed-change rebuild on Netlify then finds the Astro build cache, the snapshot and
 * last-build.json where the last build left them; search-sync runs only for Meilisearch tenants.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildCachePlugin } from "../../netlify/plugins/build-cache/hooks.js";

let root: string;
let store: string;
let commands: { command: string; env?: Record<string, string> }[];
let failures: string[];
let shown: { title: string; summary: string }[];
let logs: string[];

/** Netlify's utils as a plugin sees them, with the cache in a folder outside the project. */
function standInUtils(options: { commandFails?: boolean } = {}) {
  const stored = (file: string) => path.join(store, path.relative(root, file));
  return {
    cache: {
      async save(file: string) {
        if (!existsSync(file)) return false;
        rmSync(stored(file), { recursive: true, force: true });
        mkdirSync(path.dirname(stored(file)), { recursive: true });
        cpSync(file, stored(file), { recursive: true });
        return true;
      },
      async restore(file: string) {
        if (!existsSync(stored(file))) return false;
        mkdirSync(path.dirname(file), { recursive: true });
        cpSync(stored(file), file, { recursive: true });
        return true;
      },
    },
    run: {
      async command(command: string, opts?: { env?: Record<string, string> }) {
        commands.push({ command, env: opts?.env });
        if (options.commandFails) throw new Error("Command failed with exit code 1: npm run search-sync");
      },
    },
    build: {
      failBuild(message: string) {
        failures.push(message);
      },
    },
    status: {
      show(status: { title: string; summary: string }) {
        shown.push(status);
      },
    },
  };
}

function writeTenant(slug: string, site: Record<string, unknown>) {
  mkdirSync(path.join(root, "tenants", slug), { recursive: true });
  writeFileSync(path.join(root, "tenants", slug, "site.json"), JSON.stringify({ slug, ...site }));
}

/** What `npm run build` leaves behind for a tenant. */
function writeBuildOutput(slug: string) {
  mkdirSync(path.join(root, ".cache", slug, "astro", "0-of-1"), { recursive: true });
  writeFileSync(path.join(root, ".cache", slug, "astro", "0-of-1", "pages.json"), '{"cars/a":"key-a"}');
  writeFileSync(path.join(root, ".cache", slug, "tenant.json"), '{"cars":[]}');
  mkdirSync(path.join(root, "reports", slug), { recursive: true });
  writeFileSync(
    path.join(root, "reports", slug, "last-build.json"),
    '{"published":120,"pages":160,"at":"2026-11-26T03:00:00Z"}',
  );
  writeFileSync(
    path.join(root, "reports", slug, "builds.json"),
    JSON.stringify([
      {
        at: "2026-11-26T03:00:00Z",
        seconds: 12.5,
        ok: true,
        error: null,
        received: 130,
        published: 120,
        hidden: 8,
        quarantined: 2,
        pages: 160,
        rendered: 7,
        reused: 153,
      },
    ]),
  );
}

const plugin = (slug: string | null) =>
  buildCachePlugin({ root, env: slug ? { TENANT: slug } : {}, log: (line: string) => logs.push(line) });

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "build-plugin-"));
  store = mkdtempSync(path.join(os.tmpdir(), "build-plugin-cache-"));
  commands = [];
  failures = [];
  shown = [];
  logs = [];
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(store, { recursive: true, force: true });
});

describe("the build-cache plugin", () => {
  it("saves the build cache, snapshot and last-build.json after a build and restores them before the next", async () => {
    writeTenant("westside-auto", {});
    const utils = standInUtils();
    await plugin("westside-auto").onPreBuild({ utils });
    expect(logs.join("\n")).toMatch(/nothing cached yet for westside-auto/);

    writeBuildOutput("westside-auto");
    await plugin("westside-auto").onPostBuild({ utils });
    expect(failures).toEqual([]);

    // The next build starts from a fresh checkout: none of it is on disk.
    rmSync(path.join(root, ".cache"), { recursive: true });
    rmSync(path.join(root, "reports"), { recursive: true });
    await plugin("westside-auto").onPreBuild({ utils });
    expect(readFileSync(path.join(root, ".cache/westside-auto/astro/0-of-1/pages.json"), "utf8")).toContain(
      "key-a",
    );
    expect(existsSync(path.join(root, ".cache/westside-auto/tenant.json"))).toBe(true);
    expect(
      JSON.parse(readFileSync(path.join(root, "reports/westside-auto/last-build.json"), "utf8")),
    ).toMatchObject({
      published: 120,
    });
    expect(logs.join("\n")).toMatch(
      /restored \.cache\/westside-auto\/astro, \.cache\/westside-auto\/tenant\.json/,
    );
  });

  it("keeps each tenant's cache to itself", async () => {
    writeTenant("westside-auto", {});
    writeTenant("bayside-nissan", {});
    const utils = standInUtils();
    writeBuildOutput("westside-auto");
    await plugin("westside-auto").onPostBuild({ utils });
    rmSync(path.join(root, ".cache"), { recursive: true });
    await plugin("bayside-nissan").onPreBuild({ utils });
    expect(existsSync(path.join(root, ".cache/westside-auto"))).toBe(false);
    expect(existsSync(path.join(root, ".cache/bayside-nissan"))).toBe(false);
  });

  it("does nothing without TENANT", async () => {
    const utils = standInUtils();
    await plugin(null).onPreBuild({ utils });
    await plugin(null).onPostBuild({ utils });
    expect(commands).toEqual([]);
    expect(logs.join("\n")).toMatch(/TENANT is not set/);
  });

  it("runs search-sync only for a tenant on Meilisearch", async () => {
    writeTenant("embedded-motors", {});
    writeTenant("meili-motors", {
      search_service: { host: "https://search.example.com", key: "search-only" },
    });
    writeBuildOutput("embedded-motors");
    writeBuildOutput("meili-motors");
    await plugin("embedded-motors").onPostBuild({ utils: standInUtils() });
    expect(commands).toEqual([]);
    await plugin("meili-motors").onPostBuild({ utils: standInUtils() });
    expect(commands).toEqual([{ command: "npm run search-sync", env: { TENANT: "meili-motors" } }]);
    expect(failures).toEqual([]);
  });

  it("fails the build when search-sync fails, so the old deploy stays live", async () => {
    writeTenant("meili-motors", { search_service: { host: "https://search.example.com", key: "k" } });
    writeBuildOutput("meili-motors");
    await plugin("meili-motors").onPostBuild({ utils: standInUtils({ commandFails: true }) });
    expect(failures).toEqual(["search-sync failed for meili-motors; the previous deploy stays live"]);
  });

  it("prints the build summary in the deploy log", async () => {
    writeTenant("westside-auto", {});
    writeBuildOutput("westside-auto");
    await plugin("westside-auto").onPostBuild({ utils: standInUtils() });
    expect(shown).toEqual([
      {
        title: "westside-auto: build ok",
        summary: "Published in 12.5s: 120 cars of 130 received (8 hidden, 2 quarantined)",
        text: "Pages: 160 (7 rendered, 153 reused from the build cache)",
      },
    ]);
    expect(logs).toContain(
      "[build-cache] Published in 12.5s: 120 cars of 130 received (8 hidden, 2 quarantined)",
    );
    expect(logs).toContain("[build-cache] Pages: 160 (7 rendered, 153 reused from the build cache)");
  });

  it("calls a build that published no car while it quarantined rows empty, not ok", async () => {
    writeTenant("example-motors", {});
    writeBuildOutput("example-motors");
    const history = path.join(root, "reports/example-motors/builds.json");
    const [entry] = JSON.parse(readFileSync(history, "utf8"));
    writeFileSync(
      history,
      JSON.stringify([{ ...entry, received: 3, published: 0, hidden: 0, quarantined: 3 }]),
    );
    await plugin("example-motors").onPostBuild({ utils: standInUtils() });
    expect(shown).toEqual([
      {
        title: "example-motors: build empty",
        summary: "Published in 12.5s: 0 cars of 3 received (0 hidden, 3 quarantined)",
        text: expect.stringContaining(
          "Warning: no car published; the feed report (reports/example-motors/feed-report.json) says " +
            "why each quarantined row was left out",
        ),
      },
    ]);
  });
});
