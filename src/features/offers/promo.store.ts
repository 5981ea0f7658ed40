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

/** The dismissed promo's id, or null when none was dismissed on this site. */
export function dismissedPromo(store: PromoDismissedStore): string | null {
  return store.get() ?? null;
}

export function dismissPromo(store: PromoDismissedStore, promoId: string): void {
  try {
    store.set(promoId);
  } catch {
    // Private mode: it is still closed for this page view.
  }
}
