/**
 * Unsubscribe (spec §2 /pages/unsubscribe, §5 opt-in): the request's rules, table-driven, and
 * POST /api/unsubscribe against real storage (PGlite in memory) with real Requests.
 */

import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { UNSUBSCRIBE_TEXTS } from "~/features/leads/unsubscribe/unsubscribe";
import { unsubscribeSchema } from "~/features/leads/unsubscribe/unsubscribe.schema";
import {
  createUnsubscribeHandler,
  type UnsubscribeOptions,
} from "~/features/leads/unsubscribe/unsubscribe.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { ERRORS } from "~/server/errors";
import { makeSite, makeSnapshot } from "./helpers";

describe("what an unsubscribe asks", () => {
  it.each([
    [{ email: "Jane@Example.com.au " }, { email: "jane@example.com.au" }],
    [
      { email: "jane@example.com.au", phone: "0412 345 678" },
      { email: "jane@example.com.au", phone: "+61412345678" },
    ],
    [{ email: "jane@example.com.au", phone: "", reason: "" }, { email: "jane@example.com.au" }],
    [
      { email: "jane@example.com.au", reason: "I have bought a car" },
      { email: "jane@example.com.au", reason: "I have bought a car" },
    ],
  ])("%j is kept as %j", (input, output) => {
    const parsed = unsubscribeSchema.parse(input);
    expect(Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined))).toEqual(
      output,
    );
  });

  it.each([
    [{}, "email", LEAD_TEXTS.email],
    [{ email: "" }, "email", LEAD_TEXTS.email],
    [{ email: "jane@" }, "email", LEAD_TEXTS.emailInvalid],
    [{ email: "jane@example.com.au", phone: "12" }, "phone", LEAD_TEXTS.phoneInvalid],
    [{ email: "jane@example.com.au", reason: "Spite" }, "reason", UNSUBSCRIBE_TEXTS.reason],
  ])("%j is refused on %s: %s", (input, field, message) => {
    const result = unsubscribeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it("tells the shopper it is done, and the Spam Act's 5 working days", () => {
    expect(UNSUBSCRIBE_TEXTS.doneTitle).toBe("You're unsubscribed");
    expect(UNSUBSCRIBE_TEXTS.done("Test Motors")).toBe(
      "You won't receive offers or product updates from Test Motors at this address:",
    );
    expect(UNSUBSCRIBE_TEXTS.delay).toContain("5 working days");
  });
});

let db: Db;
const options = (extra: Partial<UnsubscribeOptions> = {}): UnsubscribeOptions => ({
  db: async () => db,
  tenantFor: (req) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
  snapshot: (slug) => (slug === "test-motors" ? makeSnapshot(makeSite()) : null),
  ...extra,
});
beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
}, 180_000);
afterAll(async () => {
  await db?.destroy();
});

let ip = 1;
const request = (body: unknown, init: { host?: string; type?: string; ip?: string } = {}) =>
  new Request("http://localhost/api/unsubscribe", {
    method: "POST",
    headers: {
      host: init.host ?? "test-motors.localhost",
      "content-type": init.type ?? "application/json",
      "x-forwarded-for": init.ip ?? `203.0.113.${ip++ % 250}`,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
async function unsubscribe(body: unknown, init: Parameters<typeof request>[1] = {}, extra = {}) {
  const response = await createUnsubscribeHandler(options(extra))(request(body, init));
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}
const notices = (email: string) =>
  leadsDb(db)
    .selectFrom("leads")
    .innerJoin("lead_outbox", "lead_outbox.lead_id", "leads.id")
    .select(["leads.kind", "leads.tenant", "leads.fields"])
    .where("leads.kind", "=", "unsubscribe")
    .where(sql<string>`leads.fields->>'email'`, "=", email)
    .execute();

describe("POST /api/unsubscribe", () => {
  it("records the request and queues an unsubscribe notice for the dealer's CRM", async () => {
    const { status, body } = await unsubscribe({
      email: "Sam@Example.com.au",
      phone: "0412 345 678",
      reason: "I have bought a car",
    });
    // The same answer as for an address already on the list (next test): it tells nobody which
    // addresses the dealer has.
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, email: "sam@example.com.au" });
    const sent = await notices("sam@example.com.au");
    expect(sent).toEqual([
      {
        kind: "unsubscribe",
        tenant: "test-motors",
        fields: { email: "sam@example.com.au", phone: "+61412345678", reason: "I have bought a car" },
      },
    ]);
  });

  it("asking again (however the address is typed) answers the same and sends nothing new", async () => {
    const { status, body } = await unsubscribe({ email: " SAM@example.com.au" });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, email: "sam@example.com.au" });
    expect(await notices("sam@example.com.au")).toHaveLength(1);
  });

  it("the same address twice at the same moment sends one notice", async () => {
    const answers = await Promise.all([
      unsubscribe({ email: "twice@example.com.au" }),
      unsubscribe({ email: "twice@example.com.au" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]?.body).toEqual(answers[1]?.body);
    expect(await notices("twice@example.com.au")).toHaveLength(1);
  });

  it("answers the shopper's words for a field that is wrong", async () => {
    const { status, body } = await unsubscribe({ email: "sam@", phone: "12" });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: LEAD_TEXTS.fixErrors,
      fields: { email: LEAD_TEXTS.emailInvalid, phone: LEAD_TEXTS.phoneInvalid },
    });
  });

  it("refuses an unknown site, a non-JSON body, and too many tries from one address", async () => {
    expect((await unsubscribe({ email: "a@example.com.au" }, { host: "nobody.localhost" })).status).toBe(404);
    expect(
      (await unsubscribe("email=a@example.com.au", { type: "application/x-www-form-urlencoded" })).status,
    ).toBe(415);
    expect((await unsubscribe("{", {})).status).toBe(400);
    const limited = { rateLimit: { hits: 1, windowMs: 60_000 } };
    expect((await unsubscribe({ email: "b@example.com.au" }, { ip: "198.51.100.9" }, limited)).status).toBe(
      200,
    );
    const third = await unsubscribe({ email: "c@example.com.au" }, { ip: "198.51.100.9" }, limited);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(third.body.error).toBe(ERRORS.leads.tooManyTries(Number(third.headers.get("retry-after"))));
    expect(third.body.error).toMatch(
      /^That's a lot of tries in a short time\. Please try again in \d+ seconds\.$/,
    );
  });

  it("needs no signature, so any link a dealer's CRM sends works, and records when and from where (a hashed address, never the address)", async () => {
    const at = new Date("2026-06-15T02:00:00Z");
    const { status } = await unsubscribe(
      { email: "where@example.com.au" },
      { ip: "198.51.100.23" },
      { now: () => at, ipHashSecret: "deploy-secret" },
    );
    expect(status).toBe(200);
    const rows = await db
      .selectFrom("unsubscribes" as never)
      .selectAll()
      .where("email" as never, "=", "where@example.com.au" as never)
      .execute();
    const expected = createHash("sha256")
      .update(["deploy-secret", "test-motors", "198.51.100.23"].join("\0"))
      .digest("hex");
    expect(rows).toMatchObject([{ ip_hash: expected, created_at: at }]);
    expect(JSON.stringify(rows)).not.toContain("198.51.100.23");
    // Nor does the notice for the CRM keep the address.
    const notice = await leadsDb(db)
      .selectFrom("leads")
      .select(["client_ip"])
      .where("kind", "=", "unsubscribe")
      .where(sql<string>`fields->>'email'`, "=", "where@example.com.au")
      .execute();
    expect(notice).toEqual([{ client_ip: null }]);
  });

  it("the address's hash is per site: the same address unsubscribing from two dealers cannot be matched up", async () => {
    const other = (slug: string) => ({
      snapshot: (known: string) => (known === slug ? makeSnapshot(makeSite()) : null),
      tenantFor: () => slug,
    });
    await unsubscribe({ email: "two@example.com.au" }, { ip: "198.51.100.24" });
    await unsubscribe({ email: "two@example.com.au" }, { ip: "198.51.100.24" }, other("other-motors"));
    const hashes = await db
      .selectFrom("unsubscribes" as never)
      .select(["ip_hash" as never])
      .where("email" as never, "=", "two@example.com.au" as never)
      .execute();
    expect(hashes).toHaveLength(2);
    expect(new Set(hashes.map((row) => (row as { ip_hash: string }).ip_hash)).size).toBe(2);
  });

  it("storage down: the shopper is asked to try again, never told it worked", async () => {
    const { status, body } = await unsubscribe(
      { email: "d@example.com.au" },
      {},
      {
        db: async () => {
          throw new Error("database is down");
        },
      },
    );
    expect(status).toBe(503);
    expect(body).toEqual({ error: UNSUBSCRIBE_TEXTS.unavailable });
    expect(ERRORS.leads.unavailable).not.toBe(UNSUBSCRIBE_TEXTS.unavailable);
  });
});
