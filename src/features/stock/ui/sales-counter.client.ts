/** Keeps the sales counter at the browser's clock: on load, then every 150 s, counting up over 2 s. */
import { formatNumber } from "~/lib/format";
import { countFrame, SALES_COUNTER_REFRESH_MS, salesCount } from "../sales-counter";

for (const counter of document.querySelectorAll<HTMLElement>("[data-sales-counter]")) {
  const figure = counter.querySelector<HTMLElement>("[data-figure]");
  if (!figure) continue;
  const base = Number(counter.dataset.base) || 0;
  let shown = Number(counter.dataset.count) || 0;
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

  const update = () => {
    const from = shown;
    const to = salesCount(new Date(), base);
    shown = to;
    if (from === to) return;
    const start = performance.now();
    const step = (time: number) => {
      const value = countFrame(from, to, time - start, reducedMotion.matches);
      figure.textContent = formatNumber(value);
      counter.dataset.count = String(value);
      if (value !== to) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  };
  update();
  setInterval(update, SALES_COUNTER_REFRESH_MS);
}
