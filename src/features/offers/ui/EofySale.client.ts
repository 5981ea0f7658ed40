/** The end-of-financial-year sale: once it has closed on the shopper's clock, the page says so instead. */
import { eofyClosedMessage } from "~/features/offers/eofy";

const root = document.querySelector<HTMLElement>("[data-eofy]");
if (root) {
  const closed = eofyClosedMessage(
    { title: root.dataset.title ?? "", start: root.dataset.start, expiry: root.dataset.expiry },
    new Date(),
    root.dataset.timeZone ?? "Australia/Brisbane",
  );
  for (const open of root.querySelectorAll<HTMLElement>("[data-eofy-open]")) open.hidden = Boolean(closed);
  const box = root.querySelector<HTMLElement>("[data-eofy-closed]");
  const message = root.querySelector<HTMLElement>("[data-eofy-message]");
  if (box && message) {
    box.hidden = !closed;
    message.textContent = closed ?? "";
  }
}
