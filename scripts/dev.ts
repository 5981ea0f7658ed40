/** `TENANT=<slug> npm run dev`: Astro's dev server for one tenant, functions under /api/*. */
import { spawn } from "node:child_process";
import path from "node:path";
import { listTenantSlugs, tenantsDir } from "~/tenant/load";
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
const child = spawn(
  process.execPath,
  [path.join(ROOT, "node_modules/astro/bin/astro.mjs"), "dev", ...process.argv.slice(2)],
  {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, TENANT: slug, ASTRO_TELEMETRY_DISABLED: "1" },
  },
);
child.on("exit", (code) => process.exit(code ?? 0));
