/**
 * Ad feed bench: what rewriting a tenant's Google and Meta feeds costs on every build, from the
 * snapshot its pages are built from. Baseline: writing that snapshot as JSON (what every build
 * already pays per car), measured in the same run. The goal is the issue's: a feed rewrite costs
 * milliseconds, never a re-render (under a second for both feeds of the biggest tenant).
 */
import { googleVehicleFeed } from "~/features/syndication/google";
import { metaVehicleFeed } from "~/features/syndication/meta";
import type { TenantData } from "~/tenant/tenant.server";

export interface FeedBenchRow {
  bench: string;
  figure: string;
  baseline: string;
  ratio: number | null;
  details: Record<string, number>;
}

/** The goal for both feeds of one tenant, whatever its size. */
export const FEED_REWRITE_GOAL_MS = 1000;

/** The fastest of `runs` timings of `work`, in ms: a busy machine never flatters the figure. */
function fastest(runs: number, work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

export function benchFeeds(data: TenantData, size: number, runs = 5): FeedBenchRow {
  let rows = 0;
  let bytes = 0;
  const google = fastest(runs, () => {
    const feed = googleVehicleFeed(data);
    rows = feed.rows.length;
    bytes = feed.xml.length;
  });
  let metaRows = 0;
  const meta = fastest(runs, () => {
    metaRows = metaVehicleFeed(data).rows.length;
  });
  const snapshot = fastest(runs, () => {
    JSON.stringify(data);
  });
  const total = google + meta;
  const met = total <= FEED_REWRITE_GOAL_MS;
  return {
    bench: `ad feeds ${size} cars (Google XML + Meta CSV)`,
    figure: `${total.toFixed(0)} ms (Google ${google.toFixed(0)} ms, ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB; Meta ${meta.toFixed(0)} ms, ${metaRows} rows)${met ? "; goal met" : "; GOAL MISSED"}`,
    baseline: `snapshot JSON ${snapshot.toFixed(0)} ms; goal ≤ ${FEED_REWRITE_GOAL_MS} ms`,
    ratio: Math.round((total / Math.max(snapshot, 0.001)) * 100) / 100,
    details: {
      goal_met: met ? 1 : 0,
      google_ms: google,
      meta_ms: meta,
      google_rows: rows,
      meta_rows: metaRows,
      snapshot_json_ms: snapshot,
    },
  };
}
