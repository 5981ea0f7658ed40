/**
 * One index synced without a moment of half-built results: the documents go into a fresh index
 * `<live>_<timestamp>`, which is swapped in only when every task has succeeded (see index.ts).
 */
import type { EnqueuedTaskPromise, Meilisearch, Settings, Task } from "meilisearch";
import { checkTruncation } from "~/features/stock/feed.server";
import type { CarSearchDocument } from "../documents";
import { errorText, isNotFound, SearchSyncError, taskError } from "./errors.server";
import { meiliIndexSettings } from "./settings.server";

/** Documents per upload request (Meilisearch's payload limit is 100 MB; ours are ~1 KB each). */
export const DEFAULT_BATCH_SIZE = 1000;

export interface SyncIndexOptions {
  /** The live index uid (the one the site searches). */
  indexUid: string;
  documents: readonly CarSearchDocument[];
  /** Default: `meiliIndexSettings(documents.length)`. */
  settings?: Settings;
  batchSize?: number;
  /** Per-task wait; uploads of thousands of cars can take a while on a small server. */
  waitTimeoutMs?: number;
  waitIntervalMs?: number;
  /** Truncated-feed guard, as the build's: refuse to replace the live index with fewer than
   * `minShare` of its documents unless `allowShrink`. */
  minShare?: number;
  allowShrink?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface SyncIndexResult {
  indexUid: string;
  /** The scratch index the documents were built in (deleted after the swap). */
  scratchUid: string;
  documents: number;
  batches: number;
  /** Documents in the live index before the sync (null: there was none). */
  previous: number | null;
  /** Warnings that did not stop the sync (e.g. the old copy could not be deleted). */
  warnings: string[];
  seconds: number;
}

/** `cars-acme` at 2026-11-22T23:44:27.123Z → `cars-acme_20261122234427123` (valid index uid). */
export function scratchIndexUid(live: string, now: Date): string {
  return `${live}_${now.toISOString().replace(/\D/g, "").slice(0, 17)}`;
}

/**
 * Builds `documents` into a fresh index and swaps it in for `indexUid`; see the module comment.
 * Throws `SearchSyncError` (live index untouched) on any failure before the swap.
 */
export async function syncIndex(client: Meilisearch, options: SyncIndexOptions): Promise<SyncIndexResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const live = options.indexUid;
  const scratch = scratchIndexUid(live, options.now ?? new Date());
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const wait = { timeout: options.waitTimeoutMs ?? 120_000, interval: options.waitIntervalMs ?? 100 };
  const documents = options.documents;
  const warnings: string[] = [];
  let created = false;

  const fail = async (step: string, error: unknown): Promise<never> => {
    if (created) {
      // Best effort: the scratch index holds nothing the site uses.
      try {
        const task = await client.deleteIndex(scratch).waitTask(wait);
        if (task.status !== "succeeded") log(`could not delete scratch index ${scratch}: ${taskError(task)}`);
      } catch (cleanup) {
        log(`could not delete scratch index ${scratch}: ${errorText(cleanup)}`);
      }
    }
    throw new SearchSyncError(
      `${step} failed: ${error instanceof SearchSyncError ? error.message : errorText(error)}. ` +
        `The live index ${live} was not changed.`,
      step,
      { cause: error },
    );
  };
  /** Runs one task to completion; a failed task throws with Meilisearch's own message. */
  const run = async (step: string, enqueue: () => EnqueuedTaskPromise): Promise<void> => {
    let task: Task;
    try {
      task = await enqueue().waitTask(wait);
    } catch (error) {
      return fail(step, error);
    }
    if (task.status !== "succeeded") return fail(step, new SearchSyncError(taskError(task), step));
  };

  const ids = new Set<string>();
  for (const doc of documents) {
    const id = String(doc.id);
    if (!/^[A-Za-z0-9_-]{1,511}$/.test(id)) {
      return fail(
        "checking documents",
        new SearchSyncError(
          `document id ${JSON.stringify(doc.id)} is not a valid Meilisearch id`,
          "checking documents",
        ),
      );
    }
    if (ids.has(id)) {
      return fail(
        "checking documents",
        new SearchSyncError(`document id ${id} appears twice`, "checking documents"),
      );
    }
    ids.add(id);
  }

  let previous: number | null = null;
  try {
    previous = (await client.index(live).getStats()).numberOfDocuments;
  } catch (error) {
    if (!isNotFound(error)) return fail(`reading the live index ${live}`, error);
  }
  log(
    previous === null
      ? `index ${live} does not exist yet; it will be created`
      : `index ${live} holds ${previous} documents`,
  );
  const verdict = checkTruncation(
    documents.length,
    previous,
    options.minShare ?? 0.5,
    options.allowShrink ?? false,
  );
  if (verdict.ok && verdict.message) log(verdict.message);
  if (!verdict.ok) return fail("truncated-feed guard", new SearchSyncError(verdict.message ?? "", "guard"));

  log(`creating ${scratch}`);
  await run(`creating index ${scratch}`, () => client.createIndex(scratch, { primaryKey: "id" }));
  created = true;
  const settings = options.settings ?? meiliIndexSettings(documents.length);
  await run(`applying settings to ${scratch}`, () => client.index(scratch).updateSettings(settings));

  const batches = Math.ceil(documents.length / batchSize);
  for (let i = 0; i < batches; i++) {
    const batch = documents.slice(i * batchSize, (i + 1) * batchSize) as CarSearchDocument[];
    await run(`uploading documents (batch ${i + 1} of ${batches})`, () =>
      client.index(scratch).addDocuments(batch, { primaryKey: "id" }),
    );
    log(`uploaded ${Math.min((i + 1) * batchSize, documents.length)}/${documents.length} documents`);
  }

  let indexed: number;
  try {
    indexed = (await client.index(scratch).getStats()).numberOfDocuments;
  } catch (error) {
    return fail(`counting documents in ${scratch}`, error);
  }
  if (indexed !== documents.length) {
    return fail(
      "verifying the upload",
      new SearchSyncError(`${scratch} holds ${indexed} documents, expected ${documents.length}`, "verify"),
    );
  }

  // One atomic task: searches see either the old or the new index, never a partial one. With no
  // live index yet, the scratch index is renamed instead (Meilisearch ≥ 1.18).
  log(previous === null ? `renaming ${scratch} to ${live}` : `swapping ${scratch} with ${live}`);
  const swapStep = `swapping ${scratch} with ${live}`;
  let swap: Task;
  try {
    swap = await client
      .swapIndexes([
        previous === null
          ? { indexes: [scratch, live], rename: true }
          : { indexes: [live, scratch], rename: false },
      ])
      .waitTask(wait);
  } catch (error) {
    if ((error as Error)?.name !== "MeilisearchTaskTimeOutError") return fail(swapStep, error);
    // The swap may still run; deleting the scratch index now could delete the new live data.
    throw new SearchSyncError(
      `${swapStep} did not finish within ${wait.timeout / 1000}s: ${errorText(error)}. Check the task in ` +
        `Meilisearch: the live index ${live} is either unchanged or already swapped; delete ${scratch} ` +
        "by hand once the task has finished.",
      swapStep,
      { cause: error },
    );
  }
  if (swap.status !== "succeeded") return fail(swapStep, new SearchSyncError(taskError(swap), swapStep));
  created = false;

  if (previous !== null) {
    // After the swap the scratch uid holds the old documents.
    try {
      const task = await client.deleteIndex(scratch).waitTask(wait);
      if (task.status === "succeeded") log(`deleted the previous index (now ${scratch})`);
      else warnings.push(`could not delete the previous index ${scratch}: ${taskError(task)}`);
    } catch (error) {
      warnings.push(`could not delete the previous index ${scratch}: ${errorText(error)}`);
    }
  }
  for (const warning of warnings) log(`warning: ${warning}`);
  return {
    indexUid: live,
    scratchUid: scratch,
    documents: documents.length,
    batches,
    previous,
    warnings,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
