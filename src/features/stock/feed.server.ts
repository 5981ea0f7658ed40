/**
 * Stock feed I/O and publishing: read the feed (file or https URL), validate every row, quarantine
 * bad rows, sanitize dealer HTML, apply visibility and the site's search filters, and guard
 * against a truncated feed. Rows never break a build; only an unreadable feed or the guard does.
 */
import { readFile, realpath } from "node:fs/promises";
import path from "node:path";
import sanitizeHtml from "sanitize-html";
import { tenantSetting } from "~/server/deploy";
import { ConfigError, describeIssues } from "~/tenant/errors";
import type { Site } from "~/tenant/schema";
import { type Car, carSchema } from "~/tenant/schemas/car";
import { type FeedFetchOptions, fetchFeed } from "./feed-fetch.server";
import { type HiddenReason, hiddenReason, withFeedDefaults } from "./stock";

export interface QuarantinedRow {
  /** Position in the feed's `cars` array. */
  index: number;
  id: unknown;
  messages: string[];
}

export interface FeedReport {
  tenant: string;
  feed: string;
  generated_at: string;
  received: number;
  published: number;
  hidden: Partial<Record<HiddenReason, number>>;
  quarantined: QuarantinedRow[];
}

export interface PublishedFeed {
  cars: Car[];
  report: FeedReport;
}

/**
 * Why a feed is not JSON, without quoting it: the parser's own message carries the first characters
 * of the text, and a feed path that named some other file on the build machine would put them in
 * the build log. Only where it broke (line and column, when the parser knows) is kept.
 */
export function jsonProblem(error: unknown): string {
  const where = /\(line (\d+) column (\d+)\)/.exec(error instanceof Error ? error.message : "");
  return where
    ? `stock feed is not valid JSON (line ${where[1]}, column ${where[2]})`
    : "stock feed is not valid JSON; check it with a JSON validator";
}

/**
 * The feed file a relative site.json `feed` names, which must stay inside the tenant's folder
 * (symbolic links followed): a tenant's config may not have the build read any other file.
 */
async function feedFile(site: Site, tenantDir: string): Promise<string> {
  const root = path.resolve(tenantDir);
  const file = path.resolve(root, site.feed);
  const outside = (candidate: string, folder: string) => !candidate.startsWith(folder + path.sep);
  const refuse = () =>
    new ConfigError(path.join(root, "site.json"), [
      `feed: "${site.feed}" is outside the tenant folder; use a file inside it (like "stock.json") or an https:// URL`,
    ]);
  if (outside(file, root)) throw refuse();
  let real: string;
  try {
    real = await realpath(file);
  } catch (error) {
    throw new ConfigError(file, [`stock feed cannot be read: ${(error as Error).message}`]);
  }
  if (outside(real, await realpath(root))) throw refuse();
  return real;
}

/**
 * Reads the raw feed named by site.json: a path inside the tenant folder or an https URL (fetched
 * as feed-fetch.server.ts says, with the tenant's `FEED_AUTH_TOKEN` header when it has one).
 */
export async function readFeed(
  site: Site,
  tenantDir: string,
  options: Omit<FeedFetchOptions, "authorization"> & { env?: NodeJS.ProcessEnv } = {},
): Promise<unknown> {
  if (site.feed.startsWith("https://")) {
    const env = options.env ?? process.env;
    let text: string;
    try {
      ({ text } = await fetchFeed(site.feed, {
        cacheDir: path.join(env.TENANT_CACHE_DIR || ".cache", site.slug, "feed"),
        ...options,
        authorization: tenantSetting("FEED_AUTH_TOKEN", site.slug, env),
      }));
    } catch (error) {
      throw new ConfigError(site.feed, [(error as Error).message]);
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new ConfigError(site.feed, [jsonProblem(error)]);
    }
  }
  const file = await feedFile(site, tenantDir);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new ConfigError(file, [`stock feed cannot be read: ${(error as Error).message}`]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(file, [jsonProblem(error)]);
  }
}

/** Tags a dealer may use in comments; everything else (scripts, styles, handlers) is stripped. */
const COMMENT_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "ul", "ol", "li", "strong", "b", "em", "i", "u", "h3", "h4"],
  allowedAttributes: {},
  disallowedTagsMode: "discard",
};

export function sanitizeDealerComments(html: string): string {
  return sanitizeHtml(html, COMMENT_HTML).trim();
}

function rowId(row: unknown): unknown {
  return row !== null && typeof row === "object" ? (row as { id?: unknown }).id : undefined;
}

/**
 * Validates and filters a raw feed for one site, filling in first what a row may leave out
 * (withFeedDefaults: slug, a single dealership's id). Pure apart from its inputs: `now` decides the
 * sold window and just-arrived tags, so tests need no clock.
 */
export function publishFeed(raw: unknown, site: Site, now: Date, feedName = site.feed): PublishedFeed {
  const rows = (raw as { cars?: unknown } | null)?.cars;
  if (!Array.isArray(rows)) {
    throw new ConfigError(feedName, ['stock feed must be a JSON object with a "cars" array']);
  }
  const report: FeedReport = {
    tenant: site.slug,
    feed: feedName,
    generated_at: now.toISOString(),
    received: rows.length,
    published: 0,
    hidden: {},
    quarantined: [],
  };
  const seenIds = new Set<number>();
  const seenSlugs = new Set<string>();
  const cars: Car[] = [];

  // Several dealerships: a row without its dealership cannot be placed, and the message says why.
  const dealershipHint =
    site.dealerships.length > 1
      ? `; this site has ${site.dealerships.length} dealerships, so each car names its own (${site.dealerships
          .map((dealership) => dealership.id)
          .join(", ")})`
      : "";

  rows.forEach((row, index) => {
    const filled = withFeedDefaults(row, site);
    const parsed = carSchema.safeParse(filled);
    if (!parsed.success) {
      const messages = describeIssues(parsed.error, filled).map((message) =>
        message.startsWith("dealership_id: is required") ? `${message}${dealershipHint}` : message,
      );
      report.quarantined.push({ index, id: rowId(row) ?? null, messages });
      return;
    }
    const car = parsed.data;
    const duplicates = [
      seenIds.has(car.id) ? `id: ${car.id} appears earlier in the feed (only the first is published)` : null,
      seenSlugs.has(car.slug)
        ? `slug: "${car.slug}" appears earlier in the feed (only the first is published)`
        : null,
    ].filter((message): message is string => message !== null);
    if (duplicates.length > 0) {
      report.quarantined.push({ index, id: car.id, messages: duplicates });
      return;
    }
    seenIds.add(car.id);
    seenSlugs.add(car.slug);

    const reason = hiddenReason(car, site, now);
    if (reason) {
      report.hidden[reason] = (report.hidden[reason] ?? 0) + 1;
      return;
    }
    cars.push({
      ...car,
      dealercomments: car.dealercomments ? sanitizeDealerComments(car.dealercomments) : car.dealercomments,
    });
  });
  report.published = cars.length;
  return { cars, report };
}

export interface TruncationVerdict {
  ok: boolean;
  message?: string;
}

/**
 * Truncated-feed guard: a feed that would publish fewer than `minShare` of the last successful
 * build's cars is refused, because a half-delivered feed would silently unpublish real stock.
 */
export function checkTruncation(
  published: number,
  lastPublished: number | null,
  minShare: number,
  override: boolean,
): TruncationVerdict {
  if (lastPublished === null || lastPublished === 0) return { ok: true };
  const floor = Math.ceil(lastPublished * minShare);
  if (published >= floor) return { ok: true };
  const message =
    `feed would publish ${published} cars, fewer than ${Math.round(minShare * 100)}% of the last ` +
    `successful build (${lastPublished}); refusing to publish. If the stock really shrank, rebuild ` +
    `with ALLOW_FEED_SHRINK=1.`;
  return override
    ? { ok: true, message: `${message} (overridden by ALLOW_FEED_SHRINK)` }
    : { ok: false, message };
}

/** The first `count` quarantined rows, one line each: `row 0 (id 7): slug: is required (string)`. */
export function firstQuarantined(report: FeedReport, count = 3): string[] {
  return report.quarantined.slice(0, count).map((row) => {
    const id = row.id === null || row.id === undefined ? "no id" : `id ${JSON.stringify(row.id)}`;
    return `row ${row.index} (${id}): ${row.messages.join("; ")}`;
  });
}

/**
 * When a feed publishes no car while it quarantined rows, the first rows' messages (the build then
 * calls itself `empty` rather than ok: the stock may really be gone, or no row matches the car
 * schema); otherwise null.
 */
export function emptyPublish(report: FeedReport): string[] | null {
  return report.published === 0 && report.quarantined.length > 0 ? firstQuarantined(report) : null;
}

/**
 * A site's first build (no published build to compare with) from a feed whose every row was
 * quarantined is refused as a truncated feed is: it would publish an empty site, and a build that
 * says "ok" over it hides a feed that does not match the car schema at all.
 */
export function checkFirstFeed(
  report: FeedReport,
  lastPublished: number | null,
  reportName = "the feed report",
): TruncationVerdict {
  if (lastPublished !== null || report.received === 0) return { ok: true };
  if (report.quarantined.length < report.received) return { ok: true };
  return {
    ok: false,
    message:
      `${report.received === 1 ? "the feed's one row" : `every one of the feed's ${report.received} rows`} ` +
      "was quarantined and the site has never been " +
      "published; refusing to publish an empty site. Fix the rows " +
      `(${reportName} lists each); the ` +
      `first:\n${firstQuarantined(report)
        .map((line) => `  ${line}`)
        .join("\n")}`,
  };
}
