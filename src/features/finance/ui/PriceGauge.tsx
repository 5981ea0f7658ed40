import { useEffect, useState } from "react";
import { type GaugeView, gaugeView, parseAutogauge } from "../gauge";
import { arc, GaugeFigure } from "./GaugeFigure";

interface Props {
  /** `GET /cars/{slug}/autogauge` for this car. */
  endpoint: string;
}

type State = { kind: "loading" } | { kind: "shown"; view: GaugeView } | { kind: "hidden" };

async function loadGauge(endpoint: string, signal: AbortSignal): Promise<GaugeView | null> {
  const response = await fetch(endpoint, { headers: { accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`Autogauge answered ${response.status}`);
  return gaugeView(parseAutogauge(await response.json()));
}

/**
 * Spec §4 price gauge: a skeleton first (the server render), then the car's Autogauge result,
 * fetched once the card scrolls into view. On failure (logged) or too little data (spec §5
 * display rule) the whole card goes away (spec §8 "panel hidden").
 */
export default function PriceGauge({ endpoint }: Props) {
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    loadGauge(endpoint, controller.signal)
      .then((view) => setState(view ? { kind: "shown", view } : { kind: "hidden" }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Autogauge failure:", error);
        setState({ kind: "hidden" });
      });
    return () => controller.abort();
  }, [endpoint]);

  if (state.kind === "hidden") return null;
  const loading = state.kind === "loading";
  return (
    <section className="card fin-card fin-gauge" aria-labelledby="price-comparison" aria-busy={loading}>
      <h3 id="price-comparison">Price Comparison</h3>
      {loading ? (
        <div className="pg pg-skeleton" data-testid="gauge-skeleton">
          <svg viewBox="0 0 200 112" aria-hidden="true">
            <path d={arc(0, 1)} />
          </svg>
          <div className="pg-skeleton-caption">
            <p className="pg-skeleton-text">Comparing this price with the market…</p>
            <span className="pg-skeleton-line" />
          </div>
        </div>
      ) : (
        <GaugeFigure view={state.view} />
      )}
    </section>
  );
}
