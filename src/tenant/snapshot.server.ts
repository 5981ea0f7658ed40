/**
 * What functions know about a tenant at run time: the snapshot the last build published
 * (`.cache/<slug>/tenant.json`, written by scripts/lib/build-tenants/; `TENANT_CACHE_DIR`
 * overrides the folder). Functions answer from the same cars, locations and config the static pages
 * were built from, so a car page and its calls never disagree. Re-read when the file changes.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { SLUG_PATTERN } from "~/lib/slug";
import type { TenantData } from "./tenant.server";

export const SNAPSHOT_FILE = "tenant.json";

export function snapshotPath(slug: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.TENANT_CACHE_DIR || ".cache", slug, SNAPSHOT_FILE);
}

interface Loaded {
  mtimeMs: number;
  data: TenantData;
}
const loaded = new Map<string, Loaded>();

/** The tenant's published data, or null when it has not been built (or the slug is not a slug). */
export function tenantSnapshot(slug: string, env: NodeJS.ProcessEnv = process.env): TenantData | null {
  return load(slug, env)?.data ?? null;
}

function load(slug: string, env: NodeJS.ProcessEnv): Loaded | null {
  if (!SLUG_PATTERN.test(slug)) return null;
  const file = snapshotPath(slug, env);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const cached = loaded.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached;
  const data = JSON.parse(readFileSync(file, "utf8")) as TenantData;
  const entry: Loaded = { mtimeMs, data };
  loaded.set(file, entry);
  return entry;
}
