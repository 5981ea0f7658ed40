/**
 * The vehicle media viewer in the browser, loaded lazily by CarMedia.astro: the gallery carousel
 * (embla-carousel: swipe, arrows, keyboard, thumbnails, full screen) and the spin viewer (frames
 * preloaded first, 20 px of drag or an arrow key per frame, auto-rotation every 100 ms until the
 * shopper takes over, hotspots following the frame).
 */
import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import { cdnImage } from "../media";
import { AUTO_ROTATE_MS, frameFromDrag, stepFrame, type ViewerMode } from "../viewer";

const FULL_SCREEN_SIZES = "100vw";

export function enhanceCarMedia(root: HTMLElement, pending: Event | null): void {
  const gallery = enhanceGallery(root);
  const spin = enhanceSpin(root);
  let mode = checkedMode(root);

  const stopFrames = (panel: string) => {
    for (const frame of root.querySelectorAll<HTMLIFrameElement>(`[data-panel="${panel}"] iframe`)) {
      restart(frame);
    }
  };
  const enterMode = (next: ViewerMode) => {
    if (next === mode) return;
    // Spec §4: leaving the gallery resets its index.
    if (mode === "gallery") gallery?.reset();
    if (mode === "spinner") spin?.stop();
    if (mode === "walkaround" || mode === "gallery") stopFrames(mode);
    mode = next;
    if (mode === "spinner") spin?.start();
  };
  root.addEventListener("change", (event) => {
    const input = event.target as HTMLInputElement;
    if (input.matches("[data-mode-input]")) enterMode(input.value as ViewerMode);
  });
  if (mode === "spinner") spin?.start();

  gallery?.onThumb(() => {
    const input = root.querySelector<HTMLInputElement>('[data-mode-input][value="gallery"]');
    if (input && !input.checked) {
      input.checked = true;
      enterMode("gallery");
    }
  });
  if (pending) gallery?.replay(pending);
}

/** Reloading a player's frame stops it (a hidden player would keep playing). */
function restart(frame: HTMLIFrameElement) {
  const src = frame.src;
  frame.src = "about:blank";
  frame.src = src;
}

function checkedMode(root: HTMLElement): ViewerMode {
  const input = root.querySelector<HTMLInputElement>("[data-mode-input]:checked");
  return (input?.value as ViewerMode | undefined) ?? "gallery";
}

function enhanceGallery(root: HTMLElement) {
  const frame = root.querySelector<HTMLElement>("[data-gallery-frame]");
  const viewport = root.querySelector<HTMLElement>("[data-viewport]");
  if (!frame || !viewport) return null;
  const home = frame.parentElement as HTMLElement;
  const prev = frame.querySelector<HTMLButtonElement>('[data-action="prev"]');
  const next = frame.querySelector<HTMLButtonElement>('[data-action="next"]');
  const counter = frame.querySelector<HTMLElement>("[data-counter]");
  const announce = frame.querySelector<HTMLElement>("[data-announce]");
  const thumbs = [...root.querySelectorAll<HTMLAnchorElement>("[data-thumb]")];
  const dialog = root.querySelector<HTMLDialogElement>("[data-fullscreen]");
  const dialogBody = root.querySelector<HTMLElement>("[data-fullscreen-body]");
  const opener = frame.querySelector<HTMLButtonElement>("[data-fullscreen-open]");
  const images = [...viewport.querySelectorAll<HTMLImageElement>("img")];
  const thumbListeners: (() => void)[] = [];

  // Where a shopper had already scrolled the plain strip before this code arrived.
  const startIndex = viewport.clientWidth ? Math.round(viewport.scrollLeft / viewport.clientWidth) : 0;
  viewport.scrollLeft = 0;
  viewport.classList.add("is-enhanced");
  const embla: EmblaCarouselType = EmblaCarousel(viewport, { startIndex, duration: 22, watchFocus: true });
  const slides = embla.slideNodes();
  let previous = embla.selectedScrollSnap();

  const update = () => {
    const index = embla.selectedScrollSnap();
    if (prev) prev.disabled = !embla.canScrollPrev();
    if (next) next.disabled = !embla.canScrollNext();
    if (counter) counter.textContent = String(index + 1);
    thumbs.forEach((thumb, i) => {
      if (i !== index) {
        thumb.removeAttribute("aria-current");
        return;
      }
      thumb.setAttribute("aria-current", "true");
      // Scroll the strip only (scrollIntoView could move the whole page).
      const strip = thumb.closest("ul");
      const item = thumb.parentElement;
      if (strip && item) {
        const left = item.offsetLeft - strip.offsetLeft;
        if (left < strip.scrollLeft || left + item.offsetWidth > strip.scrollLeft + strip.clientWidth)
          strip.scrollTo({ left: left - (strip.clientWidth - item.offsetWidth) / 2, behavior: "smooth" });
      }
    });
    slides.forEach((slide, i) => {
      slide.inert = i !== index;
    });
    if (index !== previous) {
      if (announce) announce.textContent = `Slide ${index + 1} of ${slides.length}`;
      const playing = slides[previous]?.querySelector("iframe");
      if (playing) restart(playing);
      previous = index;
    }
  };
  embla.on("select", update).on("reInit", update);
  update();

  const act = (action: string | undefined) => {
    if (action === "prev") embla.scrollPrev();
    else if (action === "next") embla.scrollNext();
    else if (action === "fullscreen") openFullScreen();
  };
  const onKey = (event: KeyboardEvent) => {
    const last = slides.length - 1;
    const current = embla.selectedScrollSnap();
    const targets: Record<string, number> = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowRight: Math.min(last, current + 1),
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    embla.scrollTo(target);
  };
  const selectThumb = (thumb: HTMLAnchorElement) => {
    const index = Number(thumb.dataset.thumb);
    for (const listener of thumbListeners) listener();
    embla.scrollTo(index);
  };

  frame.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-action]");
    if (button) act(button.dataset.action);
  });
  viewport.addEventListener("keydown", onKey);
  for (const thumb of thumbs) {
    thumb.addEventListener("click", (event) => {
      event.preventDefault();
      selectThumb(thumb);
    });
  }

  const pageSizes = new Map(images.map((image) => [image, image.sizes]));
  function openFullScreen() {
    if (!dialog || !dialogBody || dialog.open) return;
    for (const image of images) image.sizes = FULL_SCREEN_SIZES;
    dialogBody.append(frame as HTMLElement);
    dialog.showModal();
    embla.reInit();
    viewport?.focus();
  }
  dialog?.addEventListener("close", () => {
    const index = embla.selectedScrollSnap();
    for (const image of images) image.sizes = pageSizes.get(image) ?? image.sizes;
    home.append(frame as HTMLElement);
    embla.reInit({ startIndex: index });
    opener?.focus();
  });
  root.querySelector("[data-fullscreen-close]")?.addEventListener("click", () => dialog?.close());
  // Clicking the dark area around the photo closes full screen, as lightboxes do.
  dialog?.addEventListener("click", (event) => {
    if (event.target === dialog || event.target === dialogBody) dialog.close();
  });

  return {
    reset: () => embla.scrollTo(0, true),
    onThumb: (listener: () => void) => thumbListeners.push(listener),
    replay(event: Event) {
      const target = event.target as Element;
      if (event instanceof KeyboardEvent) return onKey(event);
      const thumb = target.closest<HTMLAnchorElement>("[data-thumb]");
      if (thumb) return selectThumb(thumb);
      act(target.closest<HTMLElement>("[data-action]")?.dataset.action);
    },
  };
}

function enhanceSpin(root: HTMLElement) {
  const box = root.querySelector<HTMLElement>("[data-spin]");
  const image = box?.querySelector<HTMLImageElement>("[data-spin-frame]");
  const surface = box?.querySelector<HTMLElement>("[data-spin-surface]");
  if (!box || !image || !surface) return null;
  const paths = JSON.parse(box.dataset.frames ?? "[]") as string[];
  const count = paths.length;
  const loadingBox = box.querySelector<HTMLElement>("[data-spin-loading]");
  const progress = box.querySelector<HTMLElement>("[data-spin-progress]");
  const percent = box.querySelector<HTMLElement>("[data-spin-percent]");
  const hint = box.querySelector<HTMLElement>("[data-spin-hint]");
  const play = box.querySelector<HTMLButtonElement>("[data-spin-play]");
  const hotspots = [...box.querySelectorAll<HTMLDetailsElement>("[data-hotspot]")].map((element) => ({
    element,
    at: JSON.parse(element.dataset.at ?? "[]") as ([number, number] | null)[],
  }));
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;

  let urls: string[] = [];
  let loaded: boolean[] = [];
  let state: "idle" | "loading" | "ready" = "idle";
  let frame = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let rotating = false;

  const show = (next: number) => {
    frame = next;
    if (loaded[frame]) {
      image.removeAttribute("srcset");
      image.src = urls[frame] as string;
    }
    surface.setAttribute("aria-valuenow", String(frame + 1));
    surface.setAttribute("aria-valuetext", `Frame ${frame + 1} of ${count}`);
    for (const spot of hotspots) {
      const position = spot.at[frame];
      spot.element.hidden = !position;
      if (!position) spot.element.open = false;
      else {
        // Moved by transform (CarMedia.astro), so a turning car shifts no layout (CLS 0).
        spot.element.style.setProperty("--x", String(position[0]));
        spot.element.style.setProperty("--y", String(position[1]));
      }
    }
  };
  const setRotating = (on: boolean) => {
    rotating = on;
    clearInterval(timer);
    if (on) timer = setInterval(() => show(stepFrame(frame, 1, count)), AUTO_ROTATE_MS);
    if (play) play.textContent = on ? "Pause rotation" : "Rotate";
  };
  /** The shopper took over: rotation stops and the hint has done its job. */
  const interacted = () => {
    setRotating(false);
    if (hint) hint.hidden = true;
  };

  const preload = async () => {
    state = "loading";
    // Frames at the width the browser chose for the first frame.
    const width = Number(new URL(image.currentSrc || image.src, location.href).searchParams.get("w")) || 960;
    urls = paths.map((path) => cdnImage(path, width));
    if (loadingBox) loadingBox.hidden = false;
    let done = 0;
    const tick = () => {
      done += 1;
      const share = Math.round((done / count) * 100);
      progress?.setAttribute("aria-valuenow", String(done));
      progress?.style.setProperty("--progress", `${share}%`);
      if (percent) percent.textContent = `${share}%`;
    };
    loaded = await Promise.all(
      urls.map(
        (url) =>
          new Promise<boolean>((resolve) => {
            const probe = new Image();
            probe.onload = () => {
              tick();
              resolve(true);
            };
            probe.onerror = () => {
              // Spec §8: a spin image failure goes to the console only.
              console.error("Spin image failed to load", url);
              tick();
              resolve(false);
            };
            probe.src = url;
          }),
      ),
    );
    if (loadingBox) loadingBox.hidden = true;
    state = "ready";
    surface.setAttribute("role", "slider");
    surface.setAttribute("aria-label", surface.dataset.label ?? "360° view");
    surface.tabIndex = 0;
    surface.setAttribute("aria-valuemin", "1");
    surface.setAttribute("aria-valuemax", String(count));
    if (hint) hint.hidden = false;
    if (play) play.hidden = false;
    show(frame);
    setRotating(!reducedMotion && isShown());
  };
  const isShown = () => box.getClientRects().length > 0;

  let dragStart: { x: number; frame: number } | null = null;
  surface.addEventListener("pointerdown", (event) => {
    if (state !== "ready") return;
    interacted();
    dragStart = { x: event.clientX, frame };
    surface.setPointerCapture(event.pointerId);
  });
  surface.addEventListener("pointermove", (event) => {
    if (!dragStart) return;
    const next = frameFromDrag(dragStart.frame, event.clientX - dragStart.x, count);
    if (next !== frame) show(next);
  });
  const endDrag = () => {
    dragStart = null;
  };
  surface.addEventListener("pointerup", endDrag);
  surface.addEventListener("pointercancel", endDrag);
  surface.addEventListener("keydown", (event) => {
    if (state !== "ready") return;
    const steps: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 };
    let next: number | undefined;
    if (event.key in steps) next = stepFrame(frame, steps[event.key] as number, count);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = count - 1;
    if (next === undefined) return;
    event.preventDefault();
    interacted();
    show(next);
  });
  for (const spot of hotspots)
    spot.element.addEventListener("toggle", () => spot.element.open && interacted());
  play?.addEventListener("click", () => setRotating(!rotating));

  let resume = false;
  return {
    start() {
      if (state === "idle") void preload();
      else if (state === "ready" && resume) setRotating(true);
    },
    /** Leaving the spin pauses rotation; coming back resumes it unless the shopper stopped it. */
    stop() {
      resume = rotating;
      setRotating(false);
    },
  };
}
