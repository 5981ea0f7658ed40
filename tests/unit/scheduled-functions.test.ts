/**
 * Scheduled functions through their modules, as Netlify runs them: the account pruning on its own
 * hourly schedule, pinned to the deploy's tenant, and the `scheduled` kit refusing a deployed run
 * without TENANT before it touches anything.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountDb } from "~/features/account/tables";
import type { Db } from "~/lib/db/db.server";
import { scheduled } from "~/server/scheduled";

const saved = { ...process.env };
const restoreEnv = () => {
  for (const key of ["DATA_DIR", "TENANT", "TEST_NOW", "NETLIFY"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
};

describe("prune-accounts (scheduled hourly)", () => {
  let db: Db;
  beforeAll(async () => {
    process.env.DATA_DIR = "memory";
    process.env.TENANT = "test-motors";
    // The function's clock: an hour after every "expired" row below, a day before the live ones.
    process.env.TEST_NOW = "2026-06-15T03:00:00.000Z";
    const { getDb } = await import("~/lib/db/db.server");
    db = await getDb();
    const accounts = accountDb(db);
    const expired = new Date("2026-06-15T02:00:00.000Z");
    const live = new Date("2026-06-16T03:00:00.000Z");
    await accounts
      .insertInto("users")
      .values([
        { id: "00000000-0000-4000-8000-000000000001", tenant: "test-motors", phone: "+61412345678" },
        { id: "00000000-0000-4000-8000-000000000002", tenant: "other-motors", phone: "+61412345678" },
      ])
      .execute();
    await accounts
      .insertInto("sessions")
      .values([
        {
          token_hash: "a-expired",
          user_id: "00000000-0000-4000-8000-000000000001",
          tenant: "test-motors",
          expires_at: expired,
        },
        {
          token_hash: "a-live",
          user_id: "00000000-0000-4000-8000-000000000001",
          tenant: "test-motors",
          expires_at: live,
        },
        {
          token_hash: "b-expired",
          user_id: "00000000-0000-4000-8000-000000000002",
          tenant: "other-motors",
          expires_at: expired,
        },
      ])
      .execute();
    await accounts
      .insertInto("sign_in_codes")
      .values([
        { tenant: "test-motors", phone: "+61412345678", code_hash: "x", expires_at: expired, attempts: 0 },
        { tenant: "test-motors", phone: "+61412345679", code_hash: "y", expires_at: live, attempts: 0 },
        { tenant: "other-motors", phone: "+61412345678", code_hash: "z", expires_at: expired, attempts: 0 },
      ])
      .execute();
  });
  afterAll(async () => {
    const { closeDb } = await import("~/lib/db/db.server");
    await closeDb();
    restoreEnv();
  });

  it("runs on its own schedule, not inside the outbox pass", async () => {
    const prune = await import("~/functions/prune-accounts");
    expect(prune.config).toEqual({ schedule: "@hourly" });
    expect(readFileSync("src/functions/leads-outbox.ts", "utf8")).not.toContain("pruneAccounts");
  });

  it("deletes the deploy's tenant's expired sessions and codes, and nothing else", async () => {
    const prune = await import("~/functions/prune-accounts");
    const response = await prune.default(new Request("http://localhost/.netlify/functions/prune-accounts"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sessions: 1, codes: 1 });
    const accounts = accountDb(db);
    const sessions = await accounts
      .selectFrom("sessions")
      .select("token_hash")
      .orderBy("token_hash")
      .execute();
    expect(sessions.map((row) => row.token_hash)).toEqual(["a-live", "b-expired"]);
    const codes = await accounts
      .selectFrom("sign_in_codes")
      .select("code_hash")
      .orderBy("code_hash")
      .execute();
    expect(codes.map((row) => row.code_hash)).toEqual(["y", "z"]);
  });
});

describe("scheduled(name, run)", () => {
  afterAll(restoreEnv);

  it("deployed without TENANT: answers 500 with the reason and never runs", async () => {
    process.env.NETLIFY = "true";
    delete process.env.TENANT;
    const run = vi.fn(async () => ({ done: true }));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await scheduled(
        "tidy-up",
        run,
      )(new Request("http://localhost/.netlify/functions/tidy-up"));
      expect(response.status).toBe(500);
      const message =
        "The tidy-up scheduled function needs TENANT: set TENANT=<slug> on this tenant's Netlify site, so it touches only that dealer's rows in the shared database.";
      expect(await response.json()).toEqual({ error: message });
      expect(errors).toHaveBeenCalledWith(`[tidy-up] ${message}`);
      expect(run).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("pinned: runs over the deploy's tenant and answers its result as JSON", async () => {
    process.env.NETLIFY = "true";
    process.env.TENANT = "westside-auto";
    const run = vi.fn(async (scope: { tenant: string | null }) => ({ for: scope.tenant }));
    const response = await scheduled(
      "tidy-up",
      run,
    )(new Request("http://localhost/.netlify/functions/tidy-up"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ for: "westside-auto" });
  });
});
