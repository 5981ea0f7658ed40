/**
 * Similar cars (spec §7, §9): the vehicle page asks the search service for them once, as the old
 * sites did. One multi-search request lists two queries, the same model and then the same body
 * type, each in stock, within a price band of ±10,000 under 50,000 (±25,000 above) and limited to
 * 10; the answers are merged same model first, deduplicated by id, without the car itself, and the
 * first N shown. When both come back empty, a filter search for the newest in-stock cars of the
 * same type fills the row.
 *
 * Asking at view time, not at build time, keeps a vehicle page independent of every other car: a
 * feed change re-renders the changed cars' pages only, and the row always shows the index's
 * current prices (a Meilisearch index is synced before the pages are rebuilt).
 */
import { quote } from "./routing";

export const SIMILAR_QUERY_LIMIT = 10;
export const SIMILAR_SHOWN = 6;
export const PRICE_BAND_THRESHOLD = 50_000;

/** Highlight tags as the search widgets send them; the row shows no highlights, but asks alike. */
const HIGHLIGHT = { highlightPreTag: "<mark>", highlightPostTag: "</mark>" } as const;

export function priceBand(price: number): [number, number] {
  const spread = price < PRICE_BAND_THRESHOLD ? 10_000 : 25_000;
  return [price - spread, price + spread];
}

/** What the queries need of the car on the page (fields of its search document). */
export interface SimilarSubject {
  id: number;
  make: string;
  model: string;
  body: string | null;
  car_type: string;
  price: number;
}

/** A query of a multi-search request (a type, not an interface, so it fits the engine's query type). */
export type SimilarQuery = {
  indexUid: string;
  filter: string[];
  limit: number;
  highlightPreTag: string;
  highlightPostTag: string;
};

const IN_STOCK = `"status"="in_stock"`;

/** The first request: same model, then (when the car has one) same body, both in the price band. */
export function similarQueries(car: SimilarSubject, indexUid: string): SimilarQuery[] {
  const [low, high] = priceBand(car.price);
  const band = [`"price">=${low}`, `"price"<=${high}`];
  const query = (filter: string[]): SimilarQuery => ({
    indexUid,
    filter: [...filter, IN_STOCK, ...band],
    limit: SIMILAR_QUERY_LIMIT,
    ...HIGHLIGHT,
  });
  const queries = [query([`"make"=${quote(car.make)}`, `"model"=${quote(car.model)}`])];
  if (car.body) queries.push(query([`"body"=${quote(car.body)}`]));
  return queries;
}

/** The fallback when nothing is similar: in-stock cars of the same type, in the index's order. */
export function fallbackQuery(car: SimilarSubject, indexUid: string): SimilarQuery {
  return {
    indexUid,
    filter: [`"car_type"=${quote(car.car_type)}`, IN_STOCK],
    limit: SIMILAR_QUERY_LIMIT,
    ...HIGHLIGHT,
  };
}

/** The cars to show from the answers' hit lists, in query order: no repeats, never the car itself. */
export function pickSimilar<T extends { id: number }>(
  car: Pick<SimilarSubject, "id">,
  hitLists: readonly (readonly T[])[],
  shown = SIMILAR_SHOWN,
): T[] {
  const seen = new Set<number>([car.id]);
  const picked: T[] = [];
  for (const hits of hitLists) {
    for (const hit of hits) {
      if (picked.length === shown) return picked;
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      picked.push(hit);
    }
  }
  return picked;
}

/** Sends a multi-search request (`POST /multi-search`) and returns each query's hits. */
export type MultiSearch = <T>(queries: SimilarQuery[]) => Promise<T[][]>;

/** The similar cars of `car`: the first request, then the fallback only if it found nothing. */
export async function findSimilar<T extends { id: number }>(
  car: SimilarSubject,
  indexUid: string,
  search: MultiSearch,
  shown = SIMILAR_SHOWN,
): Promise<T[]> {
  const similar = pickSimilar(car, await search<T>(similarQueries(car, indexUid)), shown);
  if (similar.length > 0) return similar;
  return pickSimilar(car, await search<T>([fallbackQuery(car, indexUid)]), shown);
}
