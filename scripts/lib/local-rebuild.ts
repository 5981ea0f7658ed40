/**
 * `npm start`'s answer to the stock-feed webhook: rebuild that tenant in the background with the
 * same incremental build as `npm run build` (scripts/build.ts with TENANT=<slug>), while the server
 * keeps serving the old build. The build swaps the new site in only when it succeeds, so a failed
 * build or a refused (truncated) feed keeps the old site; its reason is in the log and the ops view.
 * When a build ends and events arrived meanwhile, exactly one more runs (coalescing rules in
 * src/features/rebuilds/rebuilds.ts, state in the database like a deployed site's).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { registerLocalBuilder } from "~/features/rebuilds/build-trigger.server";
import {
  claimDueBuild,
  feedBaseline,
  forgetRunningBuilds,
  markBuildFinished,
  recordFeedBaseline,
  tenantsWithDueBuilds,
} from "~/features/rebuilds/builds.server";
import type { Db } from "~/lib/db/db.server";
import { type BuildHistoryEntry, ROOT, readBuildHistory } from "./build-tenants";

export interface LocalRebuilds {
  /** The database the webhook's state lives in (the ops view reads it). */
  db: Db;
  /** Tenants whose rebuild runs now. */
  running(): string[];
  stop(): Promise<void>;
}

let current: LocalRebuilds | null = null;

/** The rebuilder of this `npm start` process, if it runs one (the tenant index shows its state). */
export const localRebuilds = (): LocalRebuilds | null => current;

export function startLocalRebuilds(options: {
  db: Db;
  /** The pinned tenant (`TENANT=<slug> npm start`), or null for every tenant. */
  tenant: string | null;
  slugs: readonly string[];
  reportsDir?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): LocalRebuilds {
  const { db } = options;
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  const reportsDir = path.resolve(options.reportsDir ?? (env.REPORTS_DIR || path.join(ROOT, "reports")));
  const children = new Map<string, ChildProcess>();
  let stopping = false;

  const lastEntry = (slug: string): BuildHistoryEntry | undefined =>
    readBuildHistory(path.join(reportsDir, slug, "builds.json")).at(-1);

  async function run(slug: string): Promise<void> {
    if (stopping || children.has(slug)) return;
    const baseline = await feedBaseline(db, slug).catch(() => null);
    const since = Date.now();
    log(`[rebuild] ${slug}: stock feed changed, rebuilding in the background (the site keeps serving)`);
    const child = spawn(
      process.execPath,
      [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/build.ts")],
      {
        cwd: ROOT,
        // This process holds the local database: the build takes its baseline from here, and the
        // outcome is recorded here when it exits.
        env: {
          ...env,
          TENANT: slug,
          BUILD_TRIGGER: "webhook",
          FEED_GUARD_BASELINES: JSON.stringify({ [slug]: baseline }),
        },
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    children.set(slug, child);
    child.on("exit", (code) => {
      children.delete(slug);
      const entry = lastEntry(slug);
      const fresh = entry && Date.parse(entry.at) >= since - 1000 ? entry : undefined;
      const ok = code === 0;
      const outcome = `${ok ? "new build is live" : `build failed, the old site stays up${fresh?.error ? `: ${fresh.error.split("\n")[0]}` : ""}`} (${((Date.now() - since) / 1000).toFixed(1)}s)`;
      if (stopping) return;
      void markBuildFinished(
        db,
        slug,
        {
          ok,
          error: ok ? null : (fresh?.error ?? `build exited with ${code}`),
          published: fresh?.published ?? null,
        },
        new Date(),
      )
        .then(async (due) => {
          log(`[rebuild] ${slug}: ${outcome}`);
          if (due && (await claimDueBuild(db, slug, new Date()))) await run(slug);
        })
        .catch((error) => log(`[rebuild] ${slug}: ${(error as Error).message}`));
    });
  }

  registerLocalBuilder(async (slug) => {
    if (options.tenant !== null && slug !== options.tenant)
      return { ok: false, error: "not this site's tenant" };
    void run(slug).catch((error) => log(`[rebuild] ${slug}: ${(error as Error).message}`));
    return { ok: true };
  });

  // This process runs every local build: one marked running belongs to a server that is gone.
  // The first build (before the database was open) is the guard's baseline from now on.
  void (async () => {
    await forgetRunningBuilds(db, options.tenant, new Date());
    for (const slug of options.slugs) {
      const entry = readBuildHistory(path.join(reportsDir, slug, "builds.json")).findLast((e) => e.ok);
      if (entry?.published != null)
        await recordFeedBaseline(db, slug, entry.published, new Date(entry.finished_at));
    }
    for (const slug of await tenantsWithDueBuilds(db, options.tenant, new Date())) {
      if (await claimDueBuild(db, slug, new Date())) await run(slug);
    }
  })().catch((error) => log(`[rebuild] ${(error as Error).message}`));

  current = {
    db,
    running: () => [...children.keys()],
    async stop() {
      stopping = true;
      current = null;
      registerLocalBuilder(null);
      await Promise.all(
        [...children.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once("exit", () => resolve());
              child.kill("SIGTERM");
            }),
        ),
      );
    },
  };
  return current;
}
