import { type CSSProperties, useEffect, useState } from "react";
import { formatMoney } from "~/lib/format";
import { DEAL_PRICE_ANIMATION_MS, GAUGE_ANIMATION_MS, type GaugeView } from "../gauge";

/** Arc from the left end (fill 0) to the right end (fill 1) of a half circle of radius 80 at (100, 100). */
export function arc(from: number, to: number): string {
  const point = (fill: number) => {
    const angle = Math.PI * (1 - fill);
    return `${(100 + 80 * Math.cos(angle)).toFixed(2)} ${(100 - 80 * Math.sin(angle)).toFixed(2)}`;
  };
  return `M ${point(from)} A 80 80 0 0 1 ${point(to)}`;
}

const BANDS = [
  { className: "pg-low", from: 0, to: 0.3 },
  { className: "pg-medium", from: 0.3, to: 0.6 },
  { className: "pg-high", from: 0.6, to: 1 },
] as const;

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Spec §4/§9 price gauge, drawn once the Autogauge result is in: the needle sweeps in over 2.5 s
 * and the deal price counts down from the top of the market range over 2 s (both skipped for
 * shoppers who ask for reduced motion).
 */
export function GaugeFigure({ view }: { view: GaugeView }) {
  // The count starts at the top of the market range from the first paint (the figure is drawn in
  // the browser only, once the result is in), not at our price for a frame before jumping up.
  const from = Math.max(view.marketMax, view.listingPrice);
  const [price, setPrice] = useState(() => (reducedMotion() ? view.listingPrice : from));
  const [sweeping, setSweeping] = useState(false);

  useEffect(() => {
    if (reducedMotion()) return;
    setSweeping(true);
    const start = performance.now();
    let frame = 0;
    const step = (time: number) => {
      const progress = Math.min(1, (time - start) / DEAL_PRICE_ANIMATION_MS);
      const eased = 1 - (1 - progress) ** 3;
      setPrice(Math.round(from + (view.listingPrice - from) * eased));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [view, from]);

  const needle = { "--pg-angle": `${view.needleDegrees}deg`, "--pg-duration": `${GAUGE_ANIMATION_MS}ms` };
  return (
    <figure className={`pg pg-${view.colour}`}>
      <svg
        viewBox="0 0 200 112"
        role="img"
        aria-label={`${view.dealLabel}: price gauge at ${Math.round(view.fill * 100)}%`}
      >
        {BANDS.map((band) => (
          <path key={band.className} className={band.className} d={arc(band.from, band.to)} />
        ))}
        <g className={sweeping ? "pg-needle pg-sweep" : "pg-needle"} style={needle as CSSProperties}>
          <line x1="100" y1="100" x2="100" y2="32" />
          <circle cx="100" cy="100" r="7" />
        </g>
      </svg>
      <figcaption>
        <strong className="pg-label">{view.dealLabel}</strong>
        <span className="pg-price">
          {/* Screen readers get the final price once, not every animation frame. */}
          Our price <strong aria-hidden="true">{formatMoney(price)}</strong>
          <span className="visually-hidden" data-testid="gauge-price">
            {formatMoney(view.listingPrice)}
          </span>
        </span>
        <span className="pg-range">
          Market range {formatMoney(view.marketMin)} – {formatMoney(view.marketMax)}
        </span>
        {view.description && <span className="pg-description">{view.description}</span>}
      </figcaption>
    </figure>
  );
}
