/**
 * The tenant's search index at build time: the same documents and engine the browser gets, so
 * prerendered result pages rank and count exactly as the island will.
 */
import type { Site } from "~/tenant/schema";
import type { TenantData } from "~/tenant/tenant.server";
import { type CarSearchDocument, searchDocuments } from "./documents";
import { createEngine, type SearchEngine } from "./engine";
import { CAR_INDEX_SETTINGS } from "./settings";
import type { SearchClientConfig } from "./transport/search-client.client";

export interface TenantSearch {
  documents: CarSearchDocument[];
  engine: SearchEngine;
  /** The search document of a published car (by id). */
  documentOf(carId: number): CarSearchDocument | undefined;
}

const cache = new WeakMap<TenantData, TenantSearch>();

export function tenantSearch(tenant: TenantData): TenantSearch {
  let search = cache.get(tenant);
  if (!search) {
    const documents = searchDocuments(tenant.cars, tenant.site, new Date(tenant.now));
    const byId = new Map(documents.map((doc) => [doc.id, doc]));
    search = {
      documents,
      engine: createEngine(documents, CAR_INDEX_SETTINGS),
      documentOf: (carId) => byId.get(carId),
    };
    cache.set(tenant, search);
  }
  return search;
}

/** Where a page's searches go: the tenant's Meilisearch server, else the build's index file. */
export function browserSearchConfig(site: Site): SearchClientConfig {
  return {
    service: site.search_service
      ? { host: site.search_service.host, key: site.search_service.key }
      : undefined,
    indexUrl: "/search-data/cars.json",
    cacheSize: site.search.cache_size,
  };
}
