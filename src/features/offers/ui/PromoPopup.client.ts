/** The promo popup opens once the page has loaded, unless this promo was dismissed on this site. */
import { showsPromo } from "~/features/offers/offers";
import { dismissedPromo, dismissPromo, promoDismissedStore } from "~/features/offers/promo.store";

const dialog = document.querySelector<HTMLDialogElement>("#promo-popup");
if (dialog) {
  const promo = JSON.parse(dialog.dataset.promo ?? "{}") as {
    id: string;
    start?: string;
    expiry?: string;
    key: string;
  };
  const store = promoDismissedStore(promo.key);
  const dismiss = () => dismissPromo(store, promo.id);
  const open = () => {
    if (!showsPromo(promo, dismissedPromo(store), new Date()) || document.querySelector("dialog[open]"))
      return;
    dialog.showModal();
  };
  dialog.addEventListener("close", dismiss);
  dialog.querySelector("[data-promo-dismiss]")?.addEventListener("click", () => dialog.close());
  dialog.querySelector("[data-promo-link]")?.addEventListener("click", dismiss);
  if (document.readyState === "complete") open();
  else window.addEventListener("load", open, { once: true });
}
