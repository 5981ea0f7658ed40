/**
 * One hold per car, on a real PostgreSQL server (PGlite has one connection, so nothing there is
 * ever concurrent): two deposits for one car confirmed at the same moment, on two connections,
 * end with one hold and one payment owed back; the database itself refuses a second hold; and a
 * tenant's own role sees only its own reservations (row security).
 */
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settlePayment } from "~/features/payments/payments.server";
import { reservedUntil } from "~/features/payments/reservations.server";
import { type Db, openDb } from "~/lib/db/db.server";
import { MIGRATIONS, migrateToLatest } from "~/lib/db/migrations";
import { provisionTenantRole, tenantDatabaseUrl } from "~/lib/db/tenant-roles.server";
import { NOW } from "./helpers";
import { type Postgres, startPostgres } from "./leads-helpers";

const TENANT = "race-motors";
let pg: Postgres;
let db: Db;
let userId: string;
beforeAll(async () => {
  pg = await startPostgres();
  db = await openDb({ kind: "postgres", url: pg.url, poolSize: 4 }, { migrate: true });
  userId = randomUUID();
  await sql`insert into users (id, tenant, phone) values (${userId}, ${TENANT}, '+61412555666')`.execute(db);
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  pg?.stop();
});

/** A pending reserve deposit of $500 for `carId`, as POST /api/reservations stores it. */
async function pendingDeposit(carId: number, tenant = TENANT, user = userId): Promise<string> {
  const id = randomUUID();
  await sql`insert into payments (id, tenant, user_id, phone, purpose, reference, amount_cents, name, email,
      status, provider, provider_ref, return_url, car_id, car_slug, car_fields)
    values (${id}, ${tenant}, ${user}, '+61412555666', 'Vehicle deposit', ${`HM${carId}`}, 50000, 'Kim',
      'kim@example.com.au', 'pending', 'stripe', ${`cs_${id}`}, 'https://example.test/', ${carId}, ${`car-${carId}`},
      ${JSON.stringify({ car_id: carId })})`.execute(db);
  return id;
}

const heldCount = async (carId: number) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from reservations
      where tenant = ${TENANT} and car_id = ${carId} and state = 'held'`.execute(db)
  ).rows[0]?.n;

describe("one hold per car, on PostgreSQL", () => {
  it("two deposits confirmed at the same moment: one holds the car, the other is owed back", async () => {
    for (const carId of [301, 302, 303, 304, 305]) {
      const [a, b] = [await pendingDeposit(carId), await pendingDeposit(carId)];
      const outcomes = await Promise.all(
        [a, b].map((id) => settlePayment(db, TENANT, id, "paid", 50000, { paymentRef: `pi_${id}`, at: NOW })),
      );
      expect([...outcomes].sort()).toEqual(["paid", "refund_pending"]);
      const winner = outcomes[0] === "paid" ? a : b;
      expect(await heldCount(carId)).toBe(1);
      const holder = await sql<{ payment_id: string }>`select payment_id from reservations
        where car_id = ${carId}`.execute(db);
      expect(holder.rows).toEqual([{ payment_id: winner }]);
      // Exactly one "deposit paid" notice, for the payment that holds.
      const { rows } = await sql<{ payment_id: string }>`select fields->>'payment_id' as payment_id from leads
        where fields->>'car_id' = ${String(carId)} and fields->>'subcategory' = 'Reserve Online – deposit paid'`.execute(
        db,
      );
      expect(rows).toEqual([{ payment_id: winner }]);
    }
  });

  it("the database refuses a second held row for the car, whatever the code does", async () => {
    const [a, b] = [await pendingDeposit(310), await pendingDeposit(310)];
    const hold = (payment: string) =>
      sql`insert into reservations (id, tenant, car_id, payment_id, user_id, amount_cents, state, paid_at, reserved_until)
        values (${randomUUID()}, ${TENANT}, 310, ${payment}, ${userId}, 50000, 'held', now(), now() + interval '48 hours')`.execute(
        db,
      );
    await hold(a);
    await expect(hold(b)).rejects.toMatchObject({ code: "23505", constraint: "reservations_one_hold" });
  });

  it("a tenant's own role sees and writes only its own reservations", async () => {
    const otherUser = randomUUID();
    await sql`insert into users (id, tenant, phone) values (${otherUser}, 'other-motors', '+61412777888')`.execute(
      db,
    );
    const other = await pendingDeposit(320, "other-motors", otherUser);
    expect(
      await settlePayment(db, "other-motors", other, "paid", 50000, { paymentRef: "pi_o", at: NOW }),
    ).toBe("paid");
    const password = "r".repeat(24);
    await provisionTenantRole(db, TENANT, password);
    const asTenant = await openDb({
      kind: "postgres",
      url: tenantDatabaseUrl(pg.url, TENANT, password),
      poolSize: 1,
    });
    try {
      const seen = await sql<{ tenant: string }>`select distinct tenant from reservations`.execute(asTenant);
      expect(seen.rows).toEqual([{ tenant: TENANT }]);
      await expect(
        sql`update reservations set state = 'cancelled' where tenant = 'other-motors' returning id`.execute(
          asTenant,
        ),
      ).resolves.toMatchObject({ rows: [] });
    } finally {
      await asTenant.destroy();
    }
  });

  it("a tenant role made before this release may read holds once `npm run migrate` has run", async () => {
    // A database of the previous release, with a site already on its own role.
    await sql`create database before_reservations`.execute(db);
    const url = new URL(pg.url);
    url.pathname = "/before_reservations";
    const owner = await openDb({ kind: "postgres", url: url.toString(), poolSize: 1 }, { migrate: false });
    const password = "b".repeat(24);
    try {
      const previous = Object.fromEntries(
        Object.entries(MIGRATIONS).filter(([name]) => name < "2026_11_29_090_reservations"),
      );
      await migrateToLatest(owner as unknown as Kysely<unknown>, previous);
      await provisionTenantRole(owner, TENANT, password);
      await migrateToLatest(owner as unknown as Kysely<unknown>);
    } finally {
      await owner.destroy();
    }
    const site = await openDb({
      kind: "postgres",
      url: tenantDatabaseUrl(url.toString(), TENANT, password),
      poolSize: 1,
    });
    try {
      expect(await reservedUntil(site, TENANT, 301, NOW)).toBeNull();
    } finally {
      await site.destroy();
    }
  });
});
