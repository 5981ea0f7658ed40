/**
 * The engine as meilisearch-js's custom `httpClient`: the search page's client talks to it as to a
 * Meilisearch server, so the widgets cannot tell the difference.
 */
import { asEngineError, invalid, prefixError, SearchEngineError } from "./errors";
import type { FacetSearchRequest, MultiSearchQuery, SearchEngine, SearchRequest } from "./types";

/** An engine, or a loader that builds one per index uid (e.g. fetching the emitted index file). */
export type EngineSource =
  | SearchEngine
  | ((indexUid: string) => SearchEngine | undefined | null | Promise<SearchEngine | undefined | null>);

/** What meilisearch-js passes as `init` (a `RequestInit`); only method and body are read. */
export interface HttpClientInit {
  method?: string;
  body?: unknown;
}

/** meilisearch-js's `httpClient(url, init)`: resolves to the parsed JSON body. */
export type SearchHttpClient = (
  url: string | URL | { url: string },
  init?: HttpClientInit,
) => Promise<unknown>;

function parseBody(body: unknown): unknown {
  if (body === undefined || body === null || body === "") return {};
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new SearchEngineError(
      `The json payload provided is malformed. \`${error instanceof Error ? error.message : String(error)}\`.`,
      "malformed_payload",
    );
  }
}

/** GET `/indexes/{uid}/search?q=…`: query-string parameters (lists are comma-separated). */
function searchParamsToRequest(params: URLSearchParams): SearchRequest {
  const request: SearchRequest = {};
  const lists = [
    "facets",
    "sort",
    "attributesToRetrieve",
    "attributesToHighlight",
    "attributesToCrop",
    "attributesToSearchOn",
  ];
  const numbers = ["offset", "limit", "page", "hitsPerPage", "cropLength"];
  for (const [key, value] of params) {
    if (lists.includes(key)) request[key] = value.split(",").filter(Boolean);
    else if (numbers.includes(key)) request[key] = /^\d+$/.test(value) ? Number(value) : value;
    else request[key] = value;
  }
  return request;
}

/** The engine of an index uid, built once (a loader's failure is not kept: the next call tries again). */
function engineLoader(source: EngineSource): (uid: string) => Promise<SearchEngine> {
  const loaded = new Map<string, Promise<SearchEngine>>();
  return (uid) => {
    if (typeof source !== "function") return Promise.resolve(source);
    let pending = loaded.get(uid);
    if (!pending) {
      pending = Promise.resolve(source(uid)).then((engine) => {
        if (!engine) {
          loaded.delete(uid);
          throw new SearchEngineError(`Index \`${uid}\` not found.`, "index_not_found", 404);
        }
        return engine;
      });
      pending.catch(() => loaded.delete(uid));
      loaded.set(uid, pending);
    }
    return pending;
  };
}

/** The method and path a request names. */
function route(input: Parameters<SearchHttpClient>[0], init: HttpClientInit) {
  const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, "http://embedded.search");
  return { url, method: (init.method ?? "GET").toUpperCase(), path: url.pathname.replace(/\/+$/, "") };
}

const isMultiSearch = (method: string, path: string) => method === "POST" && /\/multi-search$/.test(path);

const notAnswered = (method: string, path: string) =>
  new SearchEngineError(
    `The embedded search engine does not answer \`${method} ${path || "/"}\`.`,
    "not_found",
    404,
  );

/** `POST /multi-search`: each query on its index's engine, a failure named by the query's position. */
async function multiSearch(engineFor: (uid: string) => Promise<SearchEngine>, payload: unknown) {
  const body = parseBody(payload) as { queries?: MultiSearchQuery[]; federation?: unknown };
  if (!body || !Array.isArray(body.queries)) throw invalid("bad_request", "Missing field `queries`");
  if (body.federation != null) {
    throw invalid("bad_request", "Federated multi-search is not supported by the embedded search engine.");
  }
  const results = [];
  for (const [i, query] of body.queries.entries()) {
    try {
      if (!query || typeof query.indexUid !== "string")
        throw invalid("missing_index_uid", "Missing field `indexUid`");
      const { indexUid, ...rest } = query;
      const engine = await engineFor(indexUid);
      results.push({ indexUid, ...engine.search(indexUid, rest) });
    } catch (error) {
      throw prefixError(error, i);
    }
  }
  return { results };
}

/**
 * The client the search worker needs: `POST /multi-search` only, the one request the site's pages
 * send (the search page's client, similar cars, query understanding's counts), so the browser
 * carries none of the other routes. Anything else fails as `createHttpClient` fails an unknown route.
 */
export function createMultiSearchClient(source: EngineSource): SearchHttpClient {
  const engineFor = engineLoader(source);
  return async (input, init = {}) => {
    try {
      const { method, path } = route(input, init);
      if (isMultiSearch(method, path)) return await multiSearch(engineFor, init.body);
      throw notAnswered(method, path);
    } catch (error) {
      throw asEngineError(error);
    }
  };
}

/**
 * The `httpClient` to pass to `new MeiliSearch({ host, httpClient })`, or to call with a
 * Meilisearch URL and request as the search page's client does. It answers `POST /multi-search`,
 * `POST|GET /indexes/{uid}/search`, `POST /indexes/{uid}/facet-search`, `GET /indexes/{uid}`,
 * `GET /indexes/{uid}/settings`, `GET /health` and `GET /version`, and returns parsed JSON.
 * Failures are thrown as `SearchEngineError` (Meilisearch's `{ message, code, type, link }`).
 */
export function createHttpClient(source: EngineSource): SearchHttpClient {
  const engineFor = engineLoader(source);
  return async (input, init = {}) => {
    try {
      const { url, method, path } = route(input, init);
      const index = /\/indexes\/([^/]+)(\/.*)?$/.exec(path);

      if (isMultiSearch(method, path)) return await multiSearch(engineFor, init.body);
      if (index) {
        const uid = decodeURIComponent(index[1] as string);
        const rest = index[2] ?? "";
        if (rest === "/search" && (method === "POST" || method === "GET")) {
          const engine = await engineFor(uid);
          const request =
            method === "POST"
              ? (parseBody(init.body) as SearchRequest)
              : searchParamsToRequest(url.searchParams);
          return engine.search(uid, request);
        }
        if (rest === "/facet-search" && method === "POST") {
          const engine = await engineFor(uid);
          return engine.facetSearch(uid, parseBody(init.body) as FacetSearchRequest);
        }
        if (rest === "/settings" && method === "GET") {
          const { settings } = await engineFor(uid);
          return {
            displayedAttributes: settings.displayedAttributes,
            searchableAttributes: settings.searchableAttributes,
            filterableAttributes: settings.filterableAttributes,
            sortableAttributes: settings.sortableAttributes,
            rankingRules: settings.rankingRules,
            typoTolerance: { ...settings.typoTolerance, disableOnAttributes: [] },
            faceting: {
              maxValuesPerFacet: settings.maxValuesPerFacet,
              sortFacetValuesBy: settings.sortFacetValuesBy,
            },
            pagination: {
              maxTotalHits: Number.isFinite(settings.maxTotalHits)
                ? settings.maxTotalHits
                : Number.MAX_SAFE_INTEGER,
            },
          };
        }
        if (rest === "" && method === "GET") {
          await engineFor(uid);
          const at = new Date(0).toISOString();
          return { uid, primaryKey: "id", createdAt: at, updatedAt: at };
        }
      }
      if (/\/health$/.test(path) && method === "GET") return { status: "available" };
      if (/\/version$/.test(path) && method === "GET") {
        return { commitSha: "embedded", commitDate: new Date(0).toISOString(), pkgVersion: "embedded" };
      }
      throw notAnswered(method, path);
    } catch (error) {
      throw asEngineError(error);
    }
  };
}
