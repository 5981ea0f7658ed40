/** The trade-in FAQ: its answers open and close with an animation. */
import { animateDetails } from "~/features/trade-in/accordion.client";

for (const root of document.querySelectorAll<HTMLElement>("[data-accordion]")) {
  const duration = Number(root.dataset.duration) || 300;
  for (const details of root.querySelectorAll("details")) animateDetails(details, duration);
}
