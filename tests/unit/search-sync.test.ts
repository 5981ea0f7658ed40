/**
 * scripts/search-sync.ts end to end against a fake Meilisearch (node:http on a random port) that
 * implements the parts of the API the sync uses (indexes, settings, documents, stats, tasks,
 * swap-indexes, keys) and is as strict as Meilisearch about bodies: unknown settings keys, wrong
 * types, malformed JSON, bad document ids and swaps of missing indexes are rejected with
 * Meilisearch's error codes, so a sync that sends something Meilisearch would refuse fails here.
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Meilisearch, type Settings } from "meilisearch";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CarSearchDocument, indexUid, searchDocuments } from "~/features/search/documents";
import { searchPageProps } from "~/features/search/page.server";
import { tenantSearch } from "~/features/search/search.server";
import { CAR_INDEX_SETTINGS, FACET_ATTRIBUTES } from "~/features/search/settings";
import {
  assertPublicSearchKey,
  meiliIndexSettings,
  resolveSyncTarget,
  SearchSyncError,
  scratchIndexUid,
  syncIndex,
  syncTenant,
} from "~/features/search/sync";
import { loadTenant } from "~/snapshot/load-tenant.server";
import { siteSchema } from "~/tenant/schema";
import type { TenantData } from "~/tenant/tenant.server";
import { makeCar, makeSite, NOW } from "./helpers";

// ---------------------------------------------------------------------------------------------
// The fake Meilisearch

type Json = Record<string, unknown>;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly type = "invalid_request",
  ) {
    super(message);
  }
  body() {
    return {
      message: this.message,
      code: this.code,
      type: this.type,
      link: `https://docs.meilisearch.com/errors#${this.code}`,
    };
  }
}

interface FakeIndex {
  uid: string;
  primaryKey: string | null;
  createdAt: string;
  updatedAt: string;
  settings: Json;
  docs: Map<string, Json>;
}

interface FakeTask {
  uid: number;
  indexUid: string | null;
  status: "enqueued" | "processing" | "succeeded" | "failed";
  type: string;
  details: Json;
  error: Json | null;
  enqueuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  apply: () => void;
}

const DEFAULT_SETTINGS: Json = {
  displayedAttributes: ["*"],
  searchableAttributes: ["*"],
  filterableAttributes: [],
  sortableAttributes: [],
  rankingRules: ["words", "typo", "proximity", "attribute", "sort", "exactness"],
  stopWords: [],
  synonyms: {},
  distinctAttribute: null,
  typoTolerance: {
    enabled: true,
    minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
    disableOnWords: [],
    disableOnAttributes: [],
  },
  faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { "*": "alpha" } },
  pagination: { maxTotalHits: 1000 },
};
/** The settings keys of Meilisearch's `PATCH /indexes/{uid}/settings` (deny_unknown_fields). */
const SETTINGS_KEYS = [
  "displayedAttributes",
  "searchableAttributes",
  "filterableAttributes",
  "sortableAttributes",
  "rankingRules",
  "stopWords",
  "nonSeparatorTokens",
  "separatorTokens",
  "dictionary",
  "synonyms",
  "distinctAttribute",
  "proximityPrecision",
  "typoTolerance",
  "faceting",
  "pagination",
  "embedders",
  "searchCutoffMs",
  "localizedAttributes",
  "facetSearch",
  "prefixSearch",
  "chat",
];
const STRING_LIST_SETTINGS = [
  "displayedAttributes",
  "searchableAttributes",
  "sortableAttributes",
  "stopWords",
  "nonSeparatorTokens",
  "separatorTokens",
  "dictionary",
];
const INDEX_UID = /^[A-Za-z0-9_-]{1,400}$/;
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,511}$/;
const RANKING_RULE = /^(words|typo|proximity|attribute|sort|exactness|[^:\s]+:(asc|desc))$/;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const typeName = (value: unknown) =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "an array"
      : `a ${typeof value === "object" ? "map" : typeof value}`;

function unknownField(key: string, allowed: readonly string[], where = "", code = "bad_request"): ApiError {
  return new ApiError(
    400,
    code,
    `Unknown field \`${key}\`${where ? ` inside \`${where}\`` : ""}: expected one of ${allowed.map((k) => `\`${k}\``).join(", ")}`,
  );
}

function strictObject(value: unknown, allowed: readonly string[], where: string, code: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiError(
      400,
      code,
      `Invalid value type at \`${where}\`: expected an object, but found ${typeName(value)}`,
    );
  }
  for (const key of Object.keys(value))
    if (!allowed.includes(key)) throw unknownField(key, allowed, where, code);
  return value as Json;
}

function nonNegativeInt(value: unknown, where: string, code: string): void {
  if (!Number.isInteger(value) || (value as number) < 0) {
    throw new ApiError(
      400,
      code,
      `Invalid value type at \`${where}\`: expected a positive integer, but found ${typeName(value)}`,
    );
  }
}

function validateSettings(body: unknown): Json {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(
      400,
      "bad_request",
      `Invalid value type: expected an object, but found ${typeName(body)}`,
    );
  }
  const settings = body as Json;
  for (const key of Object.keys(settings))
    if (!SETTINGS_KEYS.includes(key)) throw unknownField(key, SETTINGS_KEYS);
  for (const key of STRING_LIST_SETTINGS) {
    const value = settings[key];
    if (
      value !== undefined &&
      value !== null &&
      !(Array.isArray(value) && value.every((v) => typeof v === "string"))
    ) {
      throw new ApiError(
        400,
        `invalid_settings_${snake(key)}`,
        `Invalid value type at \`.${key}\`: expected an array, but found ${typeName(value)}`,
      );
    }
  }
  const filterable = settings.filterableAttributes;
  if (
    filterable !== undefined &&
    filterable !== null &&
    !(
      Array.isArray(filterable) &&
      filterable.every((v) => typeof v === "string" || (typeof v === "object" && v !== null))
    )
  ) {
    throw new ApiError(
      400,
      "invalid_settings_filterable_attributes",
      `Invalid value type at \`.filterableAttributes\`: expected an array, but found ${typeName(filterable)}`,
    );
  }
  const rules = settings.rankingRules;
  if (rules !== undefined && rules !== null) {
    if (!Array.isArray(rules)) {
      throw new ApiError(
        400,
        "invalid_settings_ranking_rules",
        `Invalid value type at \`.rankingRules\`: expected an array, but found ${typeName(rules)}`,
      );
    }
    for (const rule of rules) {
      if (typeof rule !== "string" || !RANKING_RULE.test(rule)) {
        throw new ApiError(
          400,
          "invalid_settings_ranking_rules",
          `Invalid value at \`.rankingRules[${rules.indexOf(rule)}]\`: \`${String(rule)}\` ranking rule is invalid. Valid ranking rules are words, typo, sort, proximity, attribute, exactness and custom ranking rules.`,
        );
      }
    }
  }
  if (settings.faceting !== undefined && settings.faceting !== null) {
    const faceting = strictObject(
      settings.faceting,
      ["maxValuesPerFacet", "sortFacetValuesBy"],
      ".faceting",
      "invalid_settings_faceting",
    );
    if (faceting.maxValuesPerFacet !== undefined)
      nonNegativeInt(faceting.maxValuesPerFacet, ".faceting.maxValuesPerFacet", "invalid_settings_faceting");
    for (const [facet, order] of Object.entries((faceting.sortFacetValuesBy as Json | undefined) ?? {})) {
      if (order !== "alpha" && order !== "count") {
        throw new ApiError(
          400,
          "invalid_settings_faceting",
          `Unknown value \`${String(order)}\` at \`.faceting.sortFacetValuesBy.${facet}\`: expected one of \`alpha\`, \`count\``,
        );
      }
    }
  }
  if (settings.pagination !== undefined && settings.pagination !== null) {
    const pagination = strictObject(
      settings.pagination,
      ["maxTotalHits"],
      ".pagination",
      "invalid_settings_pagination",
    );
    if (pagination.maxTotalHits !== undefined)
      nonNegativeInt(pagination.maxTotalHits, ".pagination.maxTotalHits", "invalid_settings_pagination");
  }
  if (settings.typoTolerance !== undefined && settings.typoTolerance !== null) {
    const code = "invalid_settings_typo_tolerance";
    const typo = strictObject(
      settings.typoTolerance,
      ["enabled", "minWordSizeForTypos", "disableOnWords", "disableOnAttributes", "disableOnNumbers"],
      ".typoTolerance",
      code,
    );
    if (typo.enabled !== undefined && typeof typo.enabled !== "boolean") {
      throw new ApiError(
        400,
        code,
        `Invalid value type at \`.typoTolerance.enabled\`: expected a boolean, but found ${typeName(typo.enabled)}`,
      );
    }
    if (typo.minWordSizeForTypos !== undefined) {
      const sizes = strictObject(
        typo.minWordSizeForTypos,
        ["oneTypo", "twoTypos"],
        ".typoTolerance.minWordSizeForTypos",
        code,
      );
      for (const [key, value] of Object.entries(sizes))
        nonNegativeInt(value, `.typoTolerance.minWordSizeForTypos.${key}`, code);
    }
  }
  return settings;
}

function mergeSettings(current: Json, update: Json): Json {
  const next: Json = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) next[key] = DEFAULT_SETTINGS[key] ?? null;
    else if (
      typeof value === "object" &&
      !Array.isArray(value) &&
      typeof current[key] === "object" &&
      current[key] !== null
    ) {
      next[key] = { ...(current[key] as Json), ...(value as Json) };
    } else next[key] = value;
  }
  return next;
}

interface KeyRecord {
  uid: string;
  key: string;
  actions: string[];
  indexes: string[];
  expiresAt: string | null;
}

class FakeMeilisearch {
  readonly indexes = new Map<string, FakeIndex>();
  readonly tasks: FakeTask[] = [];
  readonly requests: { method: string; path: string; body: unknown }[] = [];
  readonly keys: KeyRecord[] = [];
  /** Answers a request with an HTTP error instead of handling it. */
  failRequest?: (method: string, path: string) => ApiError | undefined;
  /** Makes a task fail when it is processed. */
  failTask?: (task: FakeTask) => ApiError | undefined;
  private server?: Server;
  private processing = false;
  url = "";

  constructor(readonly adminKey: string) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  reset(): void {
    this.indexes.clear();
    this.tasks.length = 0;
    this.requests.length = 0;
    this.keys.length = 0;
    this.failRequest = undefined;
    this.failTask = undefined;
  }

  seedIndex(uid: string, docs: readonly Json[], settings: Json = {}): void {
    const at = new Date().toISOString();
    this.indexes.set(uid, {
      uid,
      primaryKey: "id",
      createdAt: at,
      updatedAt: at,
      settings: mergeSettings(DEFAULT_SETTINGS, settings),
      docs: new Map(docs.map((doc) => [String(doc.id), structuredClone(doc)])),
    });
  }

  docsOf(uid: string): Json[] | undefined {
    const index = this.indexes.get(uid);
    return index ? [...index.docs.values()] : undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(body === undefined ? "" : JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? "/", "http://fake");
      const method = req.method ?? "GET";
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const auth = req.headers.authorization;
      if (!auth)
        throw new ApiError(
          401,
          "missing_authorization_header",
          "The Authorization header is missing. It must use the bearer authorization method.",
          "auth",
        );
      if (auth !== `Bearer ${this.adminKey}`)
        throw new ApiError(403, "invalid_api_key", "The provided API key is invalid.", "auth");
      let body: unknown;
      if (["POST", "PUT", "PATCH"].includes(method)) {
        const type = req.headers["content-type"] ?? "";
        if (!type.startsWith("application/json")) {
          throw new ApiError(
            415,
            "invalid_content_type",
            `The Content-Type \`${type}\` is invalid. Accepted values for the Content-Type header are: \`application/json\``,
          );
        }
        try {
          body = JSON.parse(raw);
        } catch (error) {
          throw new ApiError(
            400,
            "malformed_payload",
            `The json payload provided is malformed. \`${(error as Error).message}\`.`,
          );
        }
      }
      this.requests.push({ method, path: url.pathname, body });
      const injected = this.failRequest?.(method, url.pathname);
      if (injected) throw injected;
      const [status, response] = this.route(method, url, body);
      send(status, response);
    } catch (error) {
      if (error instanceof ApiError) send(error.status, error.body());
      else send(500, { message: String(error), code: "internal", type: "internal", link: "" });
    }
  }

  private route(method: string, url: URL, body: unknown): [number, unknown] {
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const [root, uid, sub] = parts;
    if (root === "tasks" && uid && method === "GET" && parts.length === 2)
      return [200, this.taskView(Number(uid))];
    if (root === "keys" && uid && method === "GET" && parts.length === 2) {
      const key = this.keys.find((k) => k.key === uid || k.uid === uid);
      if (!key) throw new ApiError(404, "api_key_not_found", `API key \`${uid}\` not found.`);
      return [
        200,
        {
          name: null,
          description: null,
          createdAt: "2026-01-01T00:00:00Z",
          updatedAt: "2026-01-01T00:00:00Z",
          ...key,
        },
      ];
    }
    if (root === "swap-indexes" && parts.length === 1 && method === "POST")
      return [202, this.enqueueSwap(body)];
    if (root === "indexes" && parts.length === 1 && method === "POST") {
      const create = strictObject(body, ["uid", "primaryKey"], "", "bad_request");
      if (create.uid === undefined) throw new ApiError(400, "missing_index_uid", "Missing field `uid`");
      const newUid = create.uid;
      if (typeof newUid !== "string" || !INDEX_UID.test(newUid)) {
        throw new ApiError(
          400,
          "invalid_index_uid",
          `\`${String(newUid)}\` is not a valid index uid. Index uid can be an integer or a string containing only alphanumeric characters, hyphens (-) and underscores (_), and can not be more than 512 bytes.`,
        );
      }
      const primaryKey = (create.primaryKey as string | undefined) ?? null;
      return [
        202,
        this.enqueue(newUid, "indexCreation", { primaryKey }, () => {
          if (this.indexes.has(newUid))
            throw new ApiError(409, "index_already_exists", `Index \`${newUid}\` already exists.`);
          this.seedIndex(newUid, []);
          (this.indexes.get(newUid) as FakeIndex).primaryKey = primaryKey;
        }),
      ];
    }
    if (root === "indexes" && uid) {
      const existing = () => {
        const index = this.indexes.get(uid);
        if (!index) throw new ApiError(404, "index_not_found", `Index \`${uid}\` not found.`);
        return index;
      };
      if (parts.length === 2 && method === "GET") {
        const { docs: _docs, settings: _settings, ...view } = existing();
        return [200, view];
      }
      if (parts.length === 2 && method === "DELETE") {
        return [
          202,
          this.enqueue(uid, "indexDeletion", { deletedDocuments: 0 }, () => {
            existing();
            this.indexes.delete(uid);
          }),
        ];
      }
      if (sub === "stats" && method === "GET") {
        const index = existing();
        return [
          200,
          {
            numberOfDocuments: index.docs.size,
            isIndexing: this.tasks.some(
              (t) => t.indexUid === uid && t.status !== "succeeded" && t.status !== "failed",
            ),
            fieldDistribution: {},
            rawDocumentDbSize: 0,
            avgDocumentSize: 0,
            numberOfEmbeddedDocuments: 0,
            numberOfEmbeddings: 0,
          },
        ];
      }
      if (sub === "settings" && parts.length === 3 && method === "GET") return [200, existing().settings];
      if (sub === "settings" && parts.length === 3 && method === "PATCH") {
        const update = validateSettings(body);
        return [
          202,
          this.enqueue(uid, "settingsUpdate", update, () => {
            const typo = update.typoTolerance as
              | { minWordSizeForTypos?: { oneTypo?: number; twoTypos?: number } }
              | undefined;
            const sizes = typo?.minWordSizeForTypos;
            if (sizes && (sizes.oneTypo ?? 5) > (sizes.twoTypos ?? 9)) {
              throw new ApiError(
                400,
                "invalid_settings_typo_tolerance",
                `\`minWordSizeForTypos\` setting is invalid. \`twoTypos\` should be greater or equals to \`oneTypo\` but found \`oneTypo: ${sizes.oneTypo}\` and twoTypos: ${sizes.twoTypos}\`.`,
              );
            }
            if (!this.indexes.has(uid)) this.seedIndex(uid, []);
            const index = this.indexes.get(uid) as FakeIndex;
            index.settings = mergeSettings(index.settings, update);
          }),
        ];
      }
      if (sub === "documents" && parts.length === 3 && method === "POST") {
        const docs = Array.isArray(body) ? body : [body];
        if (!docs.every((doc) => typeof doc === "object" && doc !== null && !Array.isArray(doc))) {
          throw new ApiError(
            400,
            "malformed_payload",
            "The `json` payload provided is malformed. `Couldn't serialize document value: data are neither an object nor a list of objects`.",
          );
        }
        const primaryKeyParam = url.searchParams.get("primaryKey");
        return [
          202,
          this.enqueue(
            uid,
            "documentAdditionOrUpdate",
            { receivedDocuments: docs.length, indexedDocuments: null },
            () => {
              if (!this.indexes.has(uid)) this.seedIndex(uid, []);
              const index = this.indexes.get(uid) as FakeIndex;
              index.primaryKey ??= primaryKeyParam;
              const key = index.primaryKey;
              if (!key)
                throw new ApiError(
                  400,
                  "index_primary_key_no_candidate_found",
                  "The primary key inference failed as the engine did not find any field ending with `id` in its name. Please specify the primary key manually using the `primaryKey` query parameter.",
                );
              const staged = new Map(index.docs);
              for (const doc of docs as Json[]) {
                const id = doc[key];
                if (id === undefined)
                  throw new ApiError(
                    400,
                    "missing_document_id",
                    `Document doesn't have a \`${key}\` attribute: \`${JSON.stringify(doc)}\`.`,
                  );
                if (
                  !(
                    (typeof id === "number" && Number.isInteger(id)) ||
                    (typeof id === "string" && DOCUMENT_ID.test(id))
                  )
                ) {
                  throw new ApiError(
                    400,
                    "invalid_document_id",
                    `Document identifier \`${JSON.stringify(id)}\` is invalid. A document identifier can be of type integer or string, only composed of alphanumeric characters (a-z A-Z 0-9), hyphens (-) and underscores (_), and can not be more than 511 bytes.`,
                  );
                }
                staged.set(String(id), structuredClone(doc));
              }
              index.docs.clear();
              for (const [id, doc] of staged) index.docs.set(id, doc);
            },
          ),
        ];
      }
    }
    throw new ApiError(404, "not_found", `The fake does not implement \`${method} ${url.pathname}\`.`);
  }

  private enqueueSwap(body: unknown): Json {
    if (!Array.isArray(body))
      throw new ApiError(
        400,
        "bad_request",
        `Invalid value type: expected an array, but found ${typeName(body)}`,
      );
    const swaps = body.map((entry, i) => {
      const swap = strictObject(entry, ["indexes", "rename"], `[${i}]`, "bad_request");
      const pair = swap.indexes;
      if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((uid) => typeof uid === "string")) {
        throw new ApiError(
          400,
          "invalid_swap_indexes",
          `Invalid value at \`[${i}].indexes\`: two index uids must be specified`,
        );
      }
      if (swap.rename !== undefined && typeof swap.rename !== "boolean") {
        throw new ApiError(
          400,
          "invalid_swap_rename",
          `Invalid value type at \`[${i}].rename\`: expected a boolean, but found ${typeName(swap.rename)}`,
        );
      }
      return { indexes: pair as [string, string], rename: swap.rename === true };
    });
    return this.enqueue(null, "indexSwap", { swaps }, () => {
      for (const {
        indexes: [a, b],
        rename,
      } of swaps) {
        const missing = (rename ? [a] : [a, b]).filter((uid) => !this.indexes.has(uid));
        if (missing.length)
          throw new ApiError(
            404,
            "index_not_found",
            `Indexes ${missing.map((m) => `\`${m}\``).join(", ")} not found.`,
          );
        if (rename && this.indexes.has(b))
          throw new ApiError(409, "index_already_exists", `Index \`${b}\` already exists.`);
      }
      for (const {
        indexes: [a, b],
        rename,
      } of swaps) {
        const first = this.indexes.get(a) as FakeIndex;
        const second = this.indexes.get(b);
        this.indexes.delete(a);
        this.indexes.delete(b);
        this.indexes.set(b, { ...first, uid: b });
        if (!rename && second) this.indexes.set(a, { ...second, uid: a });
      }
    });
  }

  private enqueue(indexUid: string | null, type: string, details: Json, apply: () => void): Json {
    const task: FakeTask = {
      uid: this.tasks.length,
      indexUid,
      status: "enqueued",
      type,
      details,
      error: null,
      enqueuedAt: new Date().toISOString(),
      startedAt: null,
      finishedAt: null,
      apply,
    };
    this.tasks.push(task);
    setTimeout(() => this.process(), 2);
    return { taskUid: task.uid, indexUid, status: "enqueued", type, enqueuedAt: task.enqueuedAt };
  }

  /** Tasks run one at a time, in order, as in Meilisearch's scheduler. */
  private process(): void {
    if (this.processing) return;
    this.processing = true;
    for (const task of this.tasks) {
      if (task.status !== "enqueued") continue;
      task.startedAt = new Date().toISOString();
      try {
        const injected = this.failTask?.(task);
        if (injected) throw injected;
        task.apply();
        task.status = "succeeded";
      } catch (error) {
        task.status = "failed";
        task.error =
          error instanceof ApiError
            ? error.body()
            : { message: String(error), code: "internal", type: "internal", link: "" };
      }
      task.finishedAt = new Date().toISOString();
    }
    this.processing = false;
  }

  private taskView(uid: number): Json {
    const task = this.tasks[uid];
    if (!task) throw new ApiError(404, "task_not_found", `Task \`${uid}\` not found.`);
    const { apply: _apply, ...view } = task;
    return {
      ...view,
      batchUid: task.status === "enqueued" ? null : uid,
      canceledBy: null,
      duration: task.finishedAt ? "PT0.001S" : null,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures

const ADMIN_KEY = "adminKey-5f4c1b2e9d7a4c3b8e1f0a6d2c9b7e4f";
const SEARCH_KEY = "searchKey-0a1b2c3d4e5f60718293a4b5c6d7e8f9";
const fake = new FakeMeilisearch(ADMIN_KEY);
const client = () => new Meilisearch({ host: fake.url, apiKey: ADMIN_KEY });
const FAST = { waitIntervalMs: 5, waitTimeoutMs: 5_000 };
const MAKES = [
  ["Toyota", "HiLux"],
  ["Mazda", "CX-5"],
  ["Ford", "Ranger"],
  ["Hyundai", "i30"],
  ["Kia", "Sportage"],
] as const;

function documentsFor(count: number, firstId = 1): CarSearchDocument[] {
  const site = makeSite();
  const cars = Array.from({ length: count }, (_, i) => {
    const [make, model] = MAKES[i % MAKES.length] as readonly [string, string];
    const id = firstId + i;
    return makeCar({
      id,
      slug: `car-${id}`,
      name: `2021 ${make} ${model}`,
      make,
      model,
      price: 15_000 + i * 1_000,
      stocknum: `S${id}`,
    });
  });
  return searchDocuments(cars, site, NOW);
}

const plain = (docs: readonly unknown[]) => JSON.parse(JSON.stringify(docs)) as Json[];
const byId = (docs: readonly Json[]) => [...docs].sort((a, b) => Number(a.id) - Number(b.id));

beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

// ---------------------------------------------------------------------------------------------

describe("search-sync: swapping a fresh index in", () => {
  it("builds the new index with the engine's settings in batches, swaps it with the live one and deletes the old", async () => {
    const old = documentsFor(4, 900);
    fake.seedIndex("cars-acme", plain(old), { rankingRules: ["words"] });
    const documents = documentsFor(25);
    const lines: string[] = [];
    const result = await syncIndex(client(), {
      indexUid: "cars-acme",
      documents,
      batchSize: 10,
      now: new Date("2026-11-22T23:44:27.123Z"),
      log: (line) => lines.push(line),
      ...FAST,
    });

    expect(result).toMatchObject({
      indexUid: "cars-acme",
      scratchUid: "cars-acme_20261122234427123",
      documents: 25,
      batches: 3,
      previous: 4,
      warnings: [],
    });
    expect([...fake.indexes.keys()]).toEqual(["cars-acme"]);
    expect(byId(fake.docsOf("cars-acme") ?? [])).toEqual(byId(plain(documents)));
    const live = fake.indexes.get("cars-acme") as FakeIndex;
    expect(live.primaryKey).toBe("id");
    expect(live.settings).toMatchObject(JSON.parse(JSON.stringify(meiliIndexSettings(25))));
    expect(fake.requests.find((r) => r.path === "/swap-indexes")?.body).toEqual([
      { indexes: ["cars-acme", "cars-acme_20261122234427123"], rename: false },
    ]);
    expect(
      fake.requests
        .filter((r) => r.method === "POST" && r.path.endsWith("/documents"))
        .map((r) => (r.body as unknown[]).length),
    ).toEqual([10, 10, 5]);
    expect(lines).toEqual(
      expect.arrayContaining([
        "uploaded 10/25 documents",
        "uploaded 20/25 documents",
        "uploaded 25/25 documents",
      ]),
    );
    expect(fake.tasks.every((task) => task.status === "succeeded")).toBe(true);
  });

  it("creates the live index by renaming the new one when there is none yet", async () => {
    const documents = documentsFor(3);
    const result = await syncIndex(client(), { indexUid: "cars-new", documents, now: NOW, ...FAST });
    expect(result.previous).toBeNull();
    expect([...fake.indexes.keys()]).toEqual(["cars-new"]);
    expect(fake.docsOf("cars-new")).toHaveLength(3);
    expect(fake.requests.find((r) => r.path === "/swap-indexes")?.body).toEqual([
      { indexes: [scratchIndexUid("cars-new", NOW), "cars-new"], rename: true },
    ]);
  });

  it("leaves the live index untouched and removes the scratch index when a batch fails mid-upload", async () => {
    const old = plain(documentsFor(6, 500));
    fake.seedIndex("cars-acme", old);
    let uploads = 0;
    fake.failTask = (task) =>
      task.type === "documentAdditionOrUpdate" && ++uploads === 2
        ? new ApiError(500, "io_error", "No space left on device (os error 28)", "system")
        : undefined;
    const failure = await syncIndex(client(), {
      indexUid: "cars-acme",
      documents: documentsFor(25),
      batchSize: 10,
      now: NOW,
      ...FAST,
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(SearchSyncError);
    expect((failure as Error).message).toBe(
      "uploading documents (batch 2 of 3) failed: No space left on device (os error 28) [io_error]. The live index cars-acme was not changed.",
    );
    expect([...fake.indexes.keys()]).toEqual(["cars-acme"]);
    expect(byId(fake.docsOf("cars-acme") ?? [])).toEqual(byId(old));
    expect(fake.requests.some((r) => r.path === "/swap-indexes")).toBe(false);
  });

  it("leaves the live index untouched when the server answers an upload with an HTTP error", async () => {
    const old = plain(documentsFor(6, 500));
    fake.seedIndex("cars-acme", old);
    let posts = 0;
    fake.failRequest = (method, url) =>
      method === "POST" && url.endsWith("/documents") && ++posts === 3
        ? new ApiError(503, "internal", "Service unavailable", "internal")
        : undefined;
    await expect(
      syncIndex(client(), {
        indexUid: "cars-acme",
        documents: documentsFor(25),
        batchSize: 10,
        now: NOW,
        ...FAST,
      }),
    ).rejects.toThrow(
      /^uploading documents \(batch 3 of 3\) failed: Service unavailable \[internal\]\. The live index cars-acme was not changed\.$/,
    );
    expect([...fake.indexes.keys()]).toEqual(["cars-acme"]);
    expect(byId(fake.docsOf("cars-acme") ?? [])).toEqual(byId(old));
  });

  it("leaves the live index untouched when the swap task itself fails", async () => {
    const old = plain(documentsFor(3, 700));
    fake.seedIndex("cars-acme", old);
    fake.failTask = (task) =>
      task.type === "indexSwap" ? new ApiError(500, "internal", "swap interrupted", "internal") : undefined;
    await expect(
      syncIndex(client(), { indexUid: "cars-acme", documents: documentsFor(4), now: NOW, ...FAST }),
    ).rejects.toThrow(
      /^swapping cars-acme_\d+ with cars-acme failed: swap interrupted \[internal\]\. The live index cars-acme was not changed\.$/,
    );
    expect([...fake.indexes.keys()]).toEqual(["cars-acme"]);
    expect(byId(fake.docsOf("cars-acme") ?? [])).toEqual(byId(old));
  });

  it("stops before touching anything when Meilisearch rejects the settings", async () => {
    fake.seedIndex("cars-acme", plain(documentsFor(2)));
    const settings = { ...meiliIndexSettings(2), rankingRule: ["words"] } as Settings;
    await expect(
      syncIndex(client(), { indexUid: "cars-acme", documents: documentsFor(2), settings, now: NOW, ...FAST }),
    ).rejects.toThrow(
      /applying settings to cars-acme_\d+ failed: Unknown field `rankingRule`: expected one of .* \[bad_request\]/,
    );
    expect([...fake.indexes.keys()]).toEqual(["cars-acme"]);
    const bad = {
      ...meiliIndexSettings(2),
      typoTolerance: { minWordSizeForTypos: { oneTypo: 9, twoTypos: 5 } },
    };
    await expect(
      syncIndex(client(), {
        indexUid: "cars-acme",
        documents: documentsFor(2),
        settings: bad,
        now: NOW,
        ...FAST,
      }),
    ).rejects.toThrow(/\[invalid_settings_typo_tolerance\]\. The live index cars-acme was not changed\./);
    expect([...fake.indexes.keys()]).toEqual(["cars-acme"]);
  });

  it("refuses to replace the live index with a truncated feed unless told to", async () => {
    fake.seedIndex("cars-acme", plain(documentsFor(20, 100)));
    await expect(
      syncIndex(client(), {
        indexUid: "cars-acme",
        documents: documentsFor(5),
        minShare: 0.5,
        now: NOW,
        ...FAST,
      }),
    ).rejects.toThrow(
      /truncated-feed guard failed: feed would publish 5 cars, fewer than 50% .*ALLOW_FEED_SHRINK=1/,
    );
    expect(fake.docsOf("cars-acme")).toHaveLength(20);
    expect(fake.requests.filter((r) => r.method !== "GET")).toEqual([]);
    await syncIndex(client(), {
      indexUid: "cars-acme",
      documents: documentsFor(5),
      minShare: 0.5,
      allowShrink: true,
      now: NOW,
      ...FAST,
    });
    expect(fake.docsOf("cars-acme")).toHaveLength(5);
  });

  it("rejects documents Meilisearch would refuse before creating anything", async () => {
    const docs = documentsFor(2);
    await expect(
      syncIndex(client(), {
        indexUid: "cars-acme",
        documents: [...docs, { ...(docs[0] as CarSearchDocument) }],
        now: NOW,
        ...FAST,
      }),
    ).rejects.toThrow(/document id 1 appears twice/);
    expect(fake.requests).toEqual([]);
  });
});

describe("the fake Meilisearch is as strict as Meilisearch", () => {
  it("rejects unknown settings keys, wrong types and malformed JSON", async () => {
    fake.seedIndex("cars", []);
    const index = client().index("cars");
    await expect(index.updateSettings({ filterableAtributes: ["make"] } as Settings)).rejects.toMatchObject({
      cause: { code: "bad_request" },
    });
    await expect(index.updateSettings({ faceting: { maxValues: 3 } } as Settings)).rejects.toMatchObject({
      cause: { code: "invalid_settings_faceting" },
    });
    await expect(index.updateSettings({ rankingRules: ["rank:down"] })).rejects.toMatchObject({
      cause: { code: "invalid_settings_ranking_rules" },
    });
    await expect(index.updateSettings({ pagination: { maxTotalHits: -1 } })).rejects.toMatchObject({
      cause: { code: "invalid_settings_pagination" },
    });
    const raw = await fetch(`${fake.url}/indexes/cars/settings`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${ADMIN_KEY}`, "content-type": "application/json" },
      body: "{nope",
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ code: "malformed_payload" });
    const noAuth = await fetch(`${fake.url}/indexes/cars`);
    expect(noAuth.status).toBe(401);
    await expect(
      new Meilisearch({ host: fake.url, apiKey: SEARCH_KEY }).getRawIndex("cars"),
    ).rejects.toMatchObject({ cause: { code: "invalid_api_key" } });
  });

  it("fails tasks for bad document ids and swaps of missing indexes", async () => {
    fake.seedIndex("cars", []);
    const bad = await client()
      .index("cars")
      .addDocuments([{ id: "has space" }])
      .waitTask({ interval: 5 });
    expect(bad).toMatchObject({ status: "failed", error: { code: "invalid_document_id" } });
    const swap = await client()
      .swapIndexes([{ indexes: ["cars", "nope"], rename: false }])
      .waitTask({ interval: 5 });
    expect(swap).toMatchObject({ status: "failed", error: { code: "index_not_found" } });
    await expect(client().swapIndexes([{ indexes: ["cars"] } as never])).rejects.toMatchObject({
      cause: { code: "invalid_swap_indexes" },
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe("index settings for Meilisearch", () => {
  it("match the embedded engine: filterable, sortable, ranking with custom rank last, facets, typos", () => {
    const settings = meiliIndexSettings(5000);
    expect(settings.filterableAttributes).toEqual(
      expect.arrayContaining([...FACET_ATTRIBUTES, "price", "km"]),
    );
    expect(settings.sortableAttributes).toEqual(CAR_INDEX_SETTINGS.sortableAttributes);
    expect(settings.searchableAttributes).toEqual(CAR_INDEX_SETTINGS.searchableAttributes);
    expect(settings.rankingRules).toEqual([
      "words",
      "typo",
      "proximity",
      "attribute",
      "sort",
      "exactness",
      "rank:desc",
    ]);
    expect(settings.faceting).toEqual({
      maxValuesPerFacet: CAR_INDEX_SETTINGS.maxValuesPerFacet,
      sortFacetValuesBy: { "*": "alpha" },
    });
    expect(settings.typoTolerance).toEqual({
      enabled: true,
      minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
      disableOnWords: [],
      disableOnAttributes: [],
    });
  });

  it("set maxTotalHits above the stock size so result counts are never capped", () => {
    for (const stock of [0, 5, 1999, 5000, 40_000]) {
      expect(meiliIndexSettings(stock).pagination?.maxTotalHits).toBeGreaterThan(stock);
    }
  });
});

describe("syncing a tenant", () => {
  const FIXTURES = path.resolve("tests/fixtures/tenants");
  let tenant: TenantData;
  beforeAll(async () => {
    tenant = (await loadTenant(FIXTURES, "fixture-motors", NOW)).data;
  });

  it("uploads exactly the documents the build emits, into the tenant's index", async () => {
    const result = await syncTenant(tenant, {
      client: client(),
      target: { host: fake.url, adminKey: ADMIN_KEY },
      now: NOW,
      ...FAST,
    });
    expect(result.indexUid).toBe(indexUid(tenant.site));
    expect(result.indexUid).toBe("cars-fixture-motors");
    expect(byId(fake.docsOf("cars-fixture-motors") ?? [])).toEqual(
      byId(plain(tenantSearch(tenant).documents)),
    );
  });

  it("warns when MEILI_URL is another server than the one the site's pages search", async () => {
    const lines: string[] = [];
    const elsewhere = {
      ...tenant,
      site: { ...tenant.site, search_service: { host: "https://search.example.com", key: SEARCH_KEY } },
    };
    await syncTenant(elsewhere, {
      client: client(),
      target: { host: fake.url, adminKey: ADMIN_KEY },
      now: NOW,
      log: (line) => lines.push(line),
      ...FAST,
    });
    expect(lines[0]).toBe(
      `warning: the site searches https://search.example.com but this sync writes ${fake.url}; its public key is not checked there`,
    );
  });

  it("sends the admin key only to MEILI_URL or an allowed host, and the shared key only with TENANT pinned", () => {
    const site = makeSite({ search_service: { host: "https://search.example.com", key: SEARCH_KEY } });
    expect(resolveSyncTarget(makeSite(), {})).toBeNull();
    // The tenant's own site.json does not choose where an admin key goes.
    expect(() => resolveSyncTarget(site, { MEILI_ADMIN_KEY_TEST_MOTORS: "b" })).toThrow(
      "search_service.host https://search.example.com of test-motors is not an allowed host for the admin key: set MEILI_URL, or list the host's origin in MEILI_ALLOWED_HOSTS.",
    );
    expect(
      resolveSyncTarget(site, {
        MEILI_ALLOWED_HOSTS: "https://other.example.com, https://search.example.com",
        MEILI_ADMIN_KEY_TEST_MOTORS: "b",
      }),
    ).toEqual({ host: "https://search.example.com", adminKey: "b" });
    expect(
      resolveSyncTarget(site, {
        MEILI_URL: "http://localhost:7700",
        MEILI_ADMIN_KEY: "a",
        MEILI_ADMIN_KEY_TEST_MOTORS: "b",
      }),
    ).toEqual({ host: "http://localhost:7700", adminKey: "b" });
    // The shared key goes to one pinned tenant per run, never to every tenant of a run.
    expect(() =>
      resolveSyncTarget(site, { MEILI_URL: "https://search.example.com", MEILI_ADMIN_KEY: "a" }),
    ).toThrow(/the shared MEILI_ADMIN_KEY is used only with TENANT=test-motors/);
    expect(() =>
      resolveSyncTarget(site, {
        MEILI_URL: "https://search.example.com",
        MEILI_ADMIN_KEY: "a",
        TENANT: "other-motors",
      }),
    ).toThrow(/only with TENANT=test-motors/);
    expect(
      resolveSyncTarget(site, {
        MEILI_URL: "https://search.example.com",
        MEILI_ADMIN_KEY: "a",
        TENANT: "test-motors",
      }),
    ).toEqual({ host: "https://search.example.com", adminKey: "a" });
    expect(() => resolveSyncTarget(site, { MEILI_URL: "https://search.example.com" })).toThrow(
      /set MEILI_ADMIN_KEY_TEST_MOTORS \(or MEILI_ADMIN_KEY with TENANT=test-motors\) in the environment/,
    );
  });

  it("sends the admin key over https only: http to this machine locally, never when deployed", () => {
    const site = makeSite();
    const key = { MEILI_ADMIN_KEY_TEST_MOTORS: "b" };
    const clear = /is not https: the admin key travels only over https/;
    expect(() => resolveSyncTarget(site, { ...key, MEILI_URL: "http://search.example.com" })).toThrow(clear);
    expect(() =>
      resolveSyncTarget(
        makeSite({ search_service: { host: "http://search.example.com", key: SEARCH_KEY } }),
        { ...key, MEILI_ALLOWED_HOSTS: "http://search.example.com" },
      ),
    ).toThrow(clear);
    expect(resolveSyncTarget(site, { ...key, MEILI_URL: "http://127.0.0.1:7700" })?.host).toBe(
      "http://127.0.0.1:7700",
    );
    expect(() =>
      resolveSyncTarget(site, { ...key, MEILI_URL: "http://127.0.0.1:7700", NETLIFY: "true" }),
    ).toThrow(clear);
  });

  it("writes only the tenant's own index: site.json may add a suffix, never name another index", () => {
    const withIndex = (index: string) =>
      makeSite({ search_service: { host: "https://search.example.com", key: SEARCH_KEY, index } });
    expect(indexUid(withIndex("cars-test-motors"))).toBe("cars-test-motors");
    expect(indexUid(withIndex("cars-test-motors_v2"))).toBe("cars-test-motors_v2");
    for (const other of [
      "cars-other-motors",
      "cars-test-motors-west",
      "cars-test",
      "trucks",
      "cars-test-motors_",
    ]) {
      expect(() => withIndex(other), other).toThrow(/must be cars-test-motors or cars-test-motors_<suffix>/);
    }
  });

  it("refuses a public key in site.json that is the admin key or can do more than search", async () => {
    const target = { host: fake.url, adminKey: ADMIN_KEY };
    const siteWith = (key: string) => makeSite({ search_service: { host: fake.url, key } });
    fake.keys.push(
      { uid: "uid-search", key: SEARCH_KEY, actions: ["search"], indexes: ["cars-*"], expiresAt: null },
      {
        uid: "uid-wide",
        key: "wideKey-1234567890",
        actions: ["search", "documents.add"],
        indexes: ["*"],
        expiresAt: null,
      },
      {
        uid: "uid-other",
        key: "otherKey-1234567890",
        actions: ["search"],
        indexes: ["trucks"],
        expiresAt: null,
      },
    );
    await expect(assertPublicSearchKey(client(), siteWith(SEARCH_KEY), target)).resolves.toBeUndefined();
    await expect(assertPublicSearchKey(client(), siteWith(ADMIN_KEY), target)).rejects.toThrow(
      /is the admin key/,
    );
    await expect(assertPublicSearchKey(client(), siteWith("wideKey-1234567890"), target)).rejects.toThrow(
      /allows documents\.add/,
    );
    await expect(assertPublicSearchKey(client(), siteWith("otherKey-1234567890"), target)).rejects.toThrow(
      /cannot search index cars-test-motors/,
    );
    await expect(assertPublicSearchKey(client(), siteWith("unknownKey-123456"), target)).rejects.toThrow(
      /is not a key of/,
    );
    const token = [
      "e30",
      Buffer.from(JSON.stringify({ apiKeyUid: "uid-search", searchRules: ["*"] })).toString("base64url"),
      "sig",
    ].join(".");
    await expect(assertPublicSearchKey(client(), siteWith(token), target)).resolves.toBeUndefined();
    await expect(
      syncTenant(
        { ...tenant, site: { ...tenant.site, search_service: { host: fake.url, key: ADMIN_KEY } } },
        { client: client(), target, now: NOW, ...FAST },
      ),
    ).rejects.toThrow(/admin key/);
    expect(fake.indexes.size).toBe(0);
  });
});

describe("npm run search-sync", () => {
  /** Runs scripts/search-sync.ts against the fake (asynchronously: the fake answers in this process). */
  function runScript(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/search-sync.ts"],
        {
          env: {
            ...process.env,
            TENANTS_DIR: "tests/fixtures/tenants",
            MEILI_URL: fake.url,
            MEILI_ADMIN_KEY: ADMIN_KEY,
            ...env,
          },
        },
      );
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("close", (code) => resolve({ code, output }));
    });
  }

  it("syncs the named tenants with progress per tenant and a summary", async () => {
    const { code, output } = await runScript({ TENANT: "fixture-motors" });
    expect(output).toContain("[fixture-motors] uploaded 5/5 documents");
    expect(output).toMatch(/\[fixture-motors\] done: 5 documents live in cars-fixture-motors/);
    expect(output).toMatch(/fixture-motors\s+ok\s+5 docs/);
    expect(code).toBe(0);
    expect(fake.docsOf("cars-fixture-motors")).toHaveLength(5);
  });

  it("exits 1 with the reason when a tenant fails, leaving its live index as it was", async () => {
    fake.seedIndex("cars-fixture-motors", plain(documentsFor(4, 300)));
    fake.failTask = (task) =>
      task.type === "documentAdditionOrUpdate"
        ? new ApiError(400, "invalid_document_fields", "bad field", "invalid_request")
        : undefined;
    const { code, output } = await runScript({ TENANT: "fixture-motors" });
    expect(output).toContain(
      "[fixture-motors] FAILED: uploading documents (batch 1 of 1) failed: bad field [invalid_document_fields]. The live index cars-fixture-motors was not changed.",
    );
    expect(code).toBe(1);
    expect(byId(fake.docsOf("cars-fixture-motors") ?? []).map((doc) => doc.id)).toEqual([300, 301, 302, 303]);
    expect([...fake.indexes.keys()]).toEqual(["cars-fixture-motors"]);
  });

  it("refuses unknown tenants", async () => {
    const { code, output } = await runScript({ TENANT: "nope" });
    expect(output).toMatch(/Unknown tenant nope; tenants in .*: .*fixture-motors/);
    expect(code).toBe(1);
  });
});

describe("no admin key reaches the static output", () => {
  it("the tenant schema has no place for an admin key: search_service takes only host, key and index", () => {
    const base = { host: "https://search.example.com", key: SEARCH_KEY };
    for (const extra of ["admin_key", "adminKey", "master_key", "masterKey", "api_key"]) {
      expect(() => makeSite({ search_service: { ...base, [extra]: ADMIN_KEY } as never })).toThrow(
        /Unrecognized key/,
      );
    }
    expect(() => makeSite({ meili_admin_key: ADMIN_KEY } as never)).toThrow(/Unrecognized key/);
    expect(Object.keys(siteSchema.shape.search_service.unwrap().shape).sort()).toEqual([
      "host",
      "index",
      "key",
    ]);
  });

  it("search pages carry only the host and the public key to the browser", () => {
    const site = makeSite({
      search_service: { host: "https://search.example.com", key: SEARCH_KEY, index: "cars-test-motors_live" },
    });
    const cars = [makeCar({ id: 1 }), makeCar({ id: 2, slug: "car-2", make: "Mazda", model: "CX-5" })];
    const tenant: TenantData = { site, cars, locations: [], offers: [], pages: [], now: NOW.toISOString() };
    const props = searchPageProps(tenant, { kind: "all" });
    expect(props.app.service).toEqual({ host: "https://search.example.com", key: SEARCH_KEY });
    expect(props.app.indexUid).toBe("cars-test-motors_live");
    const shipped = JSON.stringify(props);
    expect(shipped).not.toMatch(/admin|master|MEILI_/i);
    expect(shipped).not.toContain(ADMIN_KEY);
  });
});
