/** PGlite's frequent statements run prepared, with the answers and errors of an unprepared run. */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDataError } from "~/lib/db/data-errors";
import { type Db, openDb } from "~/lib/db/db.server";

let db: Db;

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
  await sql`create table prepared_probe (id int primary key, label text not null, at timestamptz)`.execute(
    db,
  );
});
afterAll(async () => {
  await db.destroy();
});

const prepared = async () =>
  (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db)).rows.map(
    (row) => row.name,
  );

const insert = (id: number | string, label: string) =>
  sql<{ id: number; label: string; at: Date }>`
    insert into prepared_probe (id, label, at) values (${id}::int, ${label}, ${new Date(Date.UTC(2026, 0, id === "x" ? 1 : Number(id)))})
    returning id, label, at`.execute(db);

describe("frequent statements on PGlite", () => {
  it("prepares a statement from its third run and answers the same rows and types", async () => {
    const before = await prepared();
    const answers = [];
    for (let id = 1; id <= 5; id++) answers.push((await insert(id, `label ${id}`)).rows[0]);
    expect(answers.map((row) => row?.id)).toEqual([1, 2, 3, 4, 5]);
    expect(answers[4]).toEqual({ id: 5, label: "label 5", at: new Date("2026-01-05T00:00:00.000Z") });
    expect((await prepared()).length).toBe(before.length + 1);
  });

  it("reports a prepared statement's errors with their Postgres codes", async () => {
    const error = await insert("x", "not a number").catch((caught: unknown) => caught);
    expect(isDataError(error)).toBe(true);
    expect((error as { code: string }).code).toBe("22P02");
    const duplicate = await insert(1, "again").catch((caught: unknown) => caught);
    expect((duplicate as { code: string }).code).toBe("23505");
    // The session is usable after both.
    expect((await insert(6, "after")).rows[0]?.label).toBe("after");
  });

  it("runs a prepared text again after the schema under it changed", async () => {
    const select = () =>
      sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(db);
    for (let i = 0; i < 4; i++) await select();
    await sql`alter table prepared_probe add column note text default 'added'`.execute(db);
    expect((await select()).rows[0]).toMatchObject({ id: 1, label: "label 1", note: "added" });
  });
});
