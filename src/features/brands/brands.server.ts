/**
 * The tenant's brand and model pages, worked out once per build: which makes get tiles, overview
 * pages and which model slugs may become top-level pages without taking another page's address.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { activeOffers } from "~/features/offers/offers";
import { tenantSearch } from "~/features/search/search.server";
import type { TenantData } from "~/tenant/tenant.server";
import { type Brand, franchisedMakes, type ModelPage, modelPages, siteBrands } from "./brands";

/**
 * Addresses a model page may not take: every top-level name in src/pages (read at build time, from
 * the project root like the rest of the build), the tenant's content pages, public/ folders and
 * the dealer's own makes.
 */
function takenTopLevel(tenant: TenantData): Set<string> {
  const taken = new Set<string>();
  for (const dir of ["src/pages", "public"]) {
    const full = path.resolve(dir);
    if (!existsSync(full)) continue;
    for (const name of readdirSync(full)) {
      if (!name.startsWith("[")) taken.add(name.replace(/\.(astro|ts|md)$/, "").replace(/\.(xml|txt)$/, ""));
    }
  }
  for (const page of tenant.pages) taken.add(page.slug);
  for (const make of franchisedMakes(tenant.site)) taken.add(make.toLowerCase());
  return taken;
}

const cache = new WeakMap<TenantData, { brands: Brand[]; models: ModelPage[] }>();

export function tenantBrands(tenant: TenantData): { brands: Brand[]; models: ModelPage[] } {
  let entry = cache.get(tenant);
  if (!entry) {
    const { documents } = tenantSearch(tenant);
    const offers = activeOffers(tenant.offers, new Date(tenant.now));
    entry = {
      brands: siteBrands(tenant.site, documents),
      models: modelPages(tenant.site, documents, offers, takenTopLevel(tenant)),
    };
    cache.set(tenant, entry);
  }
  return entry;
}
