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

/** Top-level names of src/pages (files and folders): a model page may not take any of them. */
const PAGE_FILES = Object.keys(import.meta.glob("/src/pages/**/*.{astro,ts}"));

function takenTopLevel(tenant: TenantData): Set<string> {
  const taken = new Set<string>();
  for (const file of PAGE_FILES) {
    const first = file.replace(/^\/src\/pages\//, "").split("/")[0] ?? "";
    const name = first.replace(/\.(astro|ts)$/, "");
    if (!name.startsWith("[")) taken.add(name.replace(/\.xml$|\.txt$/, ""));
  }
  for (const page of tenant.pages) taken.add(page.slug);
  const publicDir = path.resolve("public");
  if (existsSync(publicDir)) for (const name of readdirSync(publicDir)) taken.add(name);
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
