/**
 * Migration 2026_11_29_060_client_network_not_address, in its own file to keep history.ts short;
 * history all the same: never edit it once shipped.
 */
import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * Leads and phone reveals keep the client's network (IPv4 /24, IPv6 /64) and, where the deploy
 * has IP_HASH_SECRET, a keyed hash of its address, never the address (src/server/client-record.ts).
 * New columns rather than a different meaning for `client_ip`: a reader of `client_ip` is owed an
 * address, and the previous release, still running on sites not yet rebuilt, keeps writing one
 * there until a later release drops the column. The addresses already stored become their
 * networks here; nothing reads `client_ip`, so clearing it contracts nothing released code needs.
 */
export const clientNetworkNotAddress: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ["leads", "phone_reveals"]) {
      await db.schema.alterTable(table).addColumn("client_network", "text").execute();
      await db.schema.alterTable(table).addColumn("client_hash", "text").execute();
    }
    // An address as it came (a header's text), read as clientNetwork reads it; anything Postgres
    // cannot read as an address is dropped.
    await sql`create function pg_temp.client_network(address text) returns text language plpgsql as $$
      declare a inet;
      begin
        a := split_part(btrim(address), '%', 1)::inet; -- a zone (fe80::1%eth0) names an interface
        if family(a) = 6 and a << '::ffff:0:0/96'::inet then
          a := '0.0.0.0'::inet + (a - '::ffff:0.0.0.0'::inet);
        end if;
        return network(set_masklen(a, case family(a) when 4 then 24 else 64 end))::text;
      exception when others then
        return null;
      end $$`.execute(db);
    for (const table of ["leads", "phone_reveals"]) {
      await sql`update ${sql.table(table)} set client_network = pg_temp.client_network(client_ip), client_ip = null
        where client_ip is not null`.execute(db);
    }
    await sql`drop function pg_temp.client_network(text)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of ["leads", "phone_reveals"]) {
      await db.schema.alterTable(table).dropColumn("client_hash").execute();
      await db.schema.alterTable(table).dropColumn("client_network").execute();
    }
  },
};
