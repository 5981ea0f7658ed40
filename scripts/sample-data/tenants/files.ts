/**
 * Sample tenants on disk: their committed files are the source; only the stock is written.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { loadSite, readJsonFile } from "~/tenant/load";
import type { SiteInput } from "~/tenant/schema";
import type { Car } from "~/tenant/schemas/car";
import type { Location } from "~/tenant/schemas/locations";
import type { Offer } from "~/tenant/schemas/offers";
import { ensureImages } from "../render/photos";
import { generateStock, stockFileText } from "../stock";
import { isoDate, ROOT, readHead, SAMPLES_DIR } from "../util";
import type { TenantProfile } from "./profile";
import { SAMPLE_TENANTS } from "./samples";

/** Start of the current UTC day: the sample data's clock. */
export function startOfUtcDay(date = new Date()): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** A sample tenant's stock for `now`, as its site.json in `tenantsDir` configures it. */
function sampleStock(profile: TenantProfile, tenantsDir: string, now: Date): Car[] {
  return generateStock({ profile, site: loadSite(tenantsDir, profile.slug), now });
}

export interface SampleTenantData {
  site: SiteInput;
  locations: Location[];
  offers: Offer[];
  stock: Car[];
}

/** One sample tenant in memory: its committed files and the stock generated for `now`. */
export function sampleTenant(profile: TenantProfile, now: Date, tenantsDir = SAMPLES_DIR): SampleTenantData {
  const dir = path.join(tenantsDir, profile.slug);
  return {
    site: readJsonFile(path.join(dir, "site.json")) as SiteInput,
    locations: readJsonFile(path.join(dir, "locations.json")) as Location[],
    offers: readJsonFile(path.join(dir, "offers.json")) as Offer[],
    stock: sampleStock(profile, tenantsDir, now),
  };
}

/** The sample tenants that have a folder (with site.json) in `tenantsDir`. */
function presentSamples(tenantsDir: string): TenantProfile[] {
  return SAMPLE_TENANTS.filter((p) => existsSync(path.join(tenantsDir, p.slug, "site.json")));
}

/** Writes a sample tenant's stock.json for `now`; returns how many cars it holds. */
function writeStock(tenantsDir: string, profile: TenantProfile, now: Date): number {
  const stock = sampleStock(profile, tenantsDir, now);
  writeFileSync(path.join(tenantsDir, profile.slug, "stock.json"), stockFileText(stock, now));
  return stock.length;
}

export interface SampleSummary {
  tenants: { slug: string; cars: number }[];
  images: number;
  imageSeconds: number;
}

/** Writes the stock of every sample tenant in `tenantsDir` for `now`, and renders missing photos. */
export async function writeSampleData(
  opts: { tenantsDir?: string; now?: Date; publicDir?: string } = {},
): Promise<SampleSummary> {
  const tenantsDir = path.resolve(opts.tenantsDir ?? "tenants");
  const publicDir = path.resolve(opts.publicDir ?? path.join(ROOT, "public"));
  const now = opts.now ?? startOfUtcDay();
  const present = presentSamples(tenantsDir);
  const tenants: SampleSummary["tenants"] = [];
  for (const profile of present)
    tenants.push({ slug: profile.slug, cars: writeStock(tenantsDir, profile, now) });
  const started = performance.now();
  const images = await ensureImages(publicDir, present, tenantsDir);
  return { tenants, images, imageSeconds: (performance.now() - started) / 1000 };
}

/**
 * Brings the stock of the sample tenants present in `tenantsDir` up to date, without photos: a
 * missing or stale stock.json (its `generated_for` is not `now`'s date) is generated again. Every
 * other file of a tenant is committed and never written here. Returns how many files were written
 * and which sample tenants are present.
 */
export function refreshSampleTenants(
  tenantsDir: string,
  now = startOfUtcDay(),
): { written: number; present: TenantProfile[] } {
  const dir = path.resolve(tenantsDir);
  const today = isoDate(now);
  const present = presentSamples(dir);
  let written = 0;
  for (const profile of present) {
    const stockFile = path.join(dir, profile.slug, "stock.json");
    const fresh =
      existsSync(stockFile) &&
      /"generated_for"\s*:\s*"([^"]*)"/.exec(readHead(stockFile, 200))?.[1] === today;
    if (fresh) continue;
    writeStock(dir, profile, now);
    written++;
  }
  return { written, present };
}

/**
 * Keeps the sample tenants in `tenantsDir` fresh for today's UTC date and makes sure their photos
 * exist. Cheap when everything is current. Returns whether anything was written.
 */
export async function ensureSampleData(
  tenantsDir = "tenants",
  publicDir = path.join(ROOT, "public"),
): Promise<boolean> {
  const { written, present } = refreshSampleTenants(tenantsDir);
  const images = await ensureImages(path.resolve(publicDir), present, path.resolve(tenantsDir));
  return written + images > 0;
}
