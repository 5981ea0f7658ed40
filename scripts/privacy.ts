/**
 * `npm run privacy -- export|delete|offboard --tenant <slug> …`: the operator's tool for access
 * and erasure requests (APP 12, APP 13, APP 11.2) and for a dealer leaving the platform. See the
 * README's "Privacy requests" for the procedure. Runs against DATABASE_URL (the owner's role, or
 * the tenant's own, whose row security keeps it inside that tenant), else the local database.
 *
 * delete and offboard change nothing without --apply. Every applied change and every export is
 * written to the privacy log (table privacy_requests) and to stderr; stdout carries only the export.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { sql } from "kysely";
import { logPrivacyRequest } from "~/features/privacy/log.server";
import { deleteTenant, exportTenant } from "~/features/privacy/offboard.server";
import { erasePerson, exportPerson, findPerson, planErasure } from "~/features/privacy/person.server";
import { PRIVACY_USAGE, parsePrivacyCommand } from "~/features/privacy/privacy";
import { dbTarget, describeTarget, openDb } from "~/lib/db/db.server";
import { isTenantRole, tenantRoleName } from "~/lib/db/tenant-roles.server";

const parsed = parsePrivacyCommand(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`${parsed.error}\n\n${PRIVACY_USAGE}`);
  process.exit(2);
}
const { command } = parsed;
const operator = process.env.PRIVACY_OPERATOR || os.userInfo().username;
const target = dbTarget();
const db = await openDb(target);
const at = new Date();
// A tenant's role sees only its own rows: asked about another tenant it would find nobody and say
// so, which reads as "no data held". Refuse instead.
const { rows } = await sql<{ role: string }>`select current_user::text as role`.execute(db);
const role = rows[0]?.role ?? "";
if (isTenantRole(role) && role !== tenantRoleName(command.tenant)) {
  console.error(
    `This DATABASE_URL is ${role}'s: ${role} can reach only ${role.slice(7).replaceAll("_", "-")}'s rows.`,
  );
  await db.destroy();
  process.exit(2);
}
const log = (counts: Record<string, unknown>, applied: boolean) =>
  logPrivacyRequest(db, {
    tenant: command.tenant,
    action: command.action,
    applied,
    counts,
    operator,
    reference: command.reference,
    at,
  });
const say = (line: string) => console.error(`[privacy] ${line}`);

try {
  say(`${command.action} on ${command.tenant} in ${describeTarget(target)} by ${operator}`);
  if (command.action === "export" && command.person) {
    const data = await exportPerson(db, command.tenant, command.person, at);
    const json = `${JSON.stringify(data, null, 2)}\n`;
    if (command.out) writeFileSync(command.out, json);
    else process.stdout.write(json);
    const counts = Object.fromEntries(
      Object.entries(data.tables).map(([table, rows]) => [table, rows.length]),
    );
    await log(counts, true);
    for (const [table, n] of Object.entries(counts)) if (n) say(`  ${table}: ${n} rows`);
    say(`exported${command.out ? ` to ${command.out}` : ""}; logged`);
  } else if (command.action === "delete" && command.person) {
    const counts = command.apply
      ? await erasePerson(db, command.tenant, command.person, at)
      : planErasure(await findPerson(db, command.tenant, command.person)).counts;
    for (const [table, c] of Object.entries(counts)) {
      if (c.found)
        say(`  ${table}: ${c.found} found, ${c.deleted} deleted, ${c.anonymised} anonymised, ${c.kept} kept`);
    }
    if (command.apply) {
      await log(counts, true);
      say("erased; logged");
    } else say("dry run: nothing changed (add --apply to erase)");
  } else if (command.action === "offboard" && command.out) {
    const before = await exportTenant(db, command.tenant, command.out);
    say(`exported to ${command.out}`);
    const after = command.apply ? await deleteTenant(db, command.tenant) : null;
    for (const [table, n] of Object.entries(before))
      say(`  ${table}: ${n} rows${after ? ` before, ${after[table as keyof typeof after]} after` : ""}`);
    if (after) {
      await log({ before, after }, true);
      say("tenant's rows deleted; logged");
    } else say("dry run: nothing deleted (add --apply to delete the tenant's rows)");
  }
} catch (error) {
  say(`failed, nothing changed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
