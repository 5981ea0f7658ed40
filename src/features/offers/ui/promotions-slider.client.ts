/**
 * The promotions slider's controls: previous and next (buttons, arrow keys), the position, and
 * autoplay that stops on hover, on focus, under prefers-reduced-motion and on Pause.
 */
import { autoplays, PROMOTION_INTERVAL_MS, slideAfter, slidePosition } from "~/features/offers/promotions";

for (const root of document.querySelectorAll<HTMLElement>("[data-promotions]")) {
  const track = root.querySelector<HTMLElement>("[data-promo-track]");
  const slides = [...root.querySelectorAll<HTMLElement>("[data-promo-slide]")];
  const position = root.querySelector<HTMLElement>("[data-promo-position]");
  const pause = root.querySelector<HTMLButtonElement>("[data-promo-pause]");
  const count = slides.length;
  if (!track || count < 2) continue;
  const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const state = { count, reducedMotion: motion.matches, paused: false, hovered: false, focused: false };
  let index = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (next: number) => {
    index = slideAfter(next, count, 0);
    track.scrollTo({ left: index * track.clientWidth });
    mark();
  };
  const mark = () => {
    slides.forEach((slide, i) => {
      // Slides out of view are out of the tab order and the reading order.
      slide.inert = i !== index;
    });
    if (position) position.textContent = slidePosition(index, count);
  };
  const schedule = () => {
    clearInterval(timer);
    timer = undefined;
    // While it moves on its own the position is not announced every few seconds.
    position?.setAttribute("aria-live", autoplays(state) ? "off" : "polite");
    if (autoplays(state)) timer = setInterval(() => show(slideAfter(index, count, 1)), PROMOTION_INTERVAL_MS);
  };

  // A swipe settles on a slide: follow it (scrollend, so a button's own scroll is not followed midway).
  track.addEventListener(
    "scrollend",
    () => {
      const seen = Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
      if (seen !== index && seen >= 0 && seen < count) {
        index = seen;
        mark();
      }
    },
    { passive: true },
  );
  root
    .querySelector("[data-promo-prev]")
    ?.addEventListener("click", () => show(slideAfter(index, count, -1)));
  root.querySelector("[data-promo-next]")?.addEventListener("click", () => show(slideAfter(index, count, 1)));
  root.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") show(slideAfter(index, count, -1));
    else if (event.key === "ArrowRight") show(slideAfter(index, count, 1));
    else return;
    event.preventDefault();
  });
  if (pause) {
    pause.classList.toggle("shown", !state.reducedMotion);
    pause.addEventListener("click", () => {
      state.paused = !state.paused;
      pause.textContent = state.paused ? "Play" : "Pause";
      schedule();
    });
  }
  root.addEventListener("mouseenter", () => {
    state.hovered = true;
    schedule();
  });
  root.addEventListener("mouseleave", () => {
    state.hovered = false;
    schedule();
  });
  root.addEventListener("focusin", () => {
    state.focused = true;
    schedule();
  });
  root.addEventListener("focusout", (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    state.focused = false;
    schedule();
  });
  motion.addEventListener("change", () => {
    state.reducedMotion = motion.matches;
    pause?.classList.toggle("shown", !state.reducedMotion);
    schedule();
  });
  mark();
  schedule();
}
