// One Astro project builds one tenant at a time: scripts/build.ts sets TENANT, TENANT_SITE_URL and
// TENANT_OUT_DIR for each tenant (see ARCHITECTURE.md §1).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import functionsDev from "./scripts/lib/functions-dev.ts";
import slimBrowserDeps from "./scripts/lib/slim-browser-deps.ts";
import { siteSchema } from "./src/tenant/schema.ts";

// The tenant's image hosts (site.json `image_hosts`) reach every bundle of its build, server and
// browser, as import.meta.env.PUBLIC_IMAGE_HOSTS (src/features/media/media.ts). scripts/build.ts
// sets it from the site it loaded; `npm run dev` reads the tenant's site.json here.
if (process.env.TENANT && process.env.PUBLIC_IMAGE_HOSTS === undefined) {
  try {
    const file = path.join(process.env.TENANTS_DIR || "tenants", process.env.TENANT, "site.json");
    const hosts = siteSchema.shape.image_hosts.safeParse(JSON.parse(readFileSync(file, "utf8")).image_hosts);
    if (hosts.success) process.env.PUBLIC_IMAGE_HOSTS = hosts.data.join(" ");
  } catch {
    // A missing or broken site.json: the tenant loader reports it with its own message.
  }
}

export default defineConfig({
  site: process.env.TENANT_SITE_URL || "https://localhost",
  outDir: process.env.TENANT_OUT_DIR || `dist/${process.env.TENANT || "_dev"}`,
  // scripts/build.ts links public/ into each tenant's site itself (scripts/lib/public-files.ts).
  publicDir: process.env.TENANT_PUBLIC_DIR || "./public",
  output: "static",
  integrations: [react(), functionsDev(fileURLToPath(new URL("./src/functions", import.meta.url)))],
  trailingSlash: "ignore",
  // Pages render while others are written; more than one in flight hides file-system latency.
  build: { format: "directory", inlineStylesheets: "auto", concurrency: 4 },
  compressHTML: true,
  devToolbar: { enabled: false },
  // Rebuilds reuse the pages whose data did not change (cacheKey in getStaticPaths,
  // src/tenant/page-cache.server.ts). scripts/lib/build-tenants/ gives each tenant (and shard)
  // its own cache folder; `astro build --force` renders everything.
  experimental: { incrementalBuild: true },
  cacheDir: process.env.TENANT_ASTRO_CACHE_DIR || "./node_modules/.astro",
  vite: { plugins: [slimBrowserDeps()] },
  server: { port: Number(process.env.PORT) || 4321 },
});
