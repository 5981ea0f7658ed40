/**
 * A site's comparison as a store (key compareKey, a JSON array of CompareEntry, at most
 * COMPARE_LIMIT), with the actions the toggle and /compare page take. Actions throw when the
 * browser refuses to store.
 */
import type { WritableAtom } from "nanostores";
import { withoutSavedCar } from "~/lib/saved-cars";
import { savedListStore } from "~/lib/saved-list.store";
import {
  type CompareEntry,
  type CompareToggle,
  parseCompare,
  refreshCompare,
  toggleCompare,
} from "./compare";

export type CompareStore = WritableAtom<CompareEntry[]>;

export function compareStore(key: string): CompareStore {
  return savedListStore(key, parseCompare);
}

/** Adds or removes the car; a full comparison is left untouched. */
export function toggleCompareIn(store: CompareStore, entry: CompareEntry): CompareToggle {
  const { entries, result } = toggleCompare(store.get(), entry);
  if (result !== "full") store.set(entries);
  return result;
}

/** Brings a compared car up to date with its vehicle page, when it is compared and has changed. */
export function refreshCompareIn(store: CompareStore, entry: CompareEntry): void {
  const refreshed = refreshCompare(store.get(), entry);
  if (refreshed) store.set(refreshed);
}

export function removeCompareFrom(store: CompareStore, id: number): void {
  store.set(withoutSavedCar(store.get(), id));
}
