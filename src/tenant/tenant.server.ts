/**
 * Everything one tenant's site is built from, as pages read it: the snapshot file the build (or
 * `npm run dev`) wrote once from the tenant's folder and feed (src/snapshot/), so every page reads the
 * same cars at the same clock and no page reads a tenant folder itself.
 */
import { existsSync, readFileSync } from "node:fs";
import type { Car } from "~/tenant/schemas/car";
import type { BlogPost, ContentPage } from "~/tenant/schemas/content";
import type { Location } from "~/tenant/schemas/locations";
import type { Offer } from "~/tenant/schemas/offers";
import type { ReviewsFile } from "~/tenant/schemas/review-list";
import { buildEnv } from "./build-env";
import type { Site } from "./schema";

export interface TenantData {
  site: Site;
  locations: Location[];
  offers: Offer[];
  /** Content pages from `pages/*.md`. */
  pages: ContentPage[];
  /** Blog posts from `blog/*.md`; absent in snapshots from before the blog. */
  posts?: BlogPost[];
  /** Customer reviews (`reviews.json`); absent or null when the tenant has none. */
  reviews?: ReviewsFile | null;
  /** Published cars, in feed order. */
  cars: Car[];
  /** The build's clock (ISO); time rules on pages use it, never the render time. */
  now: string;
}

let current: Promise<TenantData> | undefined;

/**
 * How long pages wait for a snapshot still being written: longer than any feed takes to load and
 * check (a build that gives up stops the process sooner).
 */
export const SNAPSHOT_WAIT_MS = 10 * 60_000;

/** Resolves once `file` exists (it is renamed into place whole), or when `timeoutMs` has passed. */
async function fileAppears(file: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The tenant being built: the snapshot the build or `npm run dev` wrote (`TENANT_SNAPSHOT`). */
export function currentTenant(env: NodeJS.ProcessEnv = process.env): Promise<TenantData> {
  current ??= (async () => {
    const { snapshot, snapshotPending } = buildEnv(env);
    if (!snapshot) {
      throw new Error("No tenant snapshot: build with `npm run build` or run `TENANT=<slug> npm run dev`.");
    }
    if (snapshotPending) await fileAppears(snapshot, SNAPSHOT_WAIT_MS);
    return JSON.parse(readFileSync(snapshot, "utf8")) as TenantData;
  })();
  return current;
}
