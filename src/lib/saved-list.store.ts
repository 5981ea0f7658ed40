/**
 * Browser state kept in localStorage as nanostores stores (@nanostores/persistent): one store per
 * storage key, so every toggle and page of a site shares the same list and follows other tabs.
 */
import { persistentAtom } from "@nanostores/persistent";
import type { WritableAtom } from "nanostores";

/**
 * Whether this browser lets the site keep anything: some private modes refuse localStorage
 * outright, and then there is nowhere to keep favourites or a comparison.
 */
export function storageAvailable(): boolean {
  try {
    return typeof localStorage !== "undefined" && localStorage !== null;
  } catch {
    return false;
  }
}

const lists = new Map<string, WritableAtom<unknown[]>>();

/**
 * The store of a list kept under `key` as a JSON array, read with `parse` (defensive: anything
 * unreadable is an empty list). Setting it writes the JSON array and throws when the browser
 * refuses to store it (quota, private mode), leaving the store as it was.
 */
export function savedListStore<T>(key: string, parse: (raw: string | null) => T[]): WritableAtom<T[]> {
  let store = lists.get(key);
  if (!store) {
    store = persistentAtom<unknown[]>(key, [], { encode: JSON.stringify, decode: parse });
    lists.set(key, store);
  }
  return store as WritableAtom<T[]>;
}
