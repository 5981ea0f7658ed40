/**
 * Fetching a stock feed over https for a build: the provider's authorization header when the site
 * has one, a time limit per attempt, a size cap read as the body streams (a runaway or hostile feed
 * never fills the build machine's memory), `If-None-Match` with the last feed's ETag (a 304 reuses
 * the copy kept beside the build cache), redirects refused (a 3xx would hand the authorization to
 * wherever it points), and retries with doubling backoff for what a retry can fix (a network
 * error, a timeout, 408, 429, 5xx).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readStreamWithin } from "~/lib/read-within.server";
import { redirectRefusal } from "~/server/outbound";

export const FEED_FETCH_TIMEOUT_MS = 30_000;
/** Far above a 5,000-car feed (about 15 MB of JSON), far below a build machine's memory. */
export const FEED_MAX_BYTES = 100 * 1024 * 1024;
/** Attempts after the first; waits of 1, 2 and 4 s between them. */
export const FEED_RETRIES = 3;
export const FEED_BACKOFF_MS = 1_000;

export interface FeedFetchOptions {
  /** The `Authorization` header value the provider asks for, or null. */
  authorization?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  retries?: number;
  backoffMs?: number;
  /** Where the last feed and its ETag are kept between builds; null keeps nothing. */
  cacheDir?: string | null;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface FetchedFeed {
  text: string;
  /** The server answered 304: `text` is the copy kept from the last build. */
  notModified: boolean;
  attempts: number;
}

/** Why the feed could not be fetched; `retry` says whether another attempt could help. */
export class FeedFetchError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

interface Kept {
  etag: string;
  file: string;
}

function kept(cacheDir: string | null | undefined): Kept | null {
  if (!cacheDir) return null;
  const meta = path.join(cacheDir, "feed-etag.json");
  const file = path.join(cacheDir, "feed.json");
  if (!existsSync(meta) || !existsSync(file)) return null;
  try {
    const { etag } = JSON.parse(readFileSync(meta, "utf8")) as { etag?: unknown };
    return typeof etag === "string" && etag ? { etag, file } : null;
  } catch {
    return null;
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new FeedFetchError(`stock feed is ${declared} bytes, over the ${maxBytes}-byte cap`, false);
  }
  const bytes = await readStreamWithin(response.body, maxBytes);
  if (bytes === null) {
    throw new FeedFetchError(`stock feed passed the ${maxBytes}-byte cap; nothing was published`, false);
  }
  return bytes.toString("utf8");
}

async function attempt(url: string, options: FeedFetchOptions, previous: Kept | null): Promise<FetchedFeed> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? FEED_FETCH_TIMEOUT_MS),
      headers: {
        accept: "application/json",
        ...(options.authorization ? { authorization: options.authorization } : {}),
        ...(previous ? { "if-none-match": previous.etag } : {}),
      },
    });
  } catch (error) {
    const cause = (error as Error).name === "TimeoutError" ? "timed out" : (error as Error).message;
    throw new FeedFetchError(`stock feed could not be fetched: ${cause}`, true);
  }
  // 304 is not a redirect: the feed is unchanged since the copy kept with its ETag.
  if (response.status === 304 && previous) {
    await response.body?.cancel().catch(() => {});
    return { text: readFileSync(previous.file, "utf8"), notModified: true, attempts: 0 };
  }
  const redirect = redirectRefusal(response, "The stock feed");
  if (redirect) {
    await response.body?.cancel().catch(() => {});
    throw new FeedFetchError(redirect, false);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new FeedFetchError(
      `stock feed answered HTTP ${response.status}; nothing was published`,
      retryable(response.status),
    );
  }
  let text: string;
  try {
    text = await readCapped(response, options.maxBytes ?? FEED_MAX_BYTES);
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(`stock feed could not be read: ${(error as Error).message}`, true);
  }
  const etag = response.headers.get("etag");
  if (options.cacheDir && etag) {
    mkdirSync(options.cacheDir, { recursive: true });
    writeFileSync(path.join(options.cacheDir, "feed.json"), text);
    writeFileSync(path.join(options.cacheDir, "feed-etag.json"), JSON.stringify({ etag }));
  }
  return { text, notModified: false, attempts: 0 };
}

/** The feed at `url`, after up to `retries` more attempts for what a retry can fix. */
export async function fetchFeed(url: string, options: FeedFetchOptions = {}): Promise<FetchedFeed> {
  const retries = options.retries ?? FEED_RETRIES;
  const backoff = options.backoffMs ?? FEED_BACKOFF_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const previous = kept(options.cacheDir);
  for (let n = 0; ; n++) {
    try {
      return { ...(await attempt(url, options, previous)), attempts: n + 1 };
    } catch (error) {
      if (!(error instanceof FeedFetchError) || !error.retry || n >= retries) throw error;
      await sleep(backoff * 2 ** n);
    }
  }
}
