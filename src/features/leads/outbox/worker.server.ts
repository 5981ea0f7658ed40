/**
 * Who runs the outbox passes: the long-running worker of `npm start`, and the scheduled
 * function's drain within a time budget.
 */
import { randomUUID } from "node:crypto";
import { clock } from "~/server/clock";
import { pruneRateLimits } from "~/server/rate-limit.server";
import {
  emptyPass,
  OUTBOX_DEFAULTS,
  type OutboxOptions,
  type PassResult,
  sendDueLeads,
} from "./outbox.server";

/**
 * Passes until nothing is due or the time budget is spent (the scheduled function's run). No call
 * is still running when the budget ends: the rest waits for the next run.
 */
export async function drainOutbox(options: OutboxOptions, budgetMs: number): Promise<PassResult> {
  const started = Date.now();
  const deadline = Math.min(options.deadline ?? Number.POSITIVE_INFINITY, started + budgetMs);
  const total = emptyPass();
  const workerId = options.workerId ?? randomUUID();
  await pruneRateLimits(options.db, clock());
  for (;;) {
    const pass = await sendDueLeads({ ...options, workerId, deadline });
    for (const key of Object.keys(total) as (keyof PassResult)[]) total[key] += pass[key];
    if (
      pass.claimed < (options.batchSize ?? OUTBOX_DEFAULTS.batchSize) ||
      pass.deferred > 0 ||
      Date.now() >= deadline
    )
      return total;
  }
}

export interface OutboxWorker {
  /** Runs a pass now instead of at the next tick (e.g. right after a lead is stored). */
  wake(): void;
  /** Stops polling, aborts in-flight calls and waits for the current pass to record its outcome. */
  stop(): Promise<void>;
}

/** The long-running worker behind `npm start`: a pass every `intervalMs`, sooner when woken. */
export function startOutboxWorker(
  options: Omit<OutboxOptions, "signal"> & { intervalMs?: number },
): OutboxWorker {
  const intervalMs = options.intervalMs ?? 1_000;
  const abort = new AbortController();
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  let lastPrune = 0;

  const sleep = () =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, intervalMs);
    }).finally(() => {
      clearTimeout(timer);
      wakeUp = undefined;
    });

  const loop = (async () => {
    while (!stopped) {
      let pass = emptyPass();
      try {
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await pruneRateLimits(options.db, clock());
        }
        pass = await sendDueLeads({ ...options, workerId, signal: abort.signal });
        if (pass.failed > 0)
          console.warn(`[leads] ${pass.failed} CRM deliveries failed; they will be retried`);
      } catch (error) {
        if (!stopped) console.error(`[leads] delivery pass failed: ${(error as Error).message}`);
      }
      // A full batch means more are due: go again at once.
      if (!stopped && pass.claimed < (options.batchSize ?? OUTBOX_DEFAULTS.batchSize)) await sleep();
    }
  })();

  return {
    wake: () => wakeUp?.(),
    stop: async () => {
      stopped = true;
      abort.abort();
      wakeUp?.();
      await loop;
    },
  };
}
