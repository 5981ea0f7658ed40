/** The Compare toggles on a page: each follows its site's comparison store (other tabs too). */
import { type CompareEntry, compareToast } from "~/features/compare/compare";
import { compareStore, refreshCompareIn, toggleCompareIn } from "~/features/compare/compare.store";
import { hasSavedCar } from "~/lib/saved-cars";
import { storageAvailable } from "~/lib/saved-list.store";
import { showToast } from "~/lib/ui/toast.client";

for (const box of document.querySelectorAll<HTMLElement>("[data-compare]")) {
  const button = box.querySelector<HTMLButtonElement>("[data-compare-toggle]");
  const count = box.querySelector<HTMLElement>("[data-compare-count]");
  const entry = JSON.parse(box.dataset.entry ?? "null") as CompareEntry | null;
  if (!button || !entry) continue;
  const store = compareStore(box.dataset.key ?? "compare");
  try {
    if (!storageAvailable()) throw new Error("storage blocked");
    refreshCompareIn(store, entry);
  } catch {
    // Storage blocked (private mode on some browsers): nowhere to keep a comparison.
    box.hidden = true;
    continue;
  }
  store.subscribe((entries) => {
    button.setAttribute("aria-pressed", String(hasSavedCar(entries, entry.id)));
    if (count) count.textContent = entries.length ? ` (${entries.length})` : "";
  });
  button.addEventListener("click", () => {
    try {
      showToast(compareToast(entry.name, toggleCompareIn(store, entry)));
    } catch {
      showToast("Cars can't be compared in this browser.");
    }
  });
}
