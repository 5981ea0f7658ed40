/**
 * Meilisearch mode (ARCHITECTURE.md §5): pushes a tenant's published search documents into a
 * hosted Meilisearch without a moment of half-built results. The new documents go into a fresh
 * index `<live>_<timestamp>` with the same settings the embedded engine uses; only when every task
 * has succeeded is it swapped with the live index (one atomic `swap-indexes` task) and the old
 * copy deleted. Any failure before the swap deletes the scratch index and leaves the live index
 * exactly as it was.
 *
 * Also here: the guards that keep the admin key out of what ships (the public key in site.json
 * must be search-only; `assertNoSecretsInDir` scans a built site).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { EnqueuedTaskPromise, Key, Meilisearch, Settings, Task } from "meilisearch";
import { checkTruncation } from "~/features/stock/feed.server";
import type { Site } from "~/tenant/schema";
import type { TenantData } from "~/tenant/tenant.server";
import { type CarSearchDocument, indexUid } from "./documents";
import { createEngine } from "./engine";
import { tenantSearch } from "./search.server";
import { CAR_INDEX_SETTINGS } from "./settings";

/** Documents per upload request (Meilisearch's payload limit is 100 MB; ours are ~1 KB each). */
export const DEFAULT_BATCH_SIZE = 1000;
/** Meilisearch's own default `pagination.maxTotalHits`; counts above it would be capped. */
const MEILI_DEFAULT_MAX_TOTAL_HITS = 1000;

/**
 * The index settings for Meilisearch, taken from the embedded engine's resolved settings so both
 * rank, facet and tolerate typos alike. `maxTotalHits` must exceed the stock size or Meilisearch
 * caps `totalHits` (and the result count the page shows); twice the stock leaves room to grow
 * between syncs.
 */
export function meiliIndexSettings(stockSize: number): Settings {
  const resolved = createEngine([], CAR_INDEX_SETTINGS).settings;
  const typo = resolved.typoTolerance;
  return {
    searchableAttributes: [...resolved.searchableAttributes],
    displayedAttributes: [...resolved.displayedAttributes],
    filterableAttributes: [...resolved.filterableAttributes],
    sortableAttributes: [...resolved.sortableAttributes],
    rankingRules: [...resolved.rankingRules],
    faceting: {
      maxValuesPerFacet: resolved.maxValuesPerFacet,
      sortFacetValuesBy: { ...resolved.sortFacetValuesBy },
    },
    pagination: { maxTotalHits: Math.max(10_000, MEILI_DEFAULT_MAX_TOTAL_HITS, stockSize * 2) },
    typoTolerance: {
      enabled: typo.enabled,
      minWordSizeForTypos: { ...typo.minWordSizeForTypos },
      disableOnWords: [...typo.disableOnWords],
      disableOnAttributes: [],
    },
  };
}

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

interface ApiErrorLike {
  name?: string;
  message?: string;
  code?: string;
  cause?: ApiErrorLike & { code?: string };
}

/** Meilisearch's own message and code, or the chain of causes of a network failure. */
function errorText(error: unknown): string {
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

function isNotFound(error: unknown): boolean {
  const e = error as ApiErrorLike;
  // Only Meilisearch's own answer counts: a proxy's bare 404 must not look like "no index yet".
  return e?.name === "MeilisearchApiError" && e.cause?.code === "index_not_found";
}

function taskError(task: Task): string {
  return task.error ? `${task.error.message} [${task.error.code}]` : `task ended ${task.status}`;
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

// ---------------------------------------------------------------------------------------------
// Tenants

export interface SyncTarget {
  host: string;
  adminKey: string;
}

/** `fixture-motors` → `MEILI_ADMIN_KEY_FIXTURE_MOTORS`. */
export function tenantAdminKeyVar(slug: string): string {
  return `MEILI_ADMIN_KEY_${slug.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}`;
}

/**
 * Where a tenant's index lives and the admin key to write it: `MEILI_URL` (else the tenant's
 * `search_service.host`) and `MEILI_ADMIN_KEY_<SLUG>` or `MEILI_ADMIN_KEY`. The admin key comes from
 * the environment only; site.json holds nothing but the public search key. `null`: the tenant uses
 * the embedded engine and there is nothing to sync.
 */
export function resolveSyncTarget(site: Site, env: NodeJS.ProcessEnv = process.env): SyncTarget | null {
  const host = env.MEILI_URL || site.search_service?.host;
  if (!host) return null;
  const adminKey = env[tenantAdminKeyVar(site.slug)] || env.MEILI_ADMIN_KEY;
  if (!adminKey) {
    throw new SearchSyncError(
      `no admin key for ${host}: set MEILI_ADMIN_KEY (or ${tenantAdminKeyVar(site.slug)}) in the environment. ` +
        "Admin keys never go in site.json, which ships to browsers.",
      "configuration",
    );
  }
  return { host, adminKey };
}

const sameHost = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

/** The api key uid inside a tenant token (a JWT signed with a search key), if `key` is one. */
function tenantTokenKeyUid(key: string): string | undefined {
  const parts = key.split(".");
  if (parts.length !== 3) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(parts[1] as string, "base64url").toString("utf8")) as {
      apiKeyUid?: unknown;
    };
    return typeof payload.apiKeyUid === "string" ? payload.apiKeyUid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The public key in site.json ships in every page, so it must be a search-only key (or a tenant
 * token made from one) that can search this index. Checked against the server with the admin key.
 */
export async function assertPublicSearchKey(
  client: Meilisearch,
  site: Site,
  target: SyncTarget,
  now = new Date(),
): Promise<void> {
  const service = site.search_service;
  if (!service || !sameHost(service.host, target.host)) return;
  const where = `site.json search_service.key of ${site.slug}`;
  if (service.key === target.adminKey) {
    throw new SearchSyncError(`${where} is the admin key; use a search-only key`, "public key");
  }
  let key: Key;
  try {
    key = await client.getKey(tenantTokenKeyUid(service.key) ?? service.key);
  } catch (error) {
    throw new SearchSyncError(`${where} is not a key of ${target.host}: ${errorText(error)}`, "public key", {
      cause: error,
    });
  }
  const extra = key.actions.filter((action) => action !== "search");
  if (extra.length > 0) {
    throw new SearchSyncError(
      `${where} allows ${extra.join(", ")}; the key ships to browsers, so it must allow only "search"`,
      "public key",
    );
  }
  const live = indexUid(site);
  const covers = key.indexes.some(
    (pattern) =>
      pattern === "*" || pattern === live || (pattern.endsWith("*") && live.startsWith(pattern.slice(0, -1))),
  );
  if (!covers) throw new SearchSyncError(`${where} cannot search index ${live}`, "public key");
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now.getTime()) {
    throw new SearchSyncError(`${where} expired at ${new Date(key.expiresAt).toISOString()}`, "public key");
  }
}

export interface SyncTenantOptions
  extends Pick<
    SyncIndexOptions,
    "batchSize" | "waitTimeoutMs" | "waitIntervalMs" | "allowShrink" | "now" | "log"
  > {
  client: Meilisearch;
  target: SyncTarget;
}

/** Syncs one loaded tenant: the same documents the build emits (`tenantSearch`), its index uid. */
export async function syncTenant(tenant: TenantData, options: SyncTenantOptions): Promise<SyncIndexResult> {
  const { site } = tenant;
  await assertPublicSearchKey(options.client, site, options.target, options.now);
  const { documents } = tenantSearch(tenant);
  options.log?.(`${documents.length} published cars -> ${options.target.host} index ${indexUid(site)}`);
  return syncIndex(options.client, {
    ...options,
    indexUid: indexUid(site),
    documents,
    minShare: site.feed_guard_min_share,
  });
}

// ---------------------------------------------------------------------------------------------
// Secrets in build output

/** Admin/master keys from the environment that must never appear in a built site. */
export function searchSecretsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env)
    .filter(([name, value]) => /^MEILI_(ADMIN_KEY|MASTER_KEY)(_|$)/.test(name) && value)
    .map(([, value]) => value as string);
}

const mask = (secret: string) => `${secret.slice(0, 4)}…(${secret.length} chars)`;

/**
 * Throws if any file under `dir` contains any of `secrets` (empty ones are ignored). The message
 * names the files and a masked form of each secret, never the secret itself.
 */
export function assertNoSecretsInDir(dir: string, secrets: readonly (string | undefined | null)[]): void {
  const needles = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length > 0))].map(
    (secret) => ({ secret, bytes: Buffer.from(secret, "utf8") }),
  );
  if (needles.length === 0) return;
  const leaks: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    for (const { secret, bytes } of needles) {
      if (content.includes(bytes)) leaks.push(`${path.relative(dir, file)} contains ${mask(secret)}`);
    }
  }
  if (leaks.length > 0) {
    throw new Error(
      `Secret search keys found in ${dir} (rotate these keys, then rebuild):\n  ${leaks.join("\n  ")}`,
    );
  }
}
