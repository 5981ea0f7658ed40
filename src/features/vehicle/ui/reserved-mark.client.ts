/**
 * Shows a paid hold on the vehicle page without a rebuild: view.json's `reserved_until` swaps each
 * [data-reserved-swap] cell (the tag, Reserve Now) to what a held car shows, "Reserved until
 * {day, time}" in the dealer's time zone. The cells keep their size (reserved-swap.css), so nothing
 * moves; a hold that has ended (or none) leaves the page as built.
 */
import { DEFAULT_TIME_ZONE } from "~/features/locations/locations";
import { liveHold, reservedUntilText } from "~/features/payments/reservations";

export function showReserved(value: unknown, now: Date = new Date()): void {
  const until = liveHold(value, now);
  for (const swap of document.querySelectorAll<HTMLElement>("[data-reserved-swap]")) {
    if (!until) {
      delete swap.dataset.reserved;
      continue;
    }
    const text = reservedUntilText(until, swap.dataset.timeZone ?? DEFAULT_TIME_ZONE);
    for (const note of swap.querySelectorAll<HTMLElement>("[data-reserved-until]")) note.textContent = text;
    swap.dataset.reserved = "";
  }
}
