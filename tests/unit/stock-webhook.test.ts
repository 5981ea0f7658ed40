/**
 * The stock-feed webhook (docs/architecture.md §7) against real storage (PGlite in memory): the signature
 * and its rotation, replays, bursts that coalesce into at most two builds, and the build hook
 * retried when it fails. Builds themselves are stand-ins here; stock-rebuild-e2e.test.ts runs the
 * real one through `npm start`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callBuildHook, type StartResult } from "~/features/rebuilds/build-trigger.server";
import {
  claimDueBuild,
  feedBaseline,
  markBuildFinished,
  markBuildStarted,
  recentStockEvents,
} from "~/features/rebuilds/builds.server";
import {
  BUILD_LOST_AFTER_MS,
  IDLE,
  isDue,
  onBuildFinished,
  onStartFailed,
  onStockUpdated,
  parseStockEvent,
} from "~/features/rebuilds/rebuilds";
import { runDueBuilds } from "~/features/rebuilds/scheduled.server";
import { createStockWebhookHandler, webhookSecrets } from "~/features/rebuilds/webhook.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { signatureHeader } from "~/server/signature";
import { makeSite } from "./helpers";

const NOW = new Date("2026-11-26T03:00:00Z");
// 32 characters or more: a deployed site refuses shorter secrets.
const SECRET = "whsec_current_0123456789abcdef0123";
const OLD_SECRET = "whsec_previous_9876543210fedcba98";
const SLUG = "westside-auto";

let db: Db;
let clock: Date;
let builds: string[];
let builderResult: StartResult;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null }, { migrate: true });
});
afterAll(async () => {
  await db?.destroy();
});

let tenantCounter = 0;
let tenant: string;
beforeEach(() => {
  // Each test speaks for a fresh tenant, so state never leaks between tests.
  tenant = `${SLUG}-${++tenantCounter}`;
  clock = NOW;
  builds = [];
  builderResult = { ok: true };
  env = { TENANT: tenant, STOCK_WEBHOOK_SECRET: SECRET };
});

const handler = () =>
  createStockWebhookHandler({
    db: async () => db,
    env,
    now: () => clock,
    known: () => true,
    log: () => {},
    builder: () => async (slug) => {
      builds.push(slug);
      return builderResult;
    },
  });

function post(body: string, signature: string | null, headers: Record<string, string> = {}) {
  return handler()(
    new Request("http://localhost/api/stock-feed", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "x-stock-signature": signature } : {}),
        ...headers,
      },
      body,
    }),
  );
}

const event = (id: string, type = "stock.updated") => JSON.stringify({ id, type });
/** A provider's header for `body` sent to `slug`'s site: it signs `<t>.<slug>.<raw body>`. */
const stockSignature = (secrets: string | string[], body: string, at: Date, slug = tenant) =>
  signatureHeader(secrets, `${slug}.${body}`, at);
const signed = (body: string, secrets: string | string[] = SECRET, at = clock) =>
  post(body, stockSignature(secrets, body, at));

describe("the signature", () => {
  it("accepts a good signature and queues one build", async () => {
    const response = await signed(event("evt_1"));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ build: "queued" });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(builds).toEqual([tenant]);
  });

  it("refuses a bad or missing signature with 401 and records nothing", async () => {
    const body = event("evt_forged");
    expect((await signed(body, "not-the-secret")).status).toBe(401);
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, "t=123,v1=zz")).status).toBe(401);
    // The same id, now properly signed, is new: a forgery never burns an id.
    expect(await (await signed(body)).json()).toEqual({ build: "queued" });
    expect(builds).toHaveLength(1);
  });

  it("refuses a signature whose body was changed", async () => {
    const header = stockSignature(SECRET, event("evt_a"), clock);
    expect((await post(event("evt_b"), header)).status).toBe(401);
    expect(builds).toHaveLength(0);
  });

  describe("against a vector computed outside the code", () => {
    // The tenant's own secret (STOCK_WEBHOOK_SECRET_<SLUG>); the signed string is
    // "<t>.<slug>.<raw body>". The hex was computed with openssl, not with the product's signer:
    //   printf '%s' '1795662000.vector-motors.{"id":"evt_vector_1","type":"stock.updated"}' \
    //     | openssl dgst -sha256 -hmac 'stock-vector-secret-2f9c41d07e5a8b63c94f1e02'
    const VECTOR_TENANT = "vector-motors";
    const VECTOR_SECRET = "stock-vector-secret-2f9c41d07e5a8b63c94f1e02";
    const VECTOR_T = 1795662000; // 2026-11-26T03:00:00Z, the test's NOW
    const VECTOR_BODY = '{"id":"evt_vector_1","type":"stock.updated"}';
    const VECTOR_V1 = "35e48b75e4b0915153ec996fe27e14e7093671d2e0bdf33bb9c55df70e636142";
    beforeEach(() => {
      tenant = VECTOR_TENANT;
      env = { TENANT: VECTOR_TENANT, STOCK_WEBHOOK_SECRET_VECTOR_MOTORS: VECTOR_SECRET };
    });

    it("timestamp changed, v1 kept: 401; body changed, v1 kept: 401; the vector itself: 202", async () => {
      expect(NOW.getTime() / 1000).toBe(VECTOR_T);
      const moved = await post(VECTOR_BODY, `t=${VECTOR_T + 1},v1=${VECTOR_V1}`);
      expect(moved.status).toBe(401);
      const changed = await post(
        VECTOR_BODY.replace("evt_vector_1", "evt_vector_2"),
        `t=${VECTOR_T},v1=${VECTOR_V1}`,
      );
      expect(changed.status).toBe(401);
      expect(builds).toEqual([]);
      const good = await post(VECTOR_BODY, `t=${VECTOR_T},v1=${VECTOR_V1}`);
      expect(good.status).toBe(202);
      expect(builds).toEqual([VECTOR_TENANT]);
    });
  });

  it("refuses a timestamp more than 300 s away, either way", async () => {
    const body = event("evt_stale");
    expect((await signed(body, SECRET, new Date(NOW.getTime() - 301_000))).status).toBe(401);
    expect((await signed(body, SECRET, new Date(NOW.getTime() + 301_000))).status).toBe(401);
    expect((await signed(body, SECRET, new Date(NOW.getTime() - 299_000))).status).toBe(202);
  });

  it("accepts the previous secret during a rotation, and a header with two v1 values", async () => {
    env = { TENANT: tenant, STOCK_WEBHOOK_SECRET: SECRET, STOCK_WEBHOOK_SECRET_PREVIOUS: OLD_SECRET };
    expect((await signed(event("evt_old"), OLD_SECRET)).status).toBe(202);
    expect((await signed(event("evt_both"), ["some-other-secret", SECRET])).status).toBe(202);
    // Once the rotation is over, the old secret is refused.
    env = { TENANT: tenant, STOCK_WEBHOOK_SECRET: SECRET };
    expect((await signed(event("evt_old_again"), OLD_SECRET)).status).toBe(401);
  });

  it("prefers the tenant's own secret (and its _PREVIOUS) over the shared one", async () => {
    const own = `STOCK_WEBHOOK_SECRET_${tenant.toUpperCase().replaceAll("-", "_")}`;
    env = { TENANT: tenant, STOCK_WEBHOOK_SECRET: SECRET, [own]: "own-new", [`${own}_PREVIOUS`]: "own-old" };
    expect((await signed(event("evt_shared"), SECRET)).status).toBe(401);
    expect((await signed(event("evt_own"), "own-new")).status).toBe(202);
    expect((await signed(event("evt_own_old"), "own-old")).status).toBe(202);
  });

  it("answers 503 and builds nothing without a secret", async () => {
    env = { TENANT: tenant };
    const response = await signed(event("evt_1"));
    expect(response.status).toBe(503);
    expect(builds).toEqual([]);
    expect(await recentStockEvents(db, tenant)).toEqual([]);
  });

  it("never hands a site pinned to one tenant another tenant's shared secret", () => {
    expect(webhookSecrets("bayside-nissan", { TENANT: "westside-auto", STOCK_WEBHOOK_SECRET: "s" })).toEqual(
      [],
    );
    expect(webhookSecrets("bayside-nissan", { NETLIFY: "true", STOCK_WEBHOOK_SECRET: "s" })).toEqual([]);
    expect(webhookSecrets("bayside-nissan", { STOCK_WEBHOOK_SECRET: "s" })).toEqual(["s"]);
  });

  it("checks a provider's signature of <t>.<slug>.<raw body> (a vector from openssl, not our signer)", async () => {
    // printf '%s' '1795662000.westside-auto.{"id":"evt_kat","type":"stock.updated"}' |
    //   openssl dgst -sha256 -hmac whsec_known_answer_0123456789abcdef
    const body = '{"id":"evt_kat","type":"stock.updated"}';
    env = { TENANT: SLUG, STOCK_WEBHOOK_SECRET: "whsec_known_answer_0123456789abcdef" };
    // The same secret and body signed without the slug (<t>.<raw body>) is refused.
    const withoutSlug = "t=1795662000,v1=4a20ce8607e1bf5818a214b6a5e6f4c67464f055d1d68d1f10db905e4787f33b";
    expect((await post(body, withoutSlug)).status).toBe(401);
    const header = "t=1795662000,v1=ba1a4d2f08e1aeb6497b18826d4a6cc7f3c6ecd19461ef47aff3701bba8a1bef";
    expect((await post(body, header)).status).toBe(202);
    expect(builds).toEqual([SLUG]);
  });

  it("an event signed for one tenant is refused by another that shares the secret", async () => {
    // The local all-tenant server: one STOCK_WEBHOOK_SECRET for every tenant, chosen by Host.
    env = { STOCK_WEBHOOK_SECRET: SECRET };
    const to = (slug: string, body: string, signature: string) =>
      createStockWebhookHandler({
        db: async () => db,
        env,
        now: () => clock,
        known: () => true,
        log: () => {},
        builder: () => async (s) => {
          builds.push(s);
          return { ok: true };
        },
      })(
        new Request("http://localhost/api/stock-feed", {
          method: "POST",
          headers: { host: `${slug}.localhost`, "x-stock-signature": signature },
          body,
        }),
      );
    const body = event("evt_for_a");
    const forA = stockSignature(SECRET, body, clock, `${tenant}-a`);
    expect((await to(`${tenant}-b`, body, forA)).status).toBe(401);
    expect((await to(`${tenant}-a`, body, forA)).status).toBe(202);
    expect(builds).toEqual([`${tenant}-a`]);
  });

  it("deployed, refuses a secret shorter than 32 characters (503, nothing recorded)", async () => {
    const deployed = (secret: string) =>
      createStockWebhookHandler({
        db: async () => db,
        env: { TENANT: tenant, STOCK_WEBHOOK_SECRET: secret, NETLIFY: "true" },
        now: () => clock,
        known: () => true,
        log: () => {},
        builder: () => async (slug) => {
          builds.push(slug);
          return { ok: true };
        },
      });
    const body = event("evt_short");
    const request = (secret: string) =>
      new Request("http://localhost/api/stock-feed", {
        method: "POST",
        headers: { "x-stock-signature": stockSignature(secret, body, clock) },
        body,
      });
    const short = "0123456789abcdef0123456789abcde"; // 31 characters
    expect((await deployed(short)(request(short))).status).toBe(503);
    expect(await recentStockEvents(db, tenant)).toEqual([]);
    const long = `${short}f`;
    expect((await deployed(long)(request(long))).status).toBe(202);
    expect(builds).toEqual([tenant]);
  });

  it("a slug that would name another tenant's rotation secret gets no secret and no site", () => {
    expect(
      webhookSecrets("westside-previous", {
        STOCK_WEBHOOK_SECRET_WESTSIDE_PREVIOUS: SECRET,
        STOCK_WEBHOOK_SECRET: SECRET,
      }),
    ).toEqual([]);
    expect(webhookSecrets("previous", { STOCK_WEBHOOK_SECRET: SECRET })).toEqual([]);
    for (const slug of ["westside-previous", "previous"]) {
      expect(() => makeSite({ slug }), slug).toThrow(/must not be previous or end in -previous/);
    }
    expect(makeSite({ slug: "previously-owned" }).slug).toBe("previously-owned");
  });

  it("answers 404 for a site that does not exist", async () => {
    const response = await createStockWebhookHandler({ db: async () => db, env, now: () => clock })(
      new Request("http://localhost/api/stock-feed", {
        method: "POST",
        headers: { "x-stock-signature": stockSignature(SECRET, event("evt_nosite"), clock) },
        body: event("evt_nosite"),
      }),
    );
    expect(response.status).toBe(404);
    expect(builds).toEqual([]);
  });

  it("caps the body at 16 KB (413) and wants POST", async () => {
    const big = JSON.stringify({ id: "evt_big", type: "stock.updated", pad: "x".repeat(17 * 1024) });
    expect((await signed(big)).status).toBe(413);
    const get = await handler()(new Request("http://localhost/api/stock-feed"));
    expect(get.status).toBe(405);
    expect(builds).toEqual([]);
  });
});

describe("events", () => {
  it("answers a replayed id 200 duplicate and does nothing else", async () => {
    expect((await signed(event("evt_once"))).status).toBe(202);
    clock = new Date(NOW.getTime() + 60_000);
    const again = await signed(event("evt_once"));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ build: "duplicate" });
    expect(builds).toHaveLength(1);
    expect((await recentStockEvents(db, tenant)).map((row) => row.id)).toEqual(["evt_once"]);
  });

  it("keeps ids per tenant: another tenant may send the same id", async () => {
    expect((await signed(event("evt_shared_id"))).status).toBe(202);
    const first = tenant;
    tenant = `${first}-other`;
    env = { TENANT: tenant, STOCK_WEBHOOK_SECRET: SECRET };
    expect(await (await signed(event("evt_shared_id"))).json()).toEqual({ build: "queued" });
    expect(builds).toEqual([first, tenant]);
  });

  it("acknowledges another type 202 ignored without building", async () => {
    const response = await signed(event("evt_ping", "stock.ping"));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ build: "ignored" });
    expect(builds).toEqual([]);
  });

  it("refuses a signed body that is not an event", async () => {
    expect((await signed(JSON.stringify({ type: "stock.updated" }))).status).toBe(400);
    expect((await signed("not json")).status).toBe(400);
  });

  it("turns a burst of 20 events into one build now and one after it", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signed(event(`evt_burst_${i}`)).then((r) => r.json())),
    );
    expect(answers.filter((a) => a.build === "queued")).toHaveLength(1);
    expect(answers.filter((a) => a.build === "coalesced")).toHaveLength(19);
    expect(builds).toHaveLength(1);
    // The first build ends: the 19 others ride on exactly one more.
    clock = new Date(NOW.getTime() + 20_000);
    expect(await markBuildFinished(db, tenant, { ok: true, published: 40 }, clock)).toBe(true);
    const followUps = [await claimDueBuild(db, tenant, clock), await claimDueBuild(db, tenant, clock)];
    expect(followUps).toEqual([true, false]);
    expect(await markBuildFinished(db, tenant, { ok: true, published: 40 }, clock)).toBe(false);
    expect(builds.length + followUps.filter(Boolean).length).toBe(2);
  });

  it("starts a new build for an event after the last one finished", async () => {
    await signed(event("evt_a"));
    await markBuildFinished(db, tenant, { ok: true, published: 3 }, clock);
    expect(await (await signed(event("evt_b"))).json()).toEqual({ build: "queued" });
    expect(builds).toHaveLength(2);
  });

  it("keeps the guard's baseline from each successful build, not from a failed one", async () => {
    await markBuildStarted(db, tenant, clock);
    await markBuildFinished(db, tenant, { ok: true, published: 120 }, clock);
    await markBuildFinished(db, tenant, { ok: false, error: "feed refused", published: 12 }, clock);
    expect(await feedBaseline(db, tenant)).toBe(120);
  });
});

describe("the build hook", () => {
  const answers = (...statuses: (number | Error)[]) => {
    const calls: string[] = [];
    const fetchStub = (async (url: string | URL | Request) => {
      calls.push(String(url));
      const next = statuses.shift() ?? 200;
      if (next instanceof Error) throw next;
      return new Response(null, { status: next });
    }) as typeof fetch;
    return { calls, fetchStub };
  };
  const quiet = { sleep: async () => {}, log: () => {} };

  it("is retried with backoff when it fails, until it answers 2xx", async () => {
    const { calls, fetchStub } = answers(503, new Error("socket hang up"), 200);
    const delays: number[] = [];
    const result = await callBuildHook("https://api.netlify.com/build_hooks/abc", SLUG, {
      fetch: fetchStub,
      sleep: async (ms) => void delays.push(ms),
      log: () => {},
    });
    expect(result).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
    expect(calls[0]).toMatch(/^https:\/\/api\.netlify\.com\/build_hooks\/abc\?trigger_title=/);
    expect(delays).toEqual([500, 1000]);
  });

  it("gives up after three tries, and not at all on a hook that does not exist", async () => {
    const failing = answers(500, 502, 503, 200);
    expect(await callBuildHook("https://hook", SLUG, { ...quiet, fetch: failing.fetchStub })).toEqual({
      ok: false,
      error: "build hook answered HTTP 503",
    });
    expect(failing.calls).toHaveLength(3);
    const missing = answers(404);
    expect((await callBuildHook("https://hook", SLUG, { ...quiet, fetch: missing.fetchStub })).ok).toBe(
      false,
    );
    expect(missing.calls).toHaveLength(1);
  });

  it("leaves the build requested when the hook keeps failing, and the scheduled pass fires it", async () => {
    builderResult = { ok: false, error: "build hook answered HTTP 503" };
    expect(await (await signed(event("evt_hook_down"))).json()).toEqual({ build: "queued" });
    // The hook is back a minute later: the scheduled pass starts the waiting build once.
    clock = new Date(NOW.getTime() + 60_000);
    const fired: string[] = [];
    const pass = await runDueBuilds(db, tenant, clock, () => async (slug) => {
      fired.push(slug);
      return { ok: true };
    });
    expect(pass.started).toEqual([tenant]);
    expect(fired).toEqual([tenant]);
    expect((await runDueBuilds(db, tenant, clock, () => async () => ({ ok: true }))).started).toEqual([]);
  });

  it("deployed, POSTs the site's BUILD_HOOK_URL and retries it when it fails", async () => {
    const hits: string[] = [];
    const answers = [503, 200];
    const hook = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(answers.shift() ?? 200).end();
    });
    await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc123`;
      const body = event("evt_deployed");
      const response = await createStockWebhookHandler({
        db: async () => db,
        env: { TENANT: tenant, STOCK_WEBHOOK_SECRET: SECRET, NETLIFY: "true", BUILD_HOOK_URL: url },
        now: () => clock,
        known: () => true,
        log: () => {},
      })(
        new Request("http://localhost/api/stock-feed", {
          method: "POST",
          headers: { "x-stock-signature": stockSignature(SECRET, body, clock) },
          body,
        }),
      );
      expect(await response.json()).toEqual({ build: "queued" });
      expect(hits).toEqual([
        "POST /build_hooks/abc123?trigger_title=Stock%20feed%20changed",
        "POST /build_hooks/abc123?trigger_title=Stock%20feed%20changed",
      ]);
    } finally {
      await new Promise((resolve) => hook.close(resolve));
    }
  });

  it("answers 503 without recording the event when the site has no build hook", async () => {
    const response = await createStockWebhookHandler({
      db: async () => db,
      env: { TENANT: tenant, STOCK_WEBHOOK_SECRET: SECRET, NETLIFY: "true" },
      now: () => clock,
      known: () => true,
    })(
      new Request("http://localhost/api/stock-feed", {
        method: "POST",
        headers: { "x-stock-signature": stockSignature(SECRET, event("evt_x"), clock) },
        body: event("evt_x"),
      }),
    );
    expect(response.status).toBe(503);
    expect(await recentStockEvents(db, tenant)).toEqual([]);
  });
});

describe("coalescing rules", () => {
  const at = (s: number) => new Date(NOW.getTime() + s * 1000);
  it.each([
    ["idle: the event starts a build", IDLE, "queued", true],
    [
      "running: the event waits for one more",
      { requestedAt: null, runningSince: at(-5) },
      "coalesced",
      false,
    ],
    [
      "running with one waiting: still one",
      { requestedAt: at(-2), runningSince: at(-5) },
      "coalesced",
      false,
    ],
    [
      "a request left by a failed hook: starts now",
      { requestedAt: at(-60), runningSince: null },
      "queued",
      true,
    ],
    [
      "a build lost long ago no longer blocks",
      { requestedAt: null, runningSince: new Date(NOW.getTime() - BUILD_LOST_AFTER_MS - 1) },
      "queued",
      true,
    ],
  ] as const)("%s", (_name, state, build, start) => {
    const decision = onStockUpdated(state, NOW);
    expect(decision.build).toBe(build);
    expect(decision.start).toBe(start);
  });

  it("keeps the first request's time while coalescing", () => {
    const first = onStockUpdated({ requestedAt: null, runningSince: at(-5) }, NOW).next;
    const second = onStockUpdated(first, at(3)).next;
    expect(second.requestedAt).toEqual(NOW);
  });

  it("makes a waiting request due when the build ends, and not before", () => {
    const waiting = { requestedAt: at(-2), runningSince: at(-5) };
    expect(isDue(waiting, NOW)).toBe(false);
    expect(isDue(onBuildFinished(waiting), NOW)).toBe(true);
    expect(isDue(onBuildFinished({ requestedAt: null, runningSince: at(-5) }), NOW)).toBe(false);
    expect(isDue(onStartFailed({ requestedAt: null, runningSince: NOW }, NOW), NOW)).toBe(true);
  });

  it("reads only { id, type } events", () => {
    expect(parseStockEvent('{"id":"e1","type":"stock.updated"}')).toEqual({
      id: "e1",
      type: "stock.updated",
    });
    expect(parseStockEvent('{"id":"","type":"stock.updated"}')).toBeNull();
    expect(parseStockEvent("[]")).toBeNull();
  });
});
