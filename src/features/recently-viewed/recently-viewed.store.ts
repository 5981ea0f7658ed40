/**
 * A site's recently viewed cars as a store (key viewedKey, a JSON array of ViewedCar). Actions throw
 * when the browser refuses to store.
 */
import type { WritableAtom } from "nanostores";
import { savedListStore } from "~/lib/saved-list.store";
import { parseViewed, recordView, type ViewedCar } from "./recently-viewed";

export type ViewedStore = WritableAtom<ViewedCar[]>;

export function viewedStore(key: string): ViewedStore {
  return savedListStore(key, parseViewed);
}

export function recordViewIn(store: ViewedStore, car: ViewedCar): void {
  store.set(recordView(store.get(), car));
}

export function clearViewedIn(store: ViewedStore): void {
  store.set([]);
}
