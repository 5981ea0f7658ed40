/**
 * The media's first script, kept tiny: broken pictures give way to the image-not-found picture, and
 * the carousel and spin code (car-media.client.ts) load on first interaction or when idle.
 */
import { IMAGE_NOT_FOUND } from "~/features/media/media";

/** Spec §8: a missing picture shows the image-not-found picture; a spin frame only logs. */
function imageFailed(img: HTMLImageElement) {
  if (img.hasAttribute("data-spin-frame")) {
    console.error("Spin image failed to load", img.currentSrc || img.src);
    return;
  }
  if (img.getAttribute("src") === IMAGE_NOT_FOUND) return;
  img.removeAttribute("srcset");
  img.src = IMAGE_NOT_FOUND;
}

for (const root of document.querySelectorAll<HTMLElement>("[data-car-media]")) {
  root.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) imageFailed(event.target);
    },
    true,
  );
  for (const img of root.querySelectorAll("img")) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) imageFailed(img);
  }

  // The carousel and spin code (and the carousel library) load on first interaction or when
  // the browser is idle, so the page's first JavaScript stays tiny.
  let pending: Event | null = null;
  let loading: Promise<unknown> | null = null;
  const load = () =>
    (loading ??= import("./car-media.client").then(({ enhanceCarMedia }) => {
      for (const event of ["pointerover", "focusin", "touchstart", "change"])
        root.removeEventListener(event, load);
      root.removeEventListener("click", hold, true);
      root.removeEventListener("keydown", hold, true);
      enhanceCarMedia(root, pending);
    }));
  const hold = (event: Event) => {
    const target = event.target as Element;
    const acts =
      event instanceof KeyboardEvent
        ? ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key) && target.closest("[data-viewport]")
        : target.closest("[data-action], [data-thumb]");
    if (acts && !pending) {
      event.preventDefault();
      pending = event;
    }
    load();
  };
  for (const event of ["pointerover", "focusin", "touchstart", "change"])
    root.addEventListener(event, load, { passive: true });
  root.addEventListener("click", hold, true);
  root.addEventListener("keydown", hold, true);
  if ("requestIdleCallback" in window) requestIdleCallback(load, { timeout: 4000 });
  else setTimeout(load, 2000);
}
