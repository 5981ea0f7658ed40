/**
 * The home page's quick search: pick a make and model, then a show-me-N-vehicles button goes to
 * that search URL (spec §2). Counts come from the same published documents the results page uses.
 */

import { formatNumber } from "~/lib/format";
import { makeModelPath } from "./slugs";

export interface QuickSearchOption {
  name: string;
  path: string;
  count: number;
}

export interface QuickSearchMake extends QuickSearchOption {
  models: QuickSearchOption[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en-AU");

/** Makes (by name) with their models (by name) and how many published cars each route lists. */
export function quickSearchMakes(docs: readonly { make: string; model: string }[]): QuickSearchMake[] {
  const makes = new Map<string, Map<string, number>>();
  for (const doc of docs) {
    const models = makes.get(doc.make) ?? new Map<string, number>();
    models.set(doc.model, (models.get(doc.model) ?? 0) + 1);
    makes.set(doc.make, models);
  }
  return [...makes]
    .map(([make, models]) => ({
      name: make,
      path: makeModelPath(make),
      count: [...models.values()].reduce((sum, n) => sum + n, 0),
      models: [...models]
        .map(([model, count]) => ({ name: model, path: makeModelPath(make, model), count }))
        .sort(byName),
    }))
    .sort(byName);
}

/** "Show me 1,234 vehicles" / "Show me 1 vehicle". */
export function showMeLabel(count: number): string {
  return `Show me ${formatNumber(count)} ${count === 1 ? "vehicle" : "vehicles"}`;
}
