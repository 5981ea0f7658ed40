/**
 * Where a build finds the truncated-feed guard's baseline and reports its outcome, beside
 * reports/<slug>/last-build.json (which lives in the build cache and may be cleared):
 * - `FEED_GUARD_BASELINES` (JSON `{ "<slug>": n }`): handed over by `npm start`, which holds the
 *   local database itself and records each build's outcome when the build exits;
 * - `DATABASE_URL`: the shared database (a Netlify build: the site's own DATABASE_URL, in scope for
 *   builds), read before and written after each tenant's build;
 * - neither: last-build.json only (a plain local `npm run build` never opens the embedded database,
 *   which a running `npm start` may hold).
 */
import { feedBaseline, markBuildFinished, markBuildStarted } from "~/features/rebuilds/builds.server";
import { type Db, dbTarget, openDb } from "~/lib/db/db.server";
import type { TenantResult } from "./build-tenants";

export interface BaselineSource {
  where: "server" | "database" | "files";
  read?: (slug: string) => Promise<number | null>;
  /** Marks the builds started (they cover every webhook event so far). */
  started(slugs: readonly string[]): Promise<void>;
  finished(results: readonly TenantResult[]): Promise<void>;
  close(): Promise<void>;
}

const warn = (what: string, error: unknown) =>
  console.warn(`[feed guard] ${what}: ${error instanceof Error ? error.message : String(error)}`);

export async function baselineSource(env: NodeJS.ProcessEnv = process.env): Promise<BaselineSource> {
  const none = { started: async () => {}, finished: async () => {}, close: async () => {} };
  if (env.FEED_GUARD_BASELINES) {
    let given: Record<string, unknown> = {};
    try {
      given = JSON.parse(env.FEED_GUARD_BASELINES) as Record<string, unknown>;
    } catch (error) {
      warn("FEED_GUARD_BASELINES is not JSON", error);
    }
    return {
      ...none,
      where: "server",
      read: async (slug) => (typeof given[slug] === "number" ? given[slug] : null),
    };
  }
  if (!env.DATABASE_URL) return { ...none, where: "files" };
  let db: Db;
  try {
    db = await openDb(dbTarget(env), { env });
  } catch (error) {
    warn("the database is unreachable, so only last-build.json guards this build", error);
    return { ...none, where: "files" };
  }
  return {
    where: "database",
    read: (slug) => feedBaseline(db, slug),
    async started(slugs) {
      for (const slug of slugs) await markBuildStarted(db, slug, new Date()).catch((e) => warn(slug, e));
    },
    async finished(results) {
      for (const result of results) {
        await markBuildFinished(
          db,
          result.slug,
          { ok: result.ok, error: result.error ?? null, published: result.published ?? null },
          new Date(),
        ).catch((e) => warn(`${result.slug}: outcome not recorded`, e));
      }
    },
    close: () => db.destroy(),
  };
}
