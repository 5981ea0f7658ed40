/**
 * Reads a tenant folder (`TENANTS_DIR/<slug>/`) into validated objects. Every problem becomes a
 * ConfigError naming the file and field; nothing here knows about Astro.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Location, locationsFileSchema } from "~/tenant/schemas/locations";
import { type Offer, offersFileSchema } from "~/tenant/schemas/offers";
import { type ReviewsFile, reviewsFileSchema } from "~/tenant/schemas/review-list";
import { ConfigError, parseWithFriendlyErrors } from "./errors";
import { type Site, siteSchema } from "./schema";

export const SITE_FILE = "site.json";

/** The folder of tenants: `TENANTS_DIR` or `./tenants`. */
export function tenantsDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.TENANTS_DIR || "tenants");
}

/** Slugs of every folder in `dir` that holds a site.json, sorted. */
export function listTenantSlugs(dir: string): string[] {
  if (!existsSync(dir)) throw new Error(`Tenants folder ${dir} does not exist (set TENANTS_DIR).`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, SITE_FILE)))
    .map((entry) => entry.name)
    .sort();
}

/** Reads and parses a JSON file; a syntax error names the file and the position. */
export function readJsonFile(file: string): unknown {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (error) {
    throw new ConfigError(file, [`cannot be read: ${(error as Error).message}`]);
  }
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new ConfigError(file, [`is not valid JSON: ${(error as Error).message}`]);
  }
}

export function loadSite(dir: string, slug: string): Site {
  const file = path.join(dir, slug, SITE_FILE);
  const site = parseWithFriendlyErrors(siteSchema, readJsonFile(file), file);
  if (site.slug !== slug) {
    throw new ConfigError(file, [
      `slug: "${site.slug}" must match its folder name "${slug}" (rename the folder or fix the slug)`,
    ]);
  }
  return site;
}

/** Optional data files default to empty lists; a present but broken file is an error. */
function loadList<T>(file: string, parse: (data: unknown) => T[]): T[] {
  if (!existsSync(file)) return [];
  return parse(readJsonFile(file));
}

export function loadLocations(dir: string, site: Site): Location[] {
  const file = path.join(dir, site.slug, "locations.json");
  const all = loadList(file, (data) => parseWithFriendlyErrors(locationsFileSchema, data, file));
  const known = new Set(all.map((location) => location.id));
  const missing = site.locations.filter((ref) => !known.has(ref.id)).map((ref) => ref.id);
  if (missing.length > 0) {
    throw new ConfigError(path.join(dir, site.slug, SITE_FILE), [
      `locations: ids ${missing.join(", ")} are not in locations.json (add them there or remove them here)`,
    ]);
  }
  // site.json decides which locations this site shows and as what type.
  if (site.locations.length === 0) return all.filter((location) => location.visible);
  return site.locations.flatMap((ref) => {
    const location = all.find((candidate) => candidate.id === ref.id);
    return location?.visible
      ? [{ ...location, location_type: location.location_type || ref.location_type }]
      : [];
  });
}

export function loadOffers(dir: string, site: Site): Offer[] {
  const file = path.join(dir, site.slug, "offers.json");
  return loadList(file, (data) => parseWithFriendlyErrors(offersFileSchema, data, file)).filter(
    (offer) => !offer.excluded_website_ids.includes(site.slug),
  );
}

/** `reviews.json` (spec §3 Review list), or null when the tenant has none. */
export function loadReviews(dir: string, site: Site): ReviewsFile | null {
  const file = path.join(dir, site.slug, "reviews.json");
  if (!existsSync(file)) return null;
  return parseWithFriendlyErrors(reviewsFileSchema, readJsonFile(file), file);
}
