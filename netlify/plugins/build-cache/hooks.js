/**
 * The build plugin's hooks and helpers, apart from its main module (index.js): Netlify Build loads
 * every named export of a plugin's main module as an event handler and refuses the plugin when one
 * is not an event (`Invalid event 'cachedPaths'`), so what the unit test imports lives here.
 *
 * Plain JavaScript: Netlify loads a local plugin as it is, without a TypeScript step.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * @typedef {{ restore(path: string): Promise<boolean>; save(path: string): Promise<boolean> }} CacheUtils
 * @typedef {{
 *   cache: CacheUtils;
 *   run: { command(command: string, options?: { env?: Record<string, string> }): Promise<unknown> };
 *   build: { failBuild(message: string, options?: { error?: unknown }): void };
 *   status: { show(status: { title: string; summary: string; text?: string }): void };
 * }} NetlifyUtils
 */

/** The files a tenant's next build needs from its last one. */
export function cachedPaths(slug, root = process.cwd(), env = process.env) {
  const cacheDir = path.resolve(root, env.TENANT_CACHE_DIR || ".cache", slug);
  const reportsDir = path.resolve(root, env.REPORTS_DIR || "reports", slug);
  return [
    path.join(cacheDir, "astro"),
    path.join(cacheDir, "tenant.json"),
    path.join(reportsDir, "last-build.json"),
    path.join(reportsDir, "builds.json"),
  ];
}

/** Whether the tenant's search runs on a Meilisearch server (site.json `search_service`). */
export function usesMeilisearch(slug, root = process.cwd(), env = process.env) {
  const file = path.resolve(root, env.TENANTS_DIR || "tenants", slug, "site.json");
  if (!existsSync(file)) return false;
  try {
    return Boolean(JSON.parse(readFileSync(file, "utf8")).search_service?.host);
  } catch {
    return false;
  }
}

/** The summary of the tenant's last build (reports/<slug>/builds.json), for the deploy log. */
export function buildSummary(slug, root = process.cwd(), env = process.env) {
  const file = path.resolve(root, env.REPORTS_DIR || "reports", slug, "builds.json");
  let last;
  try {
    last = JSON.parse(readFileSync(file, "utf8")).at(-1);
  } catch {
    return null;
  }
  if (!last) return null;
  const lines = [
    `${last.ok ? "Published" : "Refused"} in ${last.seconds}s: ${last.published ?? "?"} cars of ${last.received ?? "?"} received (${last.hidden ?? 0} hidden, ${last.quarantined ?? 0} quarantined)`,
    `Pages: ${last.pages ?? "?"} (${last.rendered ?? "?"} rendered, ${last.reused ?? 0} reused from the build cache)`,
  ];
  if (last.error) lines.push(`Error: ${String(last.error).split("\n")[0]}`);
  // No car published while rows were quarantined: deployed, but never shown as a plain "ok".
  const empty = last.ok && last.published === 0 && (last.quarantined ?? 0) > 0;
  if (empty) {
    lines.push(
      `Warning: no car published; the feed report (${env.REPORTS_DIR || "reports"}/${slug}/feed-report.json) says why each quarantined row was left out`,
    );
  }
  // Netlify's deploy summary prints `summary` and then `text` under it: the rest of the lines.
  return {
    title: `${slug}: ${empty ? "build empty" : last.ok ? "build ok" : "build failed"}`,
    summary: lines[0],
    text: lines.slice(1).join("\n"),
  };
}

/** The plugin's hooks for the project at `root` (tests pass a scratch folder and environment). */
export function buildCachePlugin(options = {}) {
  const root = () => options.root ?? process.cwd();
  const env = () => options.env ?? process.env;
  const log = options.log ?? ((line) => console.log(line));
  const tenant = () => {
    const slug = env().TENANT?.trim();
    return slug && SLUG.test(slug) ? slug : null;
  };
  const relative = (file) => path.relative(root(), file);

  return {
    /** @param {{ utils: NetlifyUtils }} args */
    async onPreBuild({ utils }) {
      const slug = tenant();
      if (!slug) {
        log("[build-cache] TENANT is not set: nothing to restore (set TENANT=<slug> on the site)");
        return;
      }
      const restored = [];
      for (const file of cachedPaths(slug, root(), env())) {
        if (await utils.cache.restore(file)) restored.push(relative(file));
      }
      log(
        restored.length
          ? `[build-cache] restored ${restored.join(", ")}`
          : `[build-cache] nothing cached yet for ${slug}: this build renders every page`,
      );
    },

    /** @param {{ utils: NetlifyUtils }} args */
    async onPostBuild({ utils }) {
      const slug = tenant();
      if (!slug) return;
      const saved = [];
      for (const file of cachedPaths(slug, root(), env())) {
        if (existsSync(file) && (await utils.cache.save(file))) saved.push(relative(file));
      }
      log(`[build-cache] saved ${saved.join(", ") || "nothing"}`);
      if (usesMeilisearch(slug, root(), env())) {
        log(`[build-cache] ${slug} searches on Meilisearch: npm run search-sync`);
        try {
          await utils.run.command("npm run search-sync", { env: { TENANT: slug } });
        } catch (error) {
          // The pages would list cars the live index does not (or the reverse): keep the old deploy.
          utils.build.failBuild(`search-sync failed for ${slug}; the previous deploy stays live`, { error });
          return;
        }
      }
      const summary = buildSummary(slug, root(), env());
      if (summary) {
        for (const line of [summary.summary, ...summary.text.split("\n")]) log(`[build-cache] ${line}`);
        utils.status.show(summary);
      }
    },
  };
}
