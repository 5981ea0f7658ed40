/** Copy link with its notice and toast, and share links in a small window (ShareTools). */
import { showToast } from "~/lib/ui/toast.client";

for (const box of document.querySelectorAll<HTMLElement>("[data-share]")) {
  const copy = box.querySelector<HTMLButtonElement>("[data-copy-link]");
  const label = box.querySelector<HTMLElement>("[data-copy-label]");
  let timer: ReturnType<typeof setTimeout> | undefined;
  copy?.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(box.dataset.url ?? location.href);
    } catch (error) {
      console.warn("copy link", error);
      showToast("Copying is blocked in this browser: copy the address bar instead.");
      return;
    }
    if (label) label.textContent = "Copied";
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (label) label.textContent = "Copy link";
    }, Number(box.dataset.copiedMs));
    showToast(box.dataset.toast ?? "Copied");
  });
  for (const link of box.querySelectorAll<HTMLAnchorElement>("[data-share-window]")) {
    link.addEventListener("click", (event) => {
      const opened = window.open(link.href, "share", box.dataset.window);
      // Popup blocked: let the link open in a new tab instead.
      if (opened === null) return;
      opened.opener = null;
      event.preventDefault();
    });
  }
}
