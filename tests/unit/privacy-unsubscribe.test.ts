/**
 * Spam Act s 18: an unsubscribe is honoured at once, well inside the 5 working days, with the
 * dealer's CRM down: it is stored before the CRM is told (the notice waits in the outbox), and every
 * later lead from the address carries the mark, its opt-in off unless the shopper ticks the box
 * again. Real storage (PGlite in memory), the real unsubscribe handler and outbox worker.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainOutbox } from "~/features/leads/outbox/worker.server";
import { createLeadsHandler } from "~/features/leads/submit.server";
import { createUnsubscribeHandler } from "~/features/leads/unsubscribe/unsubscribe.server";
import { withConsent } from "~/features/privacy/lead-privacy.server";
import { addWorkingDays } from "~/features/privacy/spam-act";
import { type Db, openDb } from "~/lib/db/db.server";
import { privacySchema } from "~/tenant/schemas/privacy";
import { makeSite, makeSnapshot } from "./helpers";
import { crmAt, leadRequest, validBody } from "./leads-helpers";

const SPEC_TEXT = "Yes, I would like to subscribe to receive latest offers & product updates.";
const UNSUBSCRIBED = new Date("2026-12-11T09:00:00Z");
const LATER = new Date("2026-12-15T23:30:00Z");
const site = (privacy: Record<string, unknown> = {}) => ({
  opt_in: { visible: true, default_checked: true, text: SPEC_TEXT },
  privacy: privacySchema.parse(privacy),
});

let db: Db;
beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
});
afterAll(async () => {
  await db?.destroy();
});

describe("an unsubscribe with the CRM down", () => {
  it("is stored at once and answered; the CRM notice waits, failing, without undoing it", async () => {
    const handler = createUnsubscribeHandler({
      db: async () => db,
      tenantFor: () => "westside-auto",
      snapshot: () => makeSnapshot(makeSite({ name: "Westside Auto", slug: "westside-auto" })),
      now: () => UNSUBSCRIBED,
    });
    const response = await handler(
      new Request("http://localhost/api/unsubscribe", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
        body: JSON.stringify({ email: "Jane@Example.com.au" }),
      }),
    );
    expect(response.status).toBe(200);
    const stored = await sql<{
      email: string;
      created_at: Date;
    }>`select email, created_at from unsubscribes`.execute(db);
    expect(stored.rows).toEqual([{ email: "jane@example.com.au", created_at: UNSUBSCRIBED }]);

    let calls = 0;
    const crmDown = async () => {
      calls += 1;
      return new Response("CRM down for maintenance", { status: 503 });
    };
    const pass = await drainOutbox(
      {
        db,
        tenant: "westside-auto",
        receiversFor: () => crmAt("https://crm.example/leads"),
        fetch: crmDown as typeof fetch,
        timeoutMs: 1_000,
      },
      5_000,
    );
    expect(calls).toBe(1);
    expect(pass).toMatchObject({ delivered: 0, failed: 1 });
    const waiting = await sql<{
      n: number;
    }>`select count(*)::int as n from lead_outbox where delivered_at is null`.execute(db);
    expect(waiting.rows).toEqual([{ n: 1 }]);
    expect((await sql`select email from unsubscribes`.execute(db)).rows).toEqual([
      { email: "jane@example.com.au" },
    ]);
  });

  it("marks a later lead from the address, with its opt-in off, however the address is typed", async () => {
    const fields = await withConsent(db, {
      tenant: "westside-auto",
      site: site({ accept_pre_ticked_opt_in: true }),
      form: "enquiry",
      fields: { name: "Jane", email: " JANE@example.com.au", opt_in: true },
      optedIn: true,
      page: "/contact",
      at: LATER,
    });
    expect(fields).toEqual({
      name: "Jane",
      email: " JANE@example.com.au",
      opt_in: false,
      consent: {
        asked: true,
        opted_in: false,
        wording: SPEC_TEXT,
        pre_ticked: true,
        form: "enquiry",
        page: "/contact",
        at: "2026-12-15T23:30:00.000Z",
      },
      unsubscribed_at: "2026-12-11T09:00:00.000Z",
    });
  });

  it("an enquiry through /api/leads is stored marked, and reaches the CRM marked once it is back", async () => {
    const westside = makeSite({
      name: "Westside Auto",
      slug: "westside-auto",
      dealerships: [{ id: 1, slug: "westside-auto", name: "Westside Auto" }],
      privacy: { accept_pre_ticked_opt_in: true },
    });
    const submit = createLeadsHandler({
      db: async () => db,
      tenantFor: () => "westside-auto",
      snapshot: () => makeSnapshot(westside),
      now: () => LATER,
      minTimeOnPageMs: 0,
    });
    const request = leadRequest(validBody("contact", { email: "Jane@Example.com.au", opt_in: true }));
    request.headers.set("referer", "https://www.westside-auto.example.com.au/contact");
    const answer = await submit(request);
    expect(answer.status).toBe(201);
    const { lead_id } = (await answer.json()) as { lead_id: string };

    const received: Record<string, unknown>[] = [];
    const crmBack = async (_url: string | URL | Request, init?: RequestInit) => {
      received.push(JSON.parse(String(init?.body)));
      return new Response("{}", { status: 200 });
    };
    await drainOutbox(
      {
        db,
        tenant: "westside-auto",
        receiversFor: () => crmAt("https://crm.example/leads"),
        fetch: crmBack as typeof fetch,
        timeoutMs: 1_000,
      },
      5_000,
    );
    const enquiry = received.find((payload) => payload.lead_id === lead_id);
    expect(enquiry?.fields).toMatchObject({
      email: "Jane@Example.com.au",
      opt_in: false,
      unsubscribed_at: "2026-12-11T09:00:00.000Z",
      consent: {
        asked: true,
        opted_in: false,
        wording: SPEC_TEXT,
        pre_ticked: true,
        form: "contact",
        page: "/contact",
        at: "2026-12-15T23:30:00.000Z",
      },
    });
  });

  it("a box the shopper ticked themselves is a new consent, still marked", async () => {
    const fields = await withConsent(db, {
      tenant: "westside-auto",
      site: site(),
      form: "enquiry",
      fields: { email: "jane@example.com.au", opt_in: true },
      optedIn: true,
      page: "/contact",
      at: LATER,
    });
    expect(fields).toMatchObject({
      opt_in: true,
      consent: { opted_in: true, pre_ticked: false },
      unsubscribed_at: "2026-12-11T09:00:00.000Z",
    });
  });

  it("another dealer's list, or another address, marks nothing", async () => {
    for (const [tenant, email] of [
      ["bayside-nissan", "jane@example.com.au"],
      ["westside-auto", "john@example.com"],
    ] as const) {
      const fields = await withConsent(db, {
        tenant,
        site: site(),
        form: "enquiry",
        fields: { email, opt_in: true },
        optedIn: true,
        page: null,
        at: LATER,
      });
      expect(fields).toMatchObject({ opt_in: true, consent: { opted_in: true } });
      expect(fields).not.toHaveProperty("unsubscribed_at");
    }
  });
});

describe("the Spam Act's five working days", () => {
  it.each([
    // Thursday 2 pm in Sydney: Friday, Monday, Tuesday, Wednesday, Thursday.
    ["2026-11-26T03:00:00Z", 5, "2026-12-03T03:00:00.000Z"],
    // Saturday 11 am in Sydney: the first working day after it is Monday.
    ["2026-11-28T00:00:00Z", 1, "2026-11-30T00:00:00.000Z"],
    // Friday 11:30 pm UTC is Saturday 10:30 am in Sydney (UTC+11): Monday 10:30 am there.
    ["2026-11-27T23:30:00Z", 1, "2026-11-29T23:30:00.000Z"],
  ])("%s plus %i working days is %s", (at, days, due) => {
    expect(addWorkingDays(new Date(at), days).toISOString()).toBe(due);
  });
});
