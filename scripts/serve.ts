/**
 * `npm start`: build every tenant (unless SKIP_BUILD=1), then serve them all on PORT (4321):
 * `http://<slug>.localhost:4321/`, functions under /api/*, and a tenant index on localhost.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp, listBuiltTenants } from "./lib/app";
import { ROOT } from "./lib/build-tenants";

const port = Number(process.env.PORT) || 4321;
const distDir = path.resolve(process.env.DIST_DIR || path.join(ROOT, "dist"));

if (process.env.SKIP_BUILD !== "1") {
  const build = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/build.ts")],
    {
      stdio: "inherit",
      env: process.env,
    },
  );
  if (build.status !== 0) console.warn("\nSome tenants failed to build; serving the ones that exist.\n");
}

const app = await createApp({
  distDir,
  functionsDir: path.join(ROOT, "src/functions"),
  port,
  cacheDir: path.join(ROOT, ".cache"),
});
serve({ fetch: app.fetch, port }, () => {
  const slugs = listBuiltTenants(distDir);
  console.log(`\nServing ${slugs.length} tenant${slugs.length === 1 ? "" : "s"}:`);
  for (const slug of slugs) console.log(`  http://${slug}.localhost:${port}/`);
  console.log(`Tenant index: http://localhost:${port}/`);
  console.log(`Functions:    http://<slug>.localhost:${port}/api/*\n`);
});
