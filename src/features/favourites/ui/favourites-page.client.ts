/** /favourites: draws the site's favourites from its store and removes cars from it. */
import type { FavouriteEntry } from "~/features/favourites/favourites";
import { favouritesStore, removeFavouriteFrom } from "~/features/favourites/favourites.store";
import { cdnImage, IMAGE_NOT_FOUND } from "~/features/media/media";
import { storageAvailable } from "~/lib/saved-list.store";

const root = document.querySelector<HTMLElement>("[data-favourites-page]");
const list = root?.querySelector<HTMLUListElement>("[data-favourites-list]");
const empty = root?.querySelector<HTMLElement>("[data-favourites-empty]");
const status = root?.querySelector<HTMLElement>("[data-favourites-status]");
const store = favouritesStore(root?.dataset.key ?? "favourites");
/** This page's own removals redraw in place; only another tab's changes redraw the whole list. */
let removing = false;

function item(entry: FavouriteEntry): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "saved-item";
  const image = document.createElement("img");
  image.src = entry.primary_image_url ? cdnImage(entry.primary_image_url, 320) : IMAGE_NOT_FOUND;
  image.alt = "";
  image.width = 160;
  image.height = 107;
  image.loading = "lazy";
  const link = document.createElement("a");
  link.href = `/cars/${encodeURIComponent(entry.slug)}`;
  link.textContent = entry.name;
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "btn btn-outline";
  remove.textContent = "Remove";
  remove.setAttribute("aria-label", `Remove ${entry.name}`);
  remove.addEventListener("click", () => {
    try {
      removing = true;
      removeFavouriteFrom(store, entry.id);
    } catch {
      if (status) status.textContent = "Favourites can't be changed in this browser.";
      return;
    } finally {
      removing = false;
    }
    // Keep keyboard users in the list: focus the next car's Remove, else the heading.
    const next = (li.nextElementSibling ?? li.previousElementSibling)?.querySelector("button");
    li.remove();
    render(false);
    (next ?? root?.querySelector<HTMLElement>("h1"))?.focus();
    if (status) status.textContent = `Removed ${entry.name}.`;
  });
  li.append(image, link, remove);
  return li;
}

function read(): FavouriteEntry[] {
  if (!storageAvailable()) throw new Error("storage blocked");
  return store.get();
}

/** Draws the list (when `fill`) and the empty state from storage. */
function render(fill: boolean) {
  let entries: FavouriteEntry[];
  try {
    entries = read();
  } catch {
    if (status) status.textContent = "Your browser is blocking storage, so favourites can't be shown.";
    return;
  }
  if (fill && list) list.replaceChildren(...entries.map(item));
  if (empty) empty.hidden = entries.length > 0;
  if (fill && status)
    status.textContent = entries.length === 1 ? "1 saved car." : `${entries.length} saved cars.`;
}

render(true);
if (storageAvailable()) {
  store.listen(() => {
    if (!removing) render(true);
  });
}
