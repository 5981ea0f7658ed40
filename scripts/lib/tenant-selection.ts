/**
 * Which tenants a command works on: every tenant in TENANTS_DIR (default `tenants/`), or the
 * comma-separated TENANT list. The sample tenants' stock is generated (per day), not committed,
 * so it is made first when reading the sample folder. An unknown slug exits 1 naming the known ones.
 */
import { listTenantSlugs, tenantsDir } from "~/tenant/load";

export async function selectTenants(): Promise<{ dir: string; slugs: string[] }> {
  const dir = tenantsDir();
  if (!process.env.TENANTS_DIR) await (await import("../sample-data")).ensureSampleData(dir);
  const all = listTenantSlugs(dir);
  const wanted = process.env.TENANT?.split(",")
    .map((slug) => slug.trim())
    .filter(Boolean);
  const unknown = wanted?.filter((slug) => !all.includes(slug)) ?? [];
  if (unknown.length > 0) {
    console.error(`Unknown tenant ${unknown.join(", ")}; tenants in ${dir}: ${all.join(", ") || "none"}`);
    process.exit(1);
  }
  return { dir, slugs: wanted ?? all };
}
