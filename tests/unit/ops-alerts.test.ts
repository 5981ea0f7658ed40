/**
 * The ops alerts: each condition raised by what really causes it (the stock webhook, the sign-in
 * code handler and the Stripe webhook answering, builds and the outbox as their code leaves them),
 * checked as the scheduled ops-check does, posted to a local receiver standing in for Slack, once
 * when it opens and once when it clears.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSignInCodeHandler } from "~/features/account/sign-in.server";
import { requeueParked } from "~/features/leads/outbox/stats.server";
import { leadsDb } from "~/features/leads/tables";
import { createUnsubscribeHandler } from "~/features/leads/unsubscribe/unsubscribe.server";
import { checkTenants, openIncidents, postOpsMessage } from "~/features/ops/alerts.server";
import { createStripeWebhookHandler } from "~/features/payments/provider-results.server";
import { markBuildFinished, markBuildStarted } from "~/features/rebuilds/builds.server";
import { createStockWebhookHandler } from "~/features/rebuilds/webhook.server";
import { checkTruncation } from "~/features/stock/feed.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { opsEventsDb } from "~/lib/db/ops-events.server";
import { verifySignature } from "~/server/signature";
import type { TenantData } from "~/tenant/tenant.server";
import { makeSite, makeSnapshot } from "./helpers";

const NOW = new Date("2026-11-26T03:00:00Z");
const OPS_SECRET = "ops_secret_0123456789abcdef0123456789";
const min = (n: number) => new Date(NOW.getTime() + n * 60_000);

interface Received {
  body: { text: string; blocks: unknown[] };
  signature: string | null;
  raw: string;
}

let db: Db;
let server: Server;
let url: string;
let received: Received[];
let status: number;
let tenant: string;
let counter = 0;

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null }, { migrate: true });
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      if (status === 200) {
        const signature = req.headers["x-webhook-signature"];
        received.push({
          body: JSON.parse(raw),
          signature: typeof signature === "string" ? signature : null,
          raw,
        });
      }
      res.writeHead(status, status === 307 ? { location: "http://example.test/elsewhere" } : {});
      res.end(status === 200 ? "ok" : "no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await db?.destroy();
});
beforeEach(() => {
  // Each test speaks for a fresh tenant, so incidents never leak between tests.
  tenant = `ops-motors-${++counter}`;
  received = [];
  status = 200;
});

const env = () => ({ OPS_ALERT_URL: url, OPS_ALERT_SECRET: OPS_SECRET });
const check = async (at: Date) => {
  const [result] = await checkTenants(db, [tenant], at, { env: env(), deployed: false });
  if (!result) throw new Error("the check answered for no tenant");
  return result;
};
const texts = () => received.map((message) => message.body.text);

async function queueLead(createdAt: Date, parked = false): Promise<string> {
  const id = randomUUID();
  await leadsDb(db)
    .insertInto("leads")
    .values({ id, tenant, kind: "enquiry", fields: JSON.stringify({ name: "Sam" }), created_at: createdAt })
    .execute();
  await leadsDb(db)
    .insertInto("lead_outbox")
    .values({
      lead_id: id,
      tenant,
      channel: "crm",
      next_attempt_at: createdAt,
      created_at: createdAt,
      ...(parked ? { parked_at: createdAt, permanent_failures: 5 } : {}),
    })
    .execute();
  return id;
}

describe("each alert is raised once and resolved once", () => {
  it("leads waiting more than 15 minutes, until delivered (signed, Slack-compatible)", async () => {
    const lead = await queueLead(min(-14));
    expect((await check(NOW)).open).toEqual([]);
    expect((await check(min(2))).open).toEqual(["lead_late"]);
    await check(min(3));
    expect(texts()).toEqual([
      "ALERT ops-motors-1: Leads waiting: the oldest undelivered lead has waited 16 min (more than 15 min)",
    ]);
    const [first] = received;
    expect(first?.body.blocks).toEqual([
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: "ALERT ops-motors-1: Leads waiting: the oldest undelivered lead has waited 16 min (more than 15 min)",
        },
      },
    ]);
    expect(verifySignature(first?.signature ?? null, first?.raw ?? "", [OPS_SECRET], min(2))).toEqual({
      ok: true,
    });
    await leadsDb(db)
      .updateTable("lead_outbox")
      .set({ delivered_at: min(5) })
      .where("lead_id", "=", lead)
      .execute();
    expect((await check(min(6))).open).toEqual([]);
    await check(min(7));
    expect(texts().slice(1)).toEqual(["RESOLVED ops-motors-1: Leads waiting (open 4 min)"]);
  });

  it("a parked lead, until requeued", async () => {
    await queueLead(NOW, true);
    await check(NOW);
    await check(min(1));
    expect(texts()).toEqual([
      "ALERT ops-motors-2: Lead parked: 1 delivery is parked after repeated refusals; fix the receiver, then requeue from the ops view",
    ]);
    expect(await requeueParked(db, tenant)).toBe(1);
    await check(min(2));
    expect(texts().slice(1)).toEqual(["RESOLVED ops-motors-2: Lead parked (open 2 min)"]);
  });

  it("a failed build, until a build succeeds", async () => {
    await markBuildStarted(db, tenant, NOW);
    await markBuildFinished(
      db,
      tenant,
      { ok: false, error: "astro build exited with code 1\nstack…" },
      min(3),
    );
    await check(min(4));
    expect(texts()).toEqual([
      "ALERT ops-motors-3: Last build failed: the old site stays live: astro build exited with code 1",
    ]);
    await markBuildStarted(db, tenant, min(10));
    await markBuildFinished(db, tenant, { ok: true, published: 80 }, min(12));
    await check(min(14));
    await check(min(15));
    expect(texts().slice(1)).toEqual(["RESOLVED ops-motors-3: Last build failed (open 10 min)"]);
  });

  it("a feed the guard refused, as that rather than as any failed build", async () => {
    const refusal = checkTruncation(3, 120, 0.5, false).message ?? "";
    await markBuildStarted(db, tenant, NOW);
    await markBuildFinished(db, tenant, { ok: false, error: refusal }, min(1));
    expect((await check(min(2))).open).toEqual(["feed_refused"]);
    expect(texts()).toEqual([
      "ALERT ops-motors-4: Feed refused: the feed guard refused the feed, the old site stays live: feed would publish 3 cars, fewer than 50% of the last successful build (120); refusing to publish. If the stock really shrank, rebuild with ALLOW_FEED_SHRINK=1.",
    ]);
    await markBuildStarted(db, tenant, min(5));
    await markBuildFinished(db, tenant, { ok: true, published: 118 }, min(6));
    await check(min(7));
    expect(texts().slice(1)).toEqual(["RESOLVED ops-motors-4: Feed refused (open 5 min)"]);
  });

  it("a rebuild still running past its deadline, until it reports back", async () => {
    await markBuildStarted(db, tenant, NOW);
    expect((await check(min(14))).open).toEqual([]);
    expect((await check(min(16))).open).toEqual(["build_overdue"]);
    expect(texts()).toEqual([
      "ALERT ops-motors-5: Rebuild overdue: a rebuild has been marked running for 16 min (deadline 15 min); its deploy build may have died",
    ]);
    await markBuildFinished(db, tenant, { ok: true, published: 50 }, min(17));
    await check(min(18));
    expect(texts().slice(1)).toEqual(["RESOLVED ops-motors-5: Rebuild overdue (open 2 min)"]);
  });

  it("a spike of 401s at the stock webhook, until a quiet quarter of an hour", async () => {
    const handler = createStockWebhookHandler({
      db: async () => db,
      env: { TENANT: tenant, STOCK_WEBHOOK_SECRET: "whsec_current_0123456789abcdef0123" },
      now: () => NOW,
      known: () => true,
      log: () => {},
      builder: () => async () => ({ ok: true }),
    });
    const forged = () =>
      handler(
        new Request("http://localhost/api/stock-feed", {
          method: "POST",
          headers: { "x-stock-signature": `t=${NOW.getTime() / 1000},v1=${"0".repeat(64)}` },
          body: JSON.stringify({ id: "evt_1", type: "stock.updated" }),
        }),
      );
    for (let i = 0; i < 9; i++) expect((await forged()).status).toBe(401);
    expect((await check(NOW)).open).toEqual([]);
    expect((await forged()).status).toBe(401);
    // A flood adds to one counter per minute; it never grows the table a row per call.
    const noted = await opsEventsDb(db)
      .selectFrom("ops_events")
      .select(["kind", "count"])
      .where("tenant", "=", tenant)
      .execute();
    expect(noted).toEqual([{ kind: "webhook_401", count: 10 }]);
    expect((await check(min(1))).open).toEqual(["webhook_401_spike"]);
    expect(texts()).toEqual([
      "ALERT ops-motors-6: Stock webhook refusing signatures: 10 stock webhook calls answered 401 in 15 min",
    ]);
    expect((await check(min(16))).open).toEqual([]);
    expect(texts().slice(1)).toEqual([
      "RESOLVED ops-motors-6: Stock webhook refusing signatures (open 15 min)",
    ]);
  });

  it("the SMS gateway failing to send sign-in codes, until a quiet quarter of an hour", async () => {
    const data: TenantData = {
      site: makeSite({ slug: tenant, features: { watchlist: true } }),
      locations: [],
      offers: [],
      pages: [],
      cars: [],
      now: NOW.toISOString(),
    };
    const handler = createSignInCodeHandler({
      db: async () => db,
      tenantFor: () => tenant,
      snapshot: () => data,
      sms: {
        name: "down",
        send: async () => {
          throw new Error("SMS gateway answered 502");
        },
      },
      now: () => NOW,
      newCode: () => "123456",
    });
    for (const [i, phone] of ["0412 000 001", "0412 000 002"].entries()) {
      const response = await handler(
        new Request("http://localhost/api", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}` },
          body: JSON.stringify({ phone }),
        }),
      );
      expect(response.status).toBe(503);
    }
    expect((await check(NOW)).open).toEqual([]);
    const third = await handler(
      new Request("http://localhost/api", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.3" },
        body: JSON.stringify({ phone: "0412 000 003" }),
      }),
    );
    expect(third.status).toBe(503);
    expect((await check(min(1))).open).toEqual(["sms_failing"]);
    expect((await check(min(20))).open).toEqual([]);
    expect(texts()).toEqual([
      "ALERT ops-motors-7: SMS gateway failing: 3 sign-in codes could not be sent in 15 min",
      "RESOLVED ops-motors-7: SMS gateway failing (open 19 min)",
    ]);
  });

  it("the Stripe webhook failing, until a quiet quarter of an hour", async () => {
    const webhook = createStripeWebhookHandler({
      db: async () => db,
      secret: "whsec_stripe_test",
      tenantFor: () => tenant,
      now: () => NOW,
    });
    const response = await webhook(
      new Request("http://localhost/api/online-payment/webhook", {
        method: "POST",
        headers: { "stripe-signature": `t=${NOW.getTime() / 1000},v1=${"0".repeat(64)}` },
        body: "{}",
      }),
    );
    expect(response.status).toBe(400);
    expect((await check(min(1))).open).toEqual(["stripe_webhook_failing"]);
    expect((await check(min(16))).open).toEqual([]);
    expect(texts()).toEqual([
      "ALERT ops-motors-8: Stripe webhook failing: 1 Stripe webhook call failed in 15 min",
      "RESOLVED ops-motors-8: Stripe webhook failing (open 15 min)",
    ]);
  });
});

describe("delivery of the alerts", () => {
  it("a message the webhook refused is sent by the next check, once; a new incident alerts again", async () => {
    await queueLead(NOW, true);
    status = 500;
    const refused = await check(NOW);
    expect(refused.errors).toEqual(["raised lead_parked: The ops webhook answered HTTP 500"]);
    status = 200;
    await check(min(1));
    await check(min(2));
    expect(texts()).toHaveLength(1);
    await requeueParked(db, tenant);
    await check(min(3));
    await leadsDb(db)
      .updateTable("lead_outbox")
      .set({ parked_at: min(4) })
      .where("tenant", "=", tenant)
      .execute();
    await check(min(5));
    expect(texts()).toEqual([
      "ALERT ops-motors-9: Lead parked: 1 delivery is parked after repeated refusals; fix the receiver, then requeue from the ops view",
      "RESOLVED ops-motors-9: Lead parked (open 3 min)",
      "ALERT ops-motors-9: Lead parked: 1 delivery is parked after repeated refusals; fix the receiver, then requeue from the ops view",
    ]);
    expect((await openIncidents(db, [tenant])).map((incident) => incident.alert)).toEqual(["lead_parked"]);
  });

  it("never follows a redirect, and a deployed site posts only to a signed https: address", async () => {
    status = 307;
    const message = { text: "x", blocks: [] };
    await expect(postOpsMessage({ url, secret: OPS_SECRET, deployed: false }, message, NOW)).rejects.toThrow(
      "The ops webhook answered with a redirect (HTTP 307 to http://example.test/elsewhere), which is not followed: set its final https: address",
    );
    await expect(postOpsMessage({ url, secret: OPS_SECRET, deployed: true }, message, NOW)).rejects.toThrow(
      "A deployed site sends alerts only to an https: OPS_ALERT_URL",
    );
    await expect(
      postOpsMessage({ url: "https://hooks.example.test/x", secret: null, deployed: true }, message, NOW),
    ).rejects.toThrow("Set OPS_ALERT_SECRET so the ops webhook can verify alerts");
  });

  it("escapes what Slack would read as a link or an entity in a detail", async () => {
    await markBuildStarted(db, tenant, NOW);
    await markBuildFinished(
      db,
      tenant,
      { ok: false, error: "feed at <https://evil.test|click> & co" },
      min(1),
    );
    await check(min(2));
    expect(received[0]?.body.blocks).toEqual([
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: "ALERT ops-motors-11: Last build failed: the old site stays live: feed at &lt;https://evil.test|click&gt; &amp; co",
        },
      },
    ]);
  });
});

describe("the Spam Act's window for an unsubscribe", () => {
  it("an unsubscribe the CRM has not taken after 2 working days, until it is delivered", async () => {
    // NOW is a Thursday afternoon in Sydney; the CRM refuses, so the notice waits in the outbox.
    const unsubscribe = createUnsubscribeHandler({
      db: async () => db,
      tenantFor: () => tenant,
      snapshot: (slug) => makeSnapshot(makeSite({ name: slug, slug })),
      now: () => NOW,
    });
    const asked = await unsubscribe(
      new Request("http://localhost/api/unsubscribe", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.7" },
        body: JSON.stringify({ email: "sam@example.com.au" }),
      }),
    );
    expect(asked.status).toBe(200);
    const friday = new Date("2026-11-27T03:00:00Z");
    const monday = new Date("2026-11-30T03:00:00Z");
    expect((await check(friday)).open).not.toContain("unsubscribe_overdue");
    expect((await check(new Date(monday.getTime() - 60_000))).open).not.toContain("unsubscribe_overdue");
    expect((await check(monday)).open).toContain("unsubscribe_overdue");
    expect(texts()).toContain(
      `ALERT ${tenant}: Unsubscribe not in the CRM: an unsubscribe asked for on 2026-11-26 has not reached the CRM; ` +
        "the Spam Act allows 5 working days (until 2026-12-03T03:00Z): have the dealer remove the address by hand " +
        "(it is in the unsubscribes table)",
    );
    await leadsDb(db)
      .updateTable("lead_outbox")
      .set({ delivered_at: monday })
      .where("tenant", "=", tenant)
      .execute();
    expect((await check(new Date(monday.getTime() + 60_000))).open).not.toContain("unsubscribe_overdue");
    expect(texts()).toContain(`RESOLVED ${tenant}: Unsubscribe not in the CRM (open 1 min)`);
  });
});
