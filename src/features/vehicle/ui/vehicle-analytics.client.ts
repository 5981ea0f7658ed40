/**
 * The car page's analytics: the view event and the pixel's ViewContent once the page is idle, and
 * the phone-tap event for any Call link on the page.
 */
import { ANALYTICS_EVENTS, socialViewContent, track } from "~/lib/analytics";

const page = document.querySelector<HTMLElement>("[data-vehicle]");
const data = JSON.parse(page?.dataset.analytics ?? "null") as {
  eventId: number;
  pixel: boolean;
  vehicle: Record<string, unknown>;
} | null;
// Analytics never blocks the page: the view events wait for an idle moment.
const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
if (data) {
  idle(() => {
    track(data.eventId, data.vehicle);
    if (data.pixel) socialViewContent(data.vehicle);
  });
}
document.addEventListener("click", (event) => {
  const tap = (event.target as HTMLElement | null)?.closest("[data-phone-tap]");
  if (!tap) return;
  // Spec §7 event 25: 'New Car' or 'Used Car' (worked out at build time from the path and the car).
  track(ANALYTICS_EVENTS.phoneTap, { label: page?.dataset.phoneLabel });
});
