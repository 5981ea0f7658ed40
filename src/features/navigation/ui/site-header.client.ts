/**
 * Shows the header's row of links only while every link fits on one line beside the logo and phone,
 * else the Menu button. The first paint follows the build's estimate from the tenant's labels (the
 * media query of the bar's stylesheet); this measures the row in the shopper's own fonts and moves
 * the switch to the width where it really fits, as the window is resized.
 */
export function fitHeaderBar(header: HTMLElement, barStyle: HTMLStyleElement | HTMLLinkElement): void {
  const bar = header.querySelector<HTMLElement>(".bar");
  const nav = header.querySelector<HTMLElement>("#site-nav");
  const list = nav?.querySelector<HTMLElement>(".nav-list");
  if (!bar || !nav || !list) return;

  /** The row's width in the bar's own layout, measured with the row shown (no frame is painted). */
  const measure = (): number => {
    const shown = barStyle.media;
    barStyle.media = "all";
    const gap = Number.parseFloat(getComputedStyle(bar).columnGap) || 0;
    const parts = [...bar.children].filter(
      (child): child is HTMLElement =>
        child instanceof HTMLElement && (child === nav || child.offsetParent !== null),
    );
    const width = parts.reduce(
      (sum, part) => sum + (part === nav ? list.scrollWidth : part.getBoundingClientRect().width),
      gap * Math.max(0, parts.length - 1),
    );
    barStyle.media = shown;
    return width;
  };

  const fit = () => {
    // Measured at each width: the phone is spelled out only on wider screens. The answer is a
    // width, not a yes or no: the stylesheet's media query then switches the row the moment the
    // window is resized, before this observer hears of it (the bar grows and shrinks with the window).
    const row = measure();
    const fits = row <= bar.clientWidth + 0.5;
    if (fits && nav.matches(":popover-open")) nav.hidePopover();
    const needed = Math.ceil(window.innerWidth - (bar.clientWidth - row));
    const media = `(min-width: ${needed}px)`;
    if (barStyle.media !== media) barStyle.media = media;
  };
  new ResizeObserver(fit).observe(bar);
}
