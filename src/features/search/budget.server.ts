/**
 * Build-time data of the budget finder: the spec's query (facet on price and body with
 * `{default stock filter} AND price>1000`) run once on the tenant's engine, so the home page
 * counts cars for any budget without loading the search index.
 */
import { vehicleNoun } from "~/features/stock/stock";
import type { TenantData } from "~/tenant/tenant.server";
import { type BodyTile, BUDGET_FILTER, type BudgetFrequency, pickBodyTiles } from "./budget";
import type { CarSearchDocument } from "./documents";
import { indexUid } from "./documents";
import { tenantSearch } from "./search.server";

export interface BudgetFinderData {
  noun: string;
  frequency: BudgetFrequency;
  /** Ascending prices of every counted car. */
  prices: number[];
  tiles: BodyTile[];
}

export function budgetFinderData(tenant: TenantData): BudgetFinderData | null {
  const { site } = tenant;
  const config = site.budget_finder;
  if (!config.enabled) return null;
  const { engine, documents } = tenantSearch(tenant);
  const result = engine.search(indexUid(site), {
    filter: BUDGET_FILTER,
    facets: ["price", "body"],
    sort: ["price:asc"],
    limit: documents.length,
    attributesToRetrieve: ["price", "body", "body_label"],
  });
  const hits = result.hits as Pick<CarSearchDocument, "price" | "body" | "body_label">[];
  if (hits.length === 0) return null;
  const bodies = new Map<string, { label: string; prices: number[] }>();
  for (const hit of hits) {
    if (!hit.body) continue;
    const entry = bodies.get(hit.body) ?? { label: hit.body_label ?? hit.body, prices: [] };
    entry.prices.push(hit.price);
    bodies.set(hit.body, entry);
  }
  return {
    noun: vehicleNoun(site),
    frequency: config.frequency,
    prices: hits.map((hit) => hit.price),
    tiles: pickBodyTiles(bodies, config.bodies),
  };
}
