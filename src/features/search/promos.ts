/**
 * Promo tiles in the search results (spec §3 promo node; §5: active if now is on/after start and
 * on/before expiry; items with a position first, in position order, the rest following, optionally
 * shuffled; the car-type display filter applied; strictDisplay items dropped when the filter is
 * not a new, used or demo choice). Pure: the build prerenders with it and the island re-applies it
 * at the shopper's clock and filters. Tiles never count as vehicles.
 */
import { campaignState } from "~/lib/campaign";
import type { CarType, PromoNode } from "~/tenant/schema";

export type { PromoNode };

const CAR_TYPE_SET = new Set<string>(["new", "demo", "used"]);

export function promoActive(promo: Pick<PromoNode, "start" | "expiry">, now: Date): boolean {
  return campaignState(promo, now) === "open";
}

/** Not yet over at `now`: what a build prerenders (the page decides again at the shopper's clock). */
export function promoNotEnded(promo: Pick<PromoNode, "expiry">, now: Date): boolean {
  return campaignState({ expiry: promo.expiry }, now) !== "ended";
}

/**
 * Spec §5 order: promos with a position first, by position; the rest after them in the site's
 * order, or shuffled when `random` is given (the site's `promo_shuffle`).
 */
export function orderPromos<P extends Pick<PromoNode, "position">>(
  promos: readonly P[],
  random?: () => number,
): P[] {
  const placed = promos
    .map((promo, index) => ({ promo, index }))
    .filter(({ promo }) => promo.position !== undefined)
    .sort((a, b) => (a.promo.position ?? 0) - (b.promo.position ?? 0) || a.index - b.index)
    .map(({ promo }) => promo);
  const rest = promos.filter((promo) => promo.position === undefined);
  if (random) {
    for (let i = rest.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rest[i], rest[j]] = [rest[j] as P, rest[i] as P];
    }
  }
  return [...placed, ...rest];
}

export interface PromoContext {
  /** The search route's path (`/search/toyota`), without its query string. */
  path: string;
  /** The car types the shopper's filters (route and Condition filter) narrow the results to. */
  carTypes: readonly string[];
}

const trimPath = (path: string) => path.replace(/\/+$/, "").toLowerCase() || "/";

/**
 * Whether a promo is for this search: its routes, if it names any, include this one; with one
 * car type chosen, its car types (if any) include it; with none or several chosen, a strictDisplay
 * promo is dropped, since the shopper is not looking at the stock it advertises.
 */
export function promoShown(
  promo: Pick<PromoNode, "display" | "strictDisplay">,
  context: PromoContext,
): boolean {
  const types = promo.display.filter((entry) => CAR_TYPE_SET.has(entry));
  const routes = promo.display.filter((entry) => entry.startsWith("/")).map(trimPath);
  if (routes.length > 0 && !routes.includes(trimPath(context.path))) return false;
  const choice = context.carTypes.length === 1 ? context.carTypes[0] : undefined;
  if (choice === undefined || !CAR_TYPE_SET.has(choice)) return !promo.strictDisplay;
  return types.length === 0 || types.includes(choice);
}

/** The car types a search narrows to: the route's, else the Condition filter's ticked values. */
export function chosenCarTypes(
  pathTypes: readonly CarType[],
  refined: readonly string[] | undefined,
): string[] {
  if (refined && refined.length > 0) {
    return pathTypes.length > 0
      ? refined.filter((type) => pathTypes.includes(type as CarType))
      : [...refined];
  }
  return [...pathTypes];
}

export type GridItem<T> = { kind: "car"; car: T } | { kind: "promo"; promo: PromoNode };

/**
 * The first page's grid: each positioned promo at its 1-based slot among all tiles (at the end
 * when the page is shorter), then the others after the cards. `promos` in spec order.
 */
export function placePromos<T>(hits: readonly T[], promos: readonly PromoNode[]): GridItem<T>[] {
  const items: GridItem<T>[] = hits.map((car) => ({ kind: "car", car }));
  for (const promo of promos) {
    const slot = promo.position === undefined ? items.length : Math.min(promo.position - 1, items.length);
    items.splice(slot, 0, { kind: "promo", promo });
  }
  return items;
}
