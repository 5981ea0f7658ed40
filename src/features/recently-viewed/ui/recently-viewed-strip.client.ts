/**
 * The Recently Viewed strip (loaded by ./recently-viewed.client.ts once the view is recorded):
 * draws the site's list from the shopper's own browser (no request to the site), the page's own
 * car left out, and follows it, other tabs too. Plain DOM, no framework.
 */
import { cdnImage, IMAGE_NOT_FOUND } from "~/features/media/media";
import { shownViewed, type ViewedCar } from "~/features/recently-viewed/recently-viewed";
import { clearViewedIn, viewedStore } from "~/features/recently-viewed/recently-viewed.store";
import { storageAvailable } from "~/lib/saved-list.store";
import { showToast } from "~/lib/ui/toast.client";

const root = document.querySelector<HTMLElement>("[data-recently-viewed]");
const list = root?.querySelector<HTMLUListElement>("[data-recently-viewed-list]");

function card(entry: ViewedCar, soldLabel: string): HTMLLIElement {
  const li = document.createElement("li");
  const image = document.createElement("img");
  image.src = entry.primary_image_url ? cdnImage(entry.primary_image_url, 320) : IMAGE_NOT_FOUND;
  image.alt = "";
  image.width = 220;
  image.height = 147;
  image.loading = "lazy";
  li.append(image);
  if (entry.sold) {
    const tag = document.createElement("span");
    tag.className = "tag";
    tag.textContent = soldLabel;
    li.append(tag);
  }
  const link = document.createElement("a");
  link.href = `/cars/${encodeURIComponent(entry.slug)}`;
  link.textContent = entry.name;
  li.append(link);
  return li;
}

if (root && list && storageAvailable()) {
  const store = viewedStore(root.dataset.key ?? "recently-viewed");
  const record = root.dataset.record ? (JSON.parse(root.dataset.record) as ViewedCar) : null;
  const soldLabel = root.dataset.soldLabel ?? "Sold";
  store.subscribe((entries) => {
    const shown = shownViewed(entries, record?.id ?? null);
    list.replaceChildren(...shown.map((entry) => card(entry, soldLabel)));
    root.hidden = shown.length === 0;
  });
  root.querySelector("[data-recently-viewed-clear]")?.addEventListener("click", () => {
    try {
      clearViewedIn(store);
      showToast("Your recently viewed cars are cleared.");
    } catch {
      showToast("Recently viewed cars can't be cleared in this browser.");
    }
  });
}
