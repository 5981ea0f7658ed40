/**
 * How the similar-cars row ends: loaded, or with nothing to show (none found, or the search failed,
 * which spec §8 logs only). An empty row goes away once it is out of sight, so nothing on screen moves.
 */
export function settleSimilarRow(section: HTMLElement, state: "loaded" | "empty" | "failed"): void {
  section.removeAttribute("aria-busy");
  section.dataset.state = state;
  if (state === "loaded") return;
  const observer = new IntersectionObserver(([entry]) => {
    if (entry?.isIntersecting) return;
    observer.disconnect();
    section.hidden = true;
  });
  observer.observe(section);
}
