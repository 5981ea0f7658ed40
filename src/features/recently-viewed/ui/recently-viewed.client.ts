/**
 * Records the vehicle page's car at once (a shopper may leave within a second), then loads the
 * Recently Viewed strip's code only where it has a car to show. A first visit to the home page
 * ships these few lines, so it keeps within its JavaScript budget.
 */
import { parseViewed, recordView, shownViewed, type ViewedCar } from "../recently-viewed";

const root = document.querySelector<HTMLElement>("[data-recently-viewed]");
if (root) {
  const key = root.dataset.key ?? "recently-viewed";
  const record = root.dataset.record ? (JSON.parse(root.dataset.record) as ViewedCar) : null;
  let entries: ViewedCar[] = [];
  try {
    entries = parseViewed(localStorage.getItem(key));
    if (record) {
      entries = recordView(entries, record);
      localStorage.setItem(key, JSON.stringify(entries));
    }
  } catch {
    // Storage blocked or full: the strip shows what was kept before, if anything.
  }
  if (shownViewed(entries, record?.id ?? null).length > 0) void import("./recently-viewed-strip.client");
}
