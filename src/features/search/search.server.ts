/**
 * The tenant's search index at build time: the same documents and engine the browser gets, so
 * prerendered result pages rank and count exactly as the island will.
 */
import type { TenantData } from "~/tenant/tenant.server";
import { type CarSearchDocument, searchDocuments } from "./documents";
import { createEngine, type SearchEngine } from "./engine";
import { CAR_INDEX_SETTINGS } from "./settings";
import { similarCarsIndex } from "./similar";

export interface TenantSearch {
  documents: CarSearchDocument[];
  engine: SearchEngine;
  /** Similar cars of a published car (by id), in display order. */
  similarTo(carId: number): CarSearchDocument[];
}

const cache = new WeakMap<TenantData, TenantSearch>();

export function tenantSearch(tenant: TenantData): TenantSearch {
  let search = cache.get(tenant);
  if (!search) {
    const documents = searchDocuments(tenant.cars, tenant.site, new Date(tenant.now));
    const byId = new Map(documents.map((doc) => [doc.id, doc]));
    const similar = similarCarsIndex(documents, tenant.site.search.similar_cars_shown);
    search = {
      documents,
      engine: createEngine(documents, CAR_INDEX_SETTINGS),
      similarTo: (carId) => {
        const doc = byId.get(carId);
        return doc ? similar.find(doc) : [];
      },
    };
    cache.set(tenant, search);
  }
  return search;
}
