/** What a sync that stopped says: the step, and Meilisearch's own message for it. */
import type { Task } from "meilisearch";

/** A sync that stopped; `message` says which step and why, the live index was not touched. */
export class SearchSyncError extends Error {
  constructor(
    message: string,
    readonly step: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SearchSyncError";
  }
}

interface ApiErrorLike {
  name?: string;
  message?: string;
  code?: string;
  cause?: ApiErrorLike & { code?: string };
}

/** Meilisearch's own message and code, or the chain of causes of a network failure. */
export function errorText(error: unknown): string {
  const e = error as ApiErrorLike | undefined;
  if (e?.name === "MeilisearchApiError" && e.cause?.message) {
    return `${e.cause.message}${e.cause.code ? ` [${e.cause.code}]` : ""}`;
  }
  const parts: string[] = [];
  for (let c = e; c && parts.length < 4; c = c.cause) {
    parts.push(`${c.message ?? String(c)}${c.code ? ` (${c.code})` : ""}`);
  }
  return parts.join(": ") || String(error);
}

export function isNotFound(error: unknown): boolean {
  const e = error as ApiErrorLike;
  // Only Meilisearch's own answer counts: a proxy's bare 404 must not look like "no index yet".
  return e?.name === "MeilisearchApiError" && e.cause?.code === "index_not_found";
}

export function taskError(task: Task): string {
  return task.error ? `${task.error.message} [${task.error.code}]` : `task ended ${task.status}`;
}
