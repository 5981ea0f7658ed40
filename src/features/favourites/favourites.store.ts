/**
 * A site's favourites as a store (key favouritesKey, a JSON array of FavouriteEntry), with the
 * actions the toggle and /favourites page take. Actions throw when the browser refuses to store.
 */
import type { WritableAtom } from "nanostores";
import { savedListStore } from "~/lib/saved-list.store";
import { type FavouriteEntry, parseFavourites, removeFavourite, toggleFavourite } from "./favourites";

export type FavouritesStore = WritableAtom<FavouriteEntry[]>;

export function favouritesStore(key: string): FavouritesStore {
  return savedListStore(key, parseFavourites);
}

/** Saves the car (newest first) or removes it; answers whether it is saved afterwards. */
export function toggleFavouriteIn(store: FavouritesStore, entry: FavouriteEntry): boolean {
  const { entries, saved } = toggleFavourite(store.get(), entry);
  store.set(entries);
  return saved;
}

export function removeFavouriteFrom(store: FavouritesStore, id: number): void {
  store.set(removeFavourite(store.get(), id));
}
