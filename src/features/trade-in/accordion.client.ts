/**
 * Animates a native <details> open and closed over `durationMs` (spec §9: 300 ms). The element
 * keeps its native keyboard and screen-reader behaviour: only the height change is animated.
 */
export function animateDetails(details: HTMLDetailsElement, durationMs: number): void {
  const summary = details.querySelector("summary");
  if (!summary) return;
  let running: Animation | null = null;
  summary.addEventListener("click", (event) => {
    if (
      window.matchMedia("(prefers-reduced-motion: reduce)").matches ||
      typeof details.animate !== "function"
    )
      return;
    event.preventDefault();
    running?.cancel();
    const closed = `${summary.offsetHeight}px`;
    const from = `${details.offsetHeight}px`;
    const opening = !details.open;
    if (opening) details.open = true;
    const to = opening ? `${details.scrollHeight}px` : closed;
    details.style.overflow = "hidden";
    running = details.animate({ height: [from, to] }, { duration: durationMs, easing: "ease-out" });
    running.onfinish = () => {
      running = null;
      if (!opening) details.open = false;
      details.style.overflow = "";
    };
  });
}
