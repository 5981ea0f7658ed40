// One Astro project builds one tenant at a time: scripts/build.ts tells each `astro build` which
// tenant, where to write it and how it is split through the variables of src/tenant/build-env.ts
// (see docs/architecture.md §1).
import { fileURLToPath } from "node:url";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import functionsDev from "./scripts/lib/functions-dev.ts";
import slimBrowserDeps from "./scripts/lib/slim-browser-deps.ts";
import { buildEnv } from "./src/tenant/build-env.ts";

const env = buildEnv();

// The tenant's image hosts (site.json `image_hosts`) reach every bundle of its build, server and
// browser, as import.meta.env.PUBLIC_IMAGE_HOSTS (src/tenant/public-env.ts): scripts/build.ts and
// `npm run dev` set it from the site they loaded.
export default defineConfig({
  site: env.siteUrl,
  outDir: env.outDir,
  // scripts/build.ts links public/ into each tenant's site itself (scripts/lib/public-files.ts).
  publicDir: env.publicDir,
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
  cacheDir: env.astroCacheDir,
  vite: {
    plugins: [slimBrowserDeps()],
    // The search worker is a module worker (src/features/search/transport/): as an ES module it can
    // load the query-understanding code when a shopper's words first need it, not with the page.
    worker: { format: "es" },
  },
  server: { port: env.port },
});
