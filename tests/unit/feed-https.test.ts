/**
 * Stock feeds over https, against a local https feed server (tests/fixtures/tls, trusted through
 * the process's CA store as a build machine trusts a provider): the provider's authorization
 * header, If-None-Match with the kept ETag, a size cap, redirects refused, a time limit, and
 * retries with doubling backoff only where a retry can help.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readFeed } from "~/features/stock/feed.server";
import { makeSite } from "./helpers";

const TLS_DIR = new URL("../fixtures/tls/", import.meta.url);
const CERT = readFileSync(new URL("localhost.crt", TLS_DIR));
const KEY = readFileSync(new URL("localhost.key", TLS_DIR));
const DEFAULT_CAS = tls.getCACertificates("default");
const SLUG = "feed-motors";
const TOKEN = "Bearer feed-token-0123456789";
const FEED = JSON.stringify({ cars: [] });

let server: Server;
let base: string;
let work: string;
let requests: { path: string; authorization: string | undefined; ifNoneMatch: string | undefined }[];
let flaky = 0;

beforeAll(async () => {
  tls.setDefaultCACertificates([...DEFAULT_CAS, CERT.toString("utf8")]);
  server = createServer({ cert: CERT, key: KEY }, (req, res) => {
    const url = req.url ?? "";
    requests.push({
      path: url,
      authorization: req.headers.authorization,
      ifNoneMatch: req.headers["if-none-match"],
    });
    if (req.headers.authorization !== TOKEN) return void res.writeHead(401).end("who are you");
    if (url === "/feed") {
      if (req.headers["if-none-match"] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
      return void res.writeHead(200, { "content-type": "application/json", etag: '"v1"' }).end(FEED);
    }
    if (url === "/moved") return void res.writeHead(302, { location: `${base}/feed` }).end();
    if (url === "/big") {
      res.writeHead(200, { "content-type": "application/json" });
      // Streamed without a length: the cap must hold as it is read.
      res.write(`{"cars":[${'"x",'.repeat(500)}`);
      return void res.end('"x"]}');
    }
    if (url === "/flaky") {
      flaky++;
      if (flaky <= 2) return void res.writeHead(503).end("busy");
      return void res.writeHead(200).end(FEED);
    }
    if (url === "/gone") return void res.writeHead(404).end("no");
    if (url === "/slow") return; // never answers
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `https://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  tls.setDefaultCACertificates(DEFAULT_CAS);
});
beforeEach(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "feed-https-"));
  requests = [];
  flaky = 0;
});

const env = () => ({
  [`FEED_AUTH_TOKEN_${SLUG.toUpperCase().replace("-", "_")}`]: TOKEN,
  TENANT_CACHE_DIR: work,
});
const waits: number[] = [];
const read = (feedPath: string, options: { maxBytes?: number; timeoutMs?: number } = {}) =>
  readFeed(makeSite({ slug: SLUG, feed: `${base}${feedPath}` }), work, {
    env: env(),
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });

describe("stock feeds over https", () => {
  it("sends the provider's authorization, then If-None-Match, and reuses the kept feed on a 304", async () => {
    expect(await read("/feed")).toEqual({ cars: [] });
    expect(await read("/feed")).toEqual({ cars: [] });
    expect(requests).toEqual([
      { path: "/feed", authorization: TOKEN, ifNoneMatch: undefined },
      { path: "/feed", authorization: TOKEN, ifNoneMatch: '"v1"' },
    ]);
    rmSync(work, { recursive: true, force: true });
  });

  it("refuses a redirect, with where it pointed, and never follows it", async () => {
    await expect(read("/moved")).rejects.toThrow(
      `The stock feed answered with a redirect (HTTP 302 to ${base}/feed), which is not followed: set its final https: address`,
    );
    expect(requests.map((r) => r.path)).toEqual(["/moved"]);
  });

  it("stops reading a feed over the size cap", async () => {
    await expect(read("/big", { maxBytes: 1_000 })).rejects.toThrow(
      "stock feed passed the 1000-byte cap; nothing was published",
    );
  });

  it("retries what a retry can fix with doubling backoff, and not what it cannot", async () => {
    waits.length = 0;
    expect(await read("/flaky")).toEqual({ cars: [] });
    expect(waits).toEqual([1_000, 2_000]);
    waits.length = 0;
    await expect(read("/gone")).rejects.toThrow("stock feed answered HTTP 404; nothing was published");
    expect(waits).toEqual([]);
    expect(requests.filter((r) => r.path === "/gone")).toHaveLength(1);
  });

  it("gives up on a feed that does not answer in time, after the retries", async () => {
    waits.length = 0;
    await expect(read("/slow", { timeoutMs: 100 })).rejects.toThrow(
      "stock feed could not be fetched: timed out",
    );
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(requests.filter((r) => r.path === "/slow")).toHaveLength(4);
  });
});
