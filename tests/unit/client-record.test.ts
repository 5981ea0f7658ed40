/**
 * What is kept of a client's address (src/server/client-record.ts): its network and, with the
 * deploy's IP_HASH_SECRET, a keyed hash, never the address; for leads, phone reveals and the
 * addresses stored before (migration 2026_11_29_060, on PGlite). Expected hashes were computed
 * outside the code: python3 -c "import hashlib; print(hashlib.sha256(b'<secret>\x00<tenant>\x00<ip>').hexdigest())".
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { storeLead } from "~/features/leads/leads.server";
import { parseLead } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { type Db, openDb } from "~/lib/db/db.server";
import { MIGRATIONS, migrateToLatest } from "~/lib/db/migrations";
import { clientNetwork, clientRecord } from "~/server/client-record";
import { validBody } from "./leads-helpers";

const SECRET = "deploy-secret-0123";
const HASH_V4 = "3bf67acf9a8a1208f94a0061e7a09e3db4c4dea0ea9fd49a5a92b8ca3319e359";
const HASH_V6 = "3fc275a572527d6f163eb558d8cafd1b283c836ee247f2d4af521ca4455ae6cc";
const HASH_V4_OTHER_SITE = "036d42123048ace294687370aaef8bd9762f41b0551bf438d307b2dae33581e9";

/** Addresses as a request may carry them, and the network kept of each (as Postgres writes a cidr). */
const NETWORKS: [string | null, string | null][] = [
  ["203.0.113.77", "203.0.113.0/24"],
  [" 203.0.113.77 ", "203.0.113.0/24"],
  ["::ffff:198.51.100.9", "198.51.100.0/24"],
  ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
  ["2001:DB8:0:0:1:2:3:4", "2001:db8::/64"],
  ["fe80::1%eth0", "fe80::/64"],
  ["not-an-address", null],
  ["", null],
  [null, null],
];

describe("what is kept of a client's address", () => {
  it.each(NETWORKS)("%j is kept as the network %j", (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  it("keeps a keyed hash only where the deploy has a secret, per site", () => {
    expect(clientRecord("test-motors", "203.0.113.77", SECRET)).toEqual({
      client_network: "203.0.113.0/24",
      client_hash: HASH_V4,
    });
    expect(clientRecord("other-motors", "203.0.113.77", SECRET).client_hash).toBe(HASH_V4_OTHER_SITE);
    expect(clientRecord("test-motors", "203.0.113.77", null)).toEqual({
      client_network: "203.0.113.0/24",
      client_hash: null,
    });
    expect(clientRecord("test-motors", "not-an-address", SECRET)).toEqual({
      client_network: null,
      client_hash: null,
    });
  });
});

/** Leads stored before migration 2026_11_29_060_client_network_not_address, by their address. */
const oldLeads = NETWORKS.map(() => randomUUID());
let db: Db;

beforeAll(async () => {
  // One database for both: first as the previous release left it, with addresses stored.
  db = await openDb({ kind: "pglite", dataDir: null }, { migrate: false });
  const before = Object.fromEntries(
    Object.entries(MIGRATIONS).filter(([name]) => name < "2026_11_29_060_client_network_not_address"),
  );
  await migrateToLatest(db as unknown as Kysely<unknown>, before);
  const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await old
    .insertInto("leads")
    .values(
      NETWORKS.map(([ip], n) => ({
        id: oldLeads[n],
        tenant: "test-motors",
        kind: "enquiry",
        fields: "{}",
        client_ip: ip,
      })),
    )
    .execute();
  await old
    .insertInto("phone_reveals")
    .values({
      id: randomUUID(),
      tenant: "test-motors",
      car_id: 1,
      dealership_id: 1,
      website_id: "test-motors",
      client_ip: "2001:db8:1:2:3:4:5:6",
    })
    .execute();
  await migrateToLatest(db as unknown as Kysely<unknown>);
}, 120_000);
afterAll(async () => {
  await db?.destroy();
});

describe("addresses stored before (migration 2026_11_29_060_client_network_not_address)", () => {
  it("become their networks, in leads and phone reveals", async () => {
    const leads = await leadsDb(db)
      .selectFrom("leads")
      .select(["id", "client_ip", "client_network", "client_hash"])
      .where("id", "in", oldLeads)
      .execute();
    expect(oldLeads.map((id) => leads.find((lead) => lead.id === id))).toEqual(
      NETWORKS.map(([, network], n) => ({
        id: oldLeads[n],
        client_ip: null,
        client_network: network,
        client_hash: null,
      })),
    );
    const reveals = await db
      .selectFrom("phone_reveals" as never)
      .select(["client_ip" as never, "client_network" as never])
      .execute();
    expect(reveals).toEqual([{ client_ip: null, client_network: "2001:db8:1:2::/64" }]);
  });
});

describe("a stored lead", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  async function stored(clientIp: string) {
    const parsed = parseLead(validBody("enquiry"));
    if (!parsed.success) throw new Error("fixture lead is invalid");
    const { leadId } = await storeLead(db, {
      tenant: "test-motors",
      lead: parsed.lead,
      idempotencyKey: null,
      spam: false,
      clientIp,
      userAgent: "test",
    });
    return leadsDb(db)
      .selectFrom("leads")
      .select(["client_ip", "client_network", "client_hash"])
      .where("id", "=", leadId)
      .executeTakeFirstOrThrow();
  }

  it("keeps the client's network and keyed hash, never its address", async () => {
    vi.stubEnv("IP_HASH_SECRET", SECRET);
    expect(await stored("203.0.113.77")).toEqual({
      client_ip: null,
      client_network: "203.0.113.0/24",
      client_hash: HASH_V4,
    });
    expect(await stored("2001:db8:1:2:3:4:5:6")).toEqual({
      client_ip: null,
      client_network: "2001:db8:1:2::/64",
      client_hash: HASH_V6,
    });
  });

  it("keeps only the network where the deploy has no IP_HASH_SECRET", async () => {
    vi.stubEnv("IP_HASH_SECRET", "");
    expect(await stored("203.0.113.77")).toEqual({
      client_ip: null,
      client_network: "203.0.113.0/24",
      client_hash: null,
    });
  });
});
