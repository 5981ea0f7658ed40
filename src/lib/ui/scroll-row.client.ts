/**
 * Arrow buttons for a horizontal scroll-snap row (spec §4 "carousel arrows disabled when scrolling
 * impossible"). Markup: `[data-scroll-row]` holding a `[data-scroller]` and `[data-scroll="-1"|"1"]`
 * buttons. The row gets `data-ready` once they work: style the buttons invisible until then (their
 * room kept, so nothing moves); without JavaScript the row still scrolls by touch, wheel and keys.
 */
export function canScroll(scroller: Pick<HTMLElement, "scrollLeft" | "clientWidth" | "scrollWidth">): {
  back: boolean;
  forward: boolean;
} {
  return {
    back: scroller.scrollLeft > 1,
    forward: scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1,
  };
}

export function wireScrollRows(root: ParentNode = document): void {
  for (const row of root.querySelectorAll<HTMLElement>("[data-scroll-row]")) {
    const scroller = row.querySelector<HTMLElement>("[data-scroller]");
    const buttons = [...row.querySelectorAll<HTMLButtonElement>("button[data-scroll]")];
    if (!scroller || buttons.length === 0) continue;
    const update = () => {
      const can = canScroll(scroller);
      for (const button of buttons)
        button.disabled = button.dataset.scroll === "-1" ? !can.back : !can.forward;
    };
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    for (const button of buttons) {
      button.addEventListener("click", () => {
        const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
        scroller.scrollBy({
          left: Number(button.dataset.scroll) * scroller.clientWidth * 0.9,
          behavior: reduce ? "auto" : "smooth",
        });
        // An instant scroll has already landed: show where it ended without waiting a frame.
        if (reduce) update();
      });
    }
    scroller.addEventListener("scroll", schedule, { passive: true });
    new ResizeObserver(schedule).observe(scroller);
    update();
    row.dataset.ready = "";
  }
}
