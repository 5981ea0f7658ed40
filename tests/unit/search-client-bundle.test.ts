/**
 * The search island's client as the browser gets it: src/features/search/transport/search-client.client.ts
 * bundled by Vite with the browser-only resolutions of scripts/lib/slim-browser-deps.ts
 * (no qs), then run against real
 * HTTP: a hosted Meilisearch (here the embedded engine behind a Meilisearch HTTP API, answering
 * errors as Meilisearch does) and the embedded index file, searched by the search worker's own
 * handler behind a stand-in for the browser's Worker (Node has none): messages cross it as
 * structured clones, as they cross a real worker.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { searchDocuments } from "~/features/search/documents";
import { createEngine, createHttpClient, SearchEngineError } from "~/features/search/engine";
import { packIndex } from "~/features/search/pack";
import { CAR_INDEX_SETTINGS } from "~/features/search/settings";
import { createWorkerHandler } from "~/features/search/transport/worker-handler.client";
import type { WorkerRequest } from "~/features/search/transport/worker-protocol";
import slimBrowserDeps from "../../scripts/lib/slim-browser-deps";
import { makeCar, makeSite, NOW } from "./helpers";

const ROOT = path.resolve(".");
const KEY = "search-only-key";
const site = makeSite();
const documents = searchDocuments(
  [
    makeCar({
      id: 1,
      slug: "2020-toyota-corolla-1",
      name: "2020 Toyota Corolla",
      make: "Toyota",
      model: "Corolla",
      price: 21990,
    }),
    makeCar({
      id: 2,
      slug: "2021-toyota-hilux-2",
      name: "2021 Toyota Hilux",
      make: "Toyota",
      model: "Hilux",
      price: 45990,
    }),
    makeCar({
      id: 3,
      slug: "2019-mazda-cx-5-3",
      name: "2019 Mazda CX-5",
      make: "Mazda",
      model: "CX-5",
      price: 28990,
    }),
  ],
  site,
  NOW,
);

let server: Server;
let origin: string;
const seen: { path: string; authorization: string | undefined; agent: string | undefined }[] = [];
type SearchClientModule = typeof import("~/features/search/transport/search-client.client");
let bundle: SearchClientModule;

beforeAll(async () => {
  const engine = createHttpClient(createEngine(documents, CAR_INDEX_SETTINGS));
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    seen.push({
      path: url.pathname,
      authorization: request.headers.authorization,
      agent: request.headers["x-meilisearch-client"] as string | undefined,
    });
    if (request.headers.authorization !== `Bearer ${KEY}` && url.pathname !== "/search-data/cars.json") {
      // Meilisearch's answer to a wrong key.
      response.writeHead(403, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          message: "The provided API key is invalid.",
          code: "invalid_api_key",
          type: "auth",
          link: "https://docs.meilisearch.com/errors#invalid_api_key",
        }),
      );
      return;
    }
    if (url.pathname === "/search-data/cars.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(packIndex(documents)));
      return;
    }
    try {
      const answer = await engine(url.href, {
        method: request.method ?? "GET",
        body: await text(request),
      });
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(answer));
    } catch (error) {
      const status = error instanceof SearchEngineError ? error.httpStatus : 500;
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: (error as Error).message }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const outDir = mkdtempSync(path.join(os.tmpdir(), "search-client-bundle-"));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: "silent",
    plugins: [slimBrowserDeps()],
    resolve: { alias: { "~": path.join(ROOT, "src") } },
    build: {
      outDir,
      minify: false,
      lib: {
        entry: path.join(ROOT, "src/features/search/transport/search-client.client.ts"),
        formats: ["es"],
        fileName: "search-client",
      },
    },
  });
  const file = path.join(outDir, "search-client.js");
  // The client's own multi-search request, not meilisearch-js.
  const code = readFileSync(file, "utf8");
  expect(code).toContain("Meilisearch JavaScript (v0.36.0)");
  expect(code).not.toContain("waitForTask");
  bundle = (await import(pathToFileURL(file).href)) as SearchClientModule;
}, 120_000);

afterAll(() => {
  server?.close();
});

/** How many workers the page started, and whether the next one fails to load (a blocked script). */
const workers = { started: 0, failNext: false };

/** The browser's Worker as the page uses it, running the search worker's handler in this process. */
class WorkerStandIn extends EventTarget {
  readonly #handle = createWorkerHandler();
  #failed = false;
  constructor() {
    super();
    workers.started += 1;
    this.#failed = workers.failNext;
    workers.failNext = false;
  }
  postMessage(data: WorkerRequest) {
    const request = structuredClone(data);
    setTimeout(async () => {
      if (this.#failed) {
        this.dispatchEvent(new Event("error", { cancelable: true }));
        return;
      }
      const answer = structuredClone(await this.#handle(request));
      this.dispatchEvent(new MessageEvent("message", { data: answer }));
    });
  }
  terminate() {}
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, "Worker");
});

const firstPage = [{ indexName: "cars", params: { query: "toyota", hitsPerPage: 10, facets: ["make"] } }];

describe("the search client bundled for the browser", () => {
  it("searches a hosted Meilisearch with the site's search key", async () => {
    seen.length = 0;
    const client = bundle.createSearchClient({
      service: { host: origin, key: KEY },
      indexUrl: "/unused",
      cacheSize: 30,
    });
    const { results } = await client.search(firstPage as never);
    const result = results[0] as { hits: { id: number }[]; nbHits: number; facets: Record<string, unknown> };
    expect(result.hits.map((hit) => hit.id).sort()).toEqual([1, 2]);
    expect(result.nbHits).toBe(2);
    expect(result.facets).toEqual({ make: { Toyota: 2 } });
    // Every request goes to the API with the key.
    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request).toEqual({
        path: "/multi-search",
        authorization: `Bearer ${KEY}`,
        agent: expect.stringMatching(/^Meilisearch instant-meilisearch \(v[\d.]+\) ; Meilisearch JavaScript/),
      });
    }
  });

  it("answers a search it has seen from its cache, keeping search.cache_size answers, oldest out first", async () => {
    const client = bundle.createSearchClient({
      service: { host: origin, key: KEY },
      indexUrl: "/unused",
      cacheSize: 2,
    });
    const query = (text: string) => [{ indexName: "cars", params: { query: text, hitsPerPage: 10 } }];
    /** Whether the search reached the service. */
    const searched = async (text: string) => {
      const before = seen.length;
      await client.search(query(text) as never);
      return seen.length > before;
    };
    expect(await searched("toyota")).toBe(true);
    // Back to a search already answered: no request.
    expect(await searched("toyota")).toBe(false);
    expect(await searched("mazda")).toBe(true);
    expect(await searched("kia")).toBe(true);
    // Two answers kept: "toyota", the oldest, went when "kia" came.
    expect(await searched("mazda")).toBe(false);
    expect(await searched("toyota")).toBe(true);
  });

  it("fails with Meilisearch's own message when the service refuses the key", async () => {
    const client = bundle.createSearchClient({
      service: { host: origin, key: "revoked" },
      indexUrl: "/unused",
      cacheSize: 30,
    });
    // The client passes on "<error name>: <message>", as meilisearch-js names them; the
    // results panel shows it.
    await expect(client.search(firstPage as never)).rejects.toThrow(
      /^MeiliSearchApiError: The provided API key is invalid\.$/,
    );
  });

  it("fails with a communication error when the service cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const client = bundle.createSearchClient({
      service: { host: `http://127.0.0.1:${port}`, key: KEY },
      indexUrl: "/unused",
      cacheSize: 30,
    });
    await expect(client.search(firstPage as never)).rejects.toThrow(
      /^MeiliSearchCommunicationError: fetch failed$/,
    );
  });

  it("searches the embedded index file in the search worker, without a server", async () => {
    seen.length = 0;
    workers.started = 0;
    Object.assign(globalThis, { Worker: WorkerStandIn });
    const client = bundle.createSearchClient({ indexUrl: `${origin}/search-data/cars.json`, cacheSize: 30 });
    const { results } = await client.search(firstPage as never);
    expect((results[0] as { hits: { id: number }[] }).hits.map((hit) => hit.id).sort()).toEqual([1, 2]);
    // The index is fetched once; every search after that stays in the page.
    await client.search(firstPage as never);
    expect(seen.map((request) => request.path)).toEqual(["/search-data/cars.json"]);
    expect(workers.started).toBe(1);
  });

  it("understands the shopper's words in the same worker, counting with the embedded engine", async () => {
    seen.length = 0;
    workers.started = 0;
    Object.assign(globalThis, { Worker: WorkerStandIn });
    const client = bundle.createSearchClient({ indexUrl: `${origin}/search-data/cars.json`, cacheSize: 30 });
    await client.search(firstPage as never);
    expect(await client.understand({ text: "hilux under 50k", filter: [], indexUid: "cars" })).toEqual({
      text: "hilux under 50k",
      understanding: {
        refinementList: { model: ["Hilux"] },
        range: { price: { max: 50000 } },
        query: "",
        said: { model: "Hilux" },
      },
      line: "Toyota Hilux under $50,000",
      fallback: false,
    });
    // No Mazda costs over $40,000, while the words "mazda over 40k" find the CX-5: search the words.
    const none = await client.understand({ text: "mazda over 40k", filter: [], indexUid: "cars" });
    expect(none.fallback).toBe(true);
    expect(none.line).toBe("Mazda from $40,000");
    // Within the path's filter, the same words find nothing either way: no fallback.
    const within = await client.understand({
      text: "mazda over 40k",
      filter: ['make = "Toyota"'],
      indexUid: "cars",
    });
    expect(within.fallback).toBe(false);
    expect(seen.map((request) => request.path)).toEqual(["/search-data/cars.json"]);
    expect(workers.started).toBe(1);
  });

  it("with a Meilisearch server, takes the words from the index file and asks the server the counts", async () => {
    seen.length = 0;
    workers.started = 0;
    Object.assign(globalThis, { Worker: WorkerStandIn });
    const client = bundle.createSearchClient({
      service: { host: origin, key: KEY },
      indexUrl: `${origin}/search-data/cars.json`,
      cacheSize: 30,
    });
    const answer = await client.understand({ text: "cx-5 under 30k", filter: [], indexUid: "cars" });
    expect(answer.understanding?.refinementList).toEqual({ model: ["CX-5"] });
    expect(answer.fallback).toBe(false);
    expect(seen).toEqual([
      { path: "/search-data/cars.json", authorization: undefined, agent: undefined },
      { path: "/multi-search", authorization: `Bearer ${KEY}`, agent: undefined },
    ]);
  });

  it("says the engine could not start when the worker fails, and starts a new one for the next search", async () => {
    workers.started = 0;
    workers.failNext = true;
    Object.assign(globalThis, { Worker: WorkerStandIn });
    const client = bundle.createSearchClient({ indexUrl: `${origin}/search-data/cars.json`, cacheSize: 30 });
    await expect(client.search(firstPage as never)).rejects.toThrow("the search engine could not start");
    const { results } = await client.search(firstPage as never);
    expect((results[0] as { nbHits: number }).nbHits).toBe(2);
    expect(workers.started).toBe(2);
  });
});
