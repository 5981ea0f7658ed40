/**
 * The tenant's brand and model pages, worked out once per build: which makes get tiles, overview
 * pages and which model slugs may become top-level pages without taking another page's address.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { activeOffers } from "~/features/offers/offers";
import type { CarSearchDocument } from "~/features/search/documents";
import { tenantSearch } from "~/features/search/search.server";
import { toSlug } from "~/features/search/slugs";
import type { Offer } from "~/tenant/schemas/offers";
import type { TenantData } from "~/tenant/tenant.server";
import { type Brand, franchisedMakes, type ModelPage, modelCars, modelPages, siteBrands } from "./brands";

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

/** The result cards a model page shows; the rest are a link to its search. */
const MODEL_CARS_SHOWN = 12;

/** Everything a model page shows besides the shared chrome: its build cache key hashes this. */
export interface ModelPageView {
  model: ModelPage;
  /** How many of the model are in stock. */
  count: number;
  /** The first in stock, best ranked first. */
  cars: CarSearchDocument[];
  /** Its offers running at the build's clock. */
  offers: Offer[];
}

export function modelPageView(tenant: TenantData, model: ModelPage): ModelPageView {
  const all = modelCars(model, tenantSearch(tenant).documents).sort((a, b) => b.rank - a.rank || a.id - b.id);
  const offers = activeOffers(tenant.offers, new Date(tenant.now)).filter(
    (offer) => offer.model?.slug && toSlug(offer.model.slug) === model.slug,
  );
  return { model, count: all.length, cars: all.slice(0, MODEL_CARS_SHOWN), offers };
}
