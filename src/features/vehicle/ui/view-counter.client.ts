/**
 * The view counter: one view.json call once the page is idle; the line shows only a real count.
 * The same answer says whether the car is held (`reserved_until`): only then is the code that
 * shows it (reserved-mark.client.ts) loaded, so a free car's page loads nothing more. Where the
 * deposit can be paid online (`deposit_online`), Reserve Now leads to the checkout page that takes
 * it instead of opening the request-only dialog.
 */
import { formatNumber } from "~/lib/format";

const counter = document.querySelector<HTMLElement>("[data-view-counter]");

/** Turns each Reserve Now that has a checkout page into the way there (the deposit path). */
function reserveThroughCheckout() {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-checkout]")) {
    const href = button.dataset.checkout;
    if (!href) continue;
    delete button.dataset.openDialog;
    button.addEventListener("click", () => window.location.assign(href));
  }
}

async function countView(element: HTMLElement) {
  const { slug, photosCount, updatedAt, websiteId } = element.dataset;
  if (!slug) return;
  const query = new URLSearchParams();
  if (photosCount) query.set("photos_count", photosCount);
  if (updatedAt) query.set("updated_at", updatedAt);
  if (websiteId) query.set("website_id", websiteId);
  try {
    const response = await fetch(`/cars/${encodeURIComponent(slug)}/view.json?${query}`, {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return;
    const { views, reserved_until, deposit_online } = (await response.json()) as {
      views?: unknown;
      reserved_until?: unknown;
      deposit_online?: unknown;
    };
    if (deposit_online === true) reserveThroughCheckout();
    if (typeof reserved_until === "string") {
      void import("./reserved-mark.client").then((mark) => mark.showReserved(reserved_until));
    }
    if (typeof views !== "number" || !Number.isFinite(views) || views < 1) return;
    const text = element.querySelector("[data-view-text]");
    if (text) text.textContent = views === 1 ? "1 view" : `${formatNumber(views)} views`;
    // The line keeps its space while pending (no layout shift when the number arrives).
    delete element.dataset.pending;
    element.removeAttribute("aria-hidden");
  } catch {
    // Spec §7: nothing if not ok.
  }
}

if (counter && counter.dataset.counted !== "true") {
  counter.dataset.counted = "true";
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1500));
  idle(() => void countView(counter), { timeout: 5000 });
}
