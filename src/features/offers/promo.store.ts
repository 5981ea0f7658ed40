/**
 * The promo popup's dismissal as a store (key promoDismissedKey: the id of the promo the shopper
 * closed on this site, as plain text). A browser that refuses storage keeps it for this page view.
 */
import { persistentAtom } from "@nanostores/persistent";
import type { WritableAtom } from "nanostores";

export type PromoDismissedStore = WritableAtom<string | undefined>;

export function promoDismissedStore(key: string): PromoDismissedStore {
  return persistentAtom<string | undefined>(key, undefined);
}

/**
 * Dismissals the browser refused to store (private mode, a full quota). The persistent store
 * writes storage before its own value, so a refused write leaves it unchanged: this keeps the
 * promo closed for the page view.
 */
const refusedWrites = new WeakMap<PromoDismissedStore, string>();

/** The dismissed promo's id, or null when none was dismissed on this site. */
export function dismissedPromo(store: PromoDismissedStore): string | null {
  return refusedWrites.get(store) ?? store.get() ?? null;
}

export function dismissPromo(store: PromoDismissedStore, promoId: string): void {
  try {
    store.set(promoId);
    refusedWrites.delete(store);
  } catch {
    refusedWrites.set(store, promoId);
  }
}
