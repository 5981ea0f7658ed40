/**
 * Similar cars (spec §7, §9): same model first, then the same body type, in stock, within a price
 * band of ±10,000 under 50,000 (±25,000 above), up to 10 per query, deduplicated, first N shown;
 * nothing similar falls back to the newest in-stock cars of the same type. Computed at build time
 * over the search documents, so vehicle pages render them with no request.
 */
import { isInStock } from "~/features/stock/stock";
import type { CarSearchDocument } from "./documents";

export const SIMILAR_QUERY_LIMIT = 10;
export const SIMILAR_SHOWN = 6;
export const PRICE_BAND_THRESHOLD = 50_000;

export function priceBand(price: number): [number, number] {
  const spread = price < PRICE_BAND_THRESHOLD ? 10_000 : 25_000;
  return [price - spread, price + spread];
}

type Doc = CarSearchDocument;

function group(docs: readonly Doc[], key: (doc: Doc) => string | null): Map<string, Doc[]> {
  const groups = new Map<string, Doc[]>();
  for (const doc of docs) {
    const k = key(doc);
    if (k === null || !isInStock(doc)) continue;
    const members = groups.get(k);
    if (members) members.push(doc);
    else groups.set(k, [doc]);
  }
  return groups;
}

/** Builds the lookup once per tenant; `find(car)` is then cheap for every vehicle page. */
export function similarCarsIndex(documents: readonly Doc[], shown = SIMILAR_SHOWN) {
  // Documents arrive in custom-rank order, so each group is already best first.
  const byModel = group(documents, (doc) => `${doc.make}\u0000${doc.model}`);
  const byBody = group(documents, (doc) => doc.body);
  const byType = group(documents, (doc) => doc.car_type);

  const query = (candidates: readonly Doc[] | undefined, car: Doc, band: [number, number] | null) =>
    (candidates ?? [])
      .filter((doc) => doc.id !== car.id && (!band || (doc.price >= band[0] && doc.price <= band[1])))
      .slice(0, SIMILAR_QUERY_LIMIT);

  return {
    find(car: Doc): Doc[] {
      const band = priceBand(car.price);
      const seen = new Set<number>();
      const similar = [
        ...query(byModel.get(`${car.make}\u0000${car.model}`), car, band),
        ...query(car.body ? byBody.get(car.body) : undefined, car, band),
      ].filter((doc) => !seen.has(doc.id) && seen.add(doc.id));
      if (similar.length > 0) return similar.slice(0, shown);
      return query(byType.get(car.car_type), car, null).slice(0, shown);
    },
  };
}
