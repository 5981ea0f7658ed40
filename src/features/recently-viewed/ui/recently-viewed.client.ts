/**
 * Loads the Recently Viewed strip's code only where it has work: a vehicle page (its car is
 * recorded) or a page whose site list holds a car. A first visit to the home page ships a few
 * lines, so it keeps within its JavaScript budget.
 */
const root = document.querySelector<HTMLElement>("[data-recently-viewed]");

function hasViewed(key: string): boolean {
  try {
    const raw = localStorage.getItem(key);
    return raw !== null && raw !== "[]";
  } catch {
    // Storage blocked: there is nothing to show, and nowhere to keep a view.
    return false;
  }
}

if (root && (root.dataset.record || hasViewed(root.dataset.key ?? ""))) {
  void import("./recently-viewed-strip.client");
}
