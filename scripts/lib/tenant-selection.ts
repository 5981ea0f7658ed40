/**
 * Which tenants a command works on: every tenant in TENANTS_DIR (default `tenants/`), or the
 * comma-separated TENANT list. The sample tenants' stock is generated (per day), not committed,
 * so it is made first when reading the sample folder. An unknown slug exits 1 naming the known ones.
 */
import path from "node:path";
import { listTenantSlugs, tenantsDir } from "~/tenant/load";

/** The repository's own `tenants/`, where the sample dealers live (by any spelling of its path). */
const SAMPLE_TENANTS_DIR = path.resolve(import.meta.dirname, "../../tenants");

/**
 * Whether `dir` is the sample tenants' own folder, whose stock is generated rather than committed:
 * the default, or TENANTS_DIR naming it (`TENANTS_DIR=tenants npm start` on a fresh clone).
 */
export function holdsSampleTenants(dir: string): boolean {
  return path.resolve(dir) === SAMPLE_TENANTS_DIR;
}

/** Generates the sample tenants' stock and photos when `dir` is their folder; else does nothing. */
export async function ensureSamplesIn(dir: string): Promise<void> {
  if (holdsSampleTenants(dir)) await (await import("../sample-data")).ensureSampleData(dir);
}

export async function selectTenants(): Promise<{ dir: string; slugs: string[] }> {
  const dir = tenantsDir();
  await ensureSamplesIn(dir);
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
