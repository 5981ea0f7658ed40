/**
 * `TENANT=<slug> npm run dev`: Astro's dev server for one tenant, functions under /api/*.
 *
 * It assembles the tenant once and writes its snapshot first, as a build does, so dev pages and
 * functions read the same snapshot a built site's do and no page reads the tenant's folder. Edits to
 * the tenant's folder or feed show after a restart.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { clock } from "~/server/clock";
import { loadTenant } from "~/snapshot/load-tenant.server";
import { listTenantSlugs, tenantsDir } from "~/tenant/load";
import { snapshotPath } from "~/tenant/snapshot.server";
import { ROOT } from "./lib/build-tenants";
import { ensureSamplesIn } from "./lib/tenant-selection";

const dir = tenantsDir();
// The sample tenants' stock and photos are generated (deterministically, per day), not committed.
await ensureSamplesIn(dir);
const slugs = listTenantSlugs(dir);
const slug = process.env.TENANT;
if (!slug || !slugs.includes(slug)) {
  console.error(`Choose a tenant: TENANT=<slug> npm run dev (one of: ${slugs.join(", ")})`);
  process.exit(1);
}
// Its own folder, so a dev session never replaces the snapshot a built site's functions answer from.
const cacheDir = path.join(ROOT, ".cache", "dev");
const snapshot = snapshotPath(slug, { TENANT_CACHE_DIR: cacheDir });
const { data } = await loadTenant(dir, slug, clock());
mkdirSync(path.dirname(snapshot), { recursive: true });
writeFileSync(snapshot, JSON.stringify(data));

const child = spawn(
  process.execPath,
  [path.join(ROOT, "node_modules/astro/bin/astro.mjs"), "dev", ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      TENANT: slug,
      TENANT_SNAPSHOT: snapshot,
      TENANT_CACHE_DIR: cacheDir,
      PUBLIC_IMAGE_HOSTS: data.site.image_hosts.join(" "),
      ASTRO_TELEMETRY_DISABLED: "1",
    },
  },
);
child.on("exit", (code) => process.exit(code ?? 0));
