/** The sticky header and the phone's call-to-action bar follow the two sentinels (StickyBars). */
const head = document.querySelector<HTMLElement>("[data-sticky-head]");
const bar = document.querySelector<HTMLElement>("[data-cta-bar]");
const observer = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    const past = !entry.isIntersecting && entry.boundingClientRect.bottom <= 0;
    const which = (entry.target as HTMLElement).dataset.sticky;
    if (which === "header" && head) {
      head.dataset.shown = String(past);
      head.toggleAttribute("inert", !past);
      head.setAttribute("aria-hidden", String(!past));
    }
    if (which === "bar" && bar) bar.dataset.state = past ? "full" : "compact";
  }
});
for (const sentinel of document.querySelectorAll("[data-sticky]")) observer.observe(sentinel);
