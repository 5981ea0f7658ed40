/**
 * The rebuilds feature: when a tenant's site is built again. Rules of the stock-feed webhook and its
 * coalesced rebuilds (docs/architecture.md §7). Pure: the state and
 * `now` come in, the next state and what to do go out, so the table tests need no clock or database.
 *
 * A feed provider often sends one event per car, so a burst must not mean one build per event:
 * the first event starts a build, events that arrive while it runs only mark one more as requested,
 * and when the running build ends that one request (however many events made it) starts exactly
 * one more. A build reads the feed when it starts, so it covers every event before its start.
 */
import { z } from "zod";

/** The only event type that rebuilds; others are acknowledged and ignored. */
export const STOCK_UPDATED = "stock.updated";

/** Events are tiny (`{ id, type }`); anything bigger is refused unread. */
export const WEBHOOK_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * A build still marked running after this long is taken as lost (a process that died, a deploy
 * build that never reported back), so a request waiting behind it is not stuck for ever.
 */
export const BUILD_LOST_AFTER_MS = 20 * 60_000;

/** The webhook's body: one zod schema, as for every payload. */
export const stockEventSchema = z.object({
  id: z.string().trim().min(1).max(200),
  type: z.string().min(1).max(100),
});
export type StockEvent = z.infer<typeof stockEventSchema>;

/** The event in a raw body, or null when it is not JSON of that shape. */
export function parseStockEvent(raw: string): StockEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = stockEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** One tenant's build state, shared by every function instance (table stock_builds). */
export interface BuildState {
  /** A build asked for and not started yet (at most one is ever waiting). */
  requestedAt: Date | null;
  /** When the build now running started; null when none runs. */
  runningSince: Date | null;
}

export const IDLE: BuildState = { requestedAt: null, runningSince: null };

export function isRunning(state: BuildState, now: Date): boolean {
  return state.runningSince !== null && now.getTime() - state.runningSince.getTime() < BUILD_LOST_AFTER_MS;
}

/** Whether a requested build may start now (nothing runs). */
export function isDue(state: BuildState, now: Date): boolean {
  return state.requestedAt !== null && !isRunning(state, now);
}

/** The state once a build starts: it covers every request made before it. */
export const started = (now: Date): BuildState => ({ requestedAt: null, runningSince: now });

export interface EventDecision {
  /** What the webhook answers: a build starts for this event, or it rides on one already asked for. */
  build: "queued" | "coalesced";
  /** Start a build now. */
  start: boolean;
  next: BuildState;
}

/** A verified, first-seen `stock.updated` event arrives. */
export function onStockUpdated(state: BuildState, now: Date): EventDecision {
  if (!isRunning(state, now)) return { build: "queued", start: true, next: started(now) };
  return {
    build: "coalesced",
    start: false,
    next: { requestedAt: state.requestedAt ?? now, runningSince: state.runningSince },
  };
}

/** A build ends (either way): a request that arrived meanwhile is now due. */
export function onBuildFinished(state: BuildState): BuildState {
  return { requestedAt: state.requestedAt, runningSince: null };
}

/**
 * Asking for a build failed (the deploy's build hook kept refusing): nothing runs, and the request
 * waits for the scheduled pass to try again.
 */
export function onStartFailed(state: BuildState, now: Date): BuildState {
  return { requestedAt: state.requestedAt ?? now, runningSince: null };
}

/** Backoff before retry `attempt` (1-based) of a failed build hook call: 0.5 s, 1 s, 2 s … */
export function hookRetryDelayMs(attempt: number, baseMs = 500): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}

/** Whether a build hook answer is worth retrying (the hook itself is fine, the service is not). */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
