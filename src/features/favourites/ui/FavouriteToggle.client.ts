/** The Favourite toggles on a page: each follows its site's favourites store (other tabs too). */
import { type FavouriteEntry, favouriteToast, isFavourite } from "~/features/favourites/favourites";
import { favouritesStore, toggleFavouriteIn } from "~/features/favourites/favourites.store";
import { storageAvailable } from "~/lib/saved-list.store";
import { showToast } from "~/lib/ui/toast.client";

for (const box of document.querySelectorAll<HTMLElement>("[data-favourite]")) {
  const button = box.querySelector<HTMLButtonElement>("[data-favourite-toggle]");
  const entry = JSON.parse(box.dataset.entry ?? "null") as FavouriteEntry | null;
  if (!button || !entry) continue;
  if (!storageAvailable()) {
    // Storage blocked (private mode on some browsers): nowhere to keep favourites.
    box.hidden = true;
    continue;
  }
  const store = favouritesStore(box.dataset.key ?? "favourites");
  store.subscribe((entries) => button.setAttribute("aria-pressed", String(isFavourite(entries, entry.id))));
  button.addEventListener("click", () => {
    try {
      const saved = toggleFavouriteIn(store, entry);
      showToast(favouriteToast(entry.name, saved));
    } catch {
      showToast("Favourites can't be saved in this browser.");
    }
  });
}
