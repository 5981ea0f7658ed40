/**
 * One person's data in one tenant (APP 12 access, APP 13 correction by erasure, APP 11.2
 * destruction on request): every row of every table that names them by email or phone, or hangs
 * off such a row (a lead's outbox rows, an account's sessions, watchlist, garage and holds).
 *
 * Each table is read with an explicit `tenant = …`, so the owner role touches only that tenant,
 * and under the tenant's own role row security would refuse anything else anyway.
 *
 * What an erasure leaves, and why:
 * - unsubscribes stay whole, with the notice lead that told the CRM: they are what keeps the
 *   address off the dealer's lists (Spam Act 2003 s 18); erasing them would make the next
 *   campaign message the person again.
 * - payments stay for the dealer's financial records (which the law requires to be kept), with the
 *   name, email and phone replaced by "erased" and the lead link cut; the reservation a deposit
 *   bought stays (it names no one), and so does the account it points to, its phone replaced.
 * - everything else (leads and their outbox rows, spins, accounts, sessions, watchlist, garage,
 *   sign-in codes, the rate-limit buckets named after the phone) is deleted.
 * Phone reveals and car views never name a person (a network and a counter), so they are not theirs.
 */
import { type RawBuilder, sql } from "kysely";
import type { Db } from "~/lib/db/db.server";
import { ERASED, type Person } from "./privacy";

/** The tables a person's rows can be in, in the order an export lists them. */
export const PERSON_TABLES = [
  "leads",
  "lead_outbox",
  "unsubscribes",
  "spins",
  "users",
  "sessions",
  "watchlist",
  "garage_vehicles",
  "sign_in_codes",
  "payments",
  "reservations",
  "rate_limits",
] as const;
export type PersonTable = (typeof PERSON_TABLES)[number];

export type PersonRows = Record<PersonTable, Record<string, unknown>[]>;

export interface PersonExport {
  tenant: string;
  person: Person;
  exported_at: string;
  tables: PersonRows;
}

/** Per table: rows found, and what an erasure does (or would do) with them. */
export type ErasureCounts = Record<
  PersonTable,
  { found: number; deleted: number; anonymised: number; kept: number }
>;

/** `column in (…ids)`, false for no ids. */
const inList = (column: string, ids: readonly string[]) =>
  ids.length ? sql`${sql.ref(column)} in (${sql.join(ids)})` : sql`false`;

const byEmail = (column: RawBuilder<unknown>, person: Person) =>
  person.email ? sql`lower(${column}) = ${person.email}` : sql`false`;
const byPhone = (column: RawBuilder<unknown>, person: Person) =>
  person.phone ? sql`${column} = ${person.phone}` : sql`false`;

async function rows(db: Db, query: RawBuilder<unknown>): Promise<Record<string, unknown>[]> {
  return (await query.execute(db)).rows as Record<string, unknown>[];
}

const ids = (list: Record<string, unknown>[], column = "id") => list.map((row) => String(row[column]));

/** Every row of `person` in `tenant`, per table. */
export async function findPerson(db: Db, tenant: string, person: Person): Promise<PersonRows> {
  const leads = await rows(
    db,
    sql`select * from leads where tenant = ${tenant}
      and (${byEmail(sql.raw("fields->>'email'"), person)} or ${byPhone(sql.raw("fields->>'phone'"), person)})
      order by created_at, id`,
  );
  const leadIds = ids(leads);
  const payments = await rows(
    db,
    sql`select * from payments where tenant = ${tenant}
      and (${byEmail(sql.ref("email"), person)} or ${byPhone(sql.ref("phone"), person)})
      order by created_at, id`,
  );
  // An account is theirs by its phone, or because it made a payment in their name.
  const users = await rows(
    db,
    sql`select * from users where tenant = ${tenant}
      and (${byPhone(sql.ref("phone"), person)} or ${inList("id", ids(payments, "user_id"))})
      order by created_at, id`,
  );
  const userIds = ids(users);
  const ofUsers = (table: string) =>
    rows(
      db,
      sql`select * from ${sql.table(table)} where tenant = ${tenant} and ${inList("user_id", userIds)}
        order by created_at`,
    );
  // Payments of their account made under another email are theirs too.
  const accountPayments = await rows(
    db,
    sql`select * from payments where tenant = ${tenant} and ${inList("user_id", userIds)}
      and not ${inList("id", ids(payments))} order by created_at, id`,
  );
  const allPayments = [...payments, ...accountPayments];
  return {
    leads,
    lead_outbox: await rows(
      db,
      sql`select * from lead_outbox where tenant = ${tenant} and ${inList("lead_id", leadIds)}
        order by created_at, lead_id, channel`,
    ),
    unsubscribes: await rows(
      db,
      sql`select * from unsubscribes where tenant = ${tenant}
        and (${byEmail(sql.ref("email"), person)} or ${byPhone(sql.ref("phone"), person)}) order by created_at`,
    ),
    spins: await rows(
      db,
      sql`select * from spins where tenant = ${tenant}
        and (${byPhone(sql.ref("phone"), person)} or ${inList("lead_id", leadIds)}) order by created_at`,
    ),
    users,
    sessions: await ofUsers("sessions"),
    watchlist: await ofUsers("watchlist"),
    garage_vehicles: await ofUsers("garage_vehicles"),
    sign_in_codes: await rows(
      db,
      sql`select * from sign_in_codes where tenant = ${tenant} and ${byPhone(sql.ref("phone"), person)}`,
    ),
    payments: allPayments,
    reservations: await rows(
      db,
      sql`select * from reservations where tenant = ${tenant}
        and (${inList("user_id", userIds)} or ${inList("payment_id", ids(allPayments))}) order by created_at`,
    ),
    // Buckets are "<what>:<tenant>:<who>"; the sign-in ones name the phone.
    rate_limits: await rows(
      db,
      sql`select * from rate_limits where split_part(bucket, ':', 2) = ${tenant}
        and ${byPhone(sql.raw("split_part(bucket, ':', 3)"), person)} order by bucket, window_start`,
    ),
  };
}

/** The export an access request is answered with (APP 12): every row, as stored. */
export async function exportPerson(db: Db, tenant: string, person: Person, now: Date): Promise<PersonExport> {
  return { tenant, person, exported_at: now.toISOString(), tables: await findPerson(db, tenant, person) };
}

/** What an erasure does with each found row (see the file's head), without doing it. */
export function planErasure(found: PersonRows): { counts: ErasureCounts; keptLeadIds: string[] } {
  const keptLeadIds = found.unsubscribes.map((row) => String(row.lead_id));
  const kept = new Set(keptLeadIds);
  const heldUsers = new Set([
    ...found.payments.map((row) => String(row.user_id)),
    ...found.reservations.map((row) => String(row.user_id)),
  ]);
  const counts = {} as ErasureCounts;
  for (const table of PERSON_TABLES) {
    const list = found[table];
    const entry = { found: list.length, deleted: list.length, anonymised: 0, kept: 0 };
    if (table === "leads") {
      entry.kept = list.filter((row) => kept.has(String(row.id))).length;
      entry.deleted = list.length - entry.kept;
    } else if (table === "lead_outbox") {
      entry.kept = list.filter((row) => kept.has(String(row.lead_id))).length;
      entry.deleted = list.length - entry.kept;
    } else if (table === "unsubscribes" || table === "reservations") {
      entry.kept = list.length;
      entry.deleted = 0;
    } else if (table === "payments") {
      entry.anonymised = list.length;
      entry.deleted = 0;
    } else if (table === "users") {
      entry.anonymised = list.filter((row) => heldUsers.has(String(row.id))).length;
      entry.deleted = list.length - entry.anonymised;
    }
    counts[table] = entry;
  }
  return { counts, keptLeadIds };
}

/**
 * Erases `person` in `tenant` as planErasure says, in one transaction (all or nothing), and returns
 * the counts. Rows found are found again inside the transaction, so a lead stored meanwhile is
 * erased too.
 */
export async function erasePerson(db: Db, tenant: string, person: Person, now: Date): Promise<ErasureCounts> {
  return db.transaction().execute(async (trx) => {
    const found = await findPerson(trx, tenant, person);
    const { counts, keptLeadIds } = planErasure(found);
    const kept = new Set(keptLeadIds);
    const leadIds = ids(found.leads).filter((id) => !kept.has(id));
    const userIds = ids(found.users);
    const paymentIds = ids(found.payments);
    const heldUsers = [
      ...new Set([...ids(found.payments, "user_id"), ...ids(found.reservations, "user_id")]),
    ];
    const run = (query: RawBuilder<unknown>) => query.execute(trx);

    await run(sql`delete from spins where tenant = ${tenant}
      and (${byPhone(sql.ref("phone"), person)} or ${inList("lead_id", leadIds)})`);
    for (const table of ["sessions", "watchlist", "garage_vehicles"])
      await run(
        sql`delete from ${sql.table(table)} where tenant = ${tenant} and ${inList("user_id", userIds)}`,
      );
    await run(
      sql`delete from sign_in_codes where tenant = ${tenant} and ${byPhone(sql.ref("phone"), person)}`,
    );
    await run(sql`delete from rate_limits where split_part(bucket, ':', 2) = ${tenant}
      and ${byPhone(sql.raw("split_part(bucket, ':', 3)"), person)}`);
    await run(sql`update payments set name = ${ERASED}, last_name = null, email = ${ERASED}, phone = ${ERASED},
      lead_id = null, updated_at = ${now} where tenant = ${tenant} and ${inList("id", paymentIds)}`);
    // Another payment may still point at one of their leads (a checkout lead in their name).
    await run(
      sql`update payments set lead_id = null where tenant = ${tenant} and ${inList("lead_id", leadIds)}`,
    );
    await run(sql`update users set phone = ${ERASED} || ':' || id::text
      where tenant = ${tenant} and ${inList("id", heldUsers)}`);
    await run(sql`delete from users where tenant = ${tenant} and ${inList("id", userIds)}
      and not ${inList("id", heldUsers)}`);
    // Outbox rows go with their lead (on delete cascade).
    await run(sql`delete from leads where tenant = ${tenant} and ${inList("id", leadIds)}`);
    return counts;
  });
}
