/**
 * The rules of the privacy tools (Privacy Act 1988, Australian Privacy Principles): who a request
 * is about, which command an operator asked for, and what an erasure leaves behind. Pure: the
 * database work is in person.server.ts and offboard.server.ts.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { SLUG_PATTERN } from "~/lib/slug";

/**
 * One person, as a request names them: an email, an Australian phone, or both (rows matching
 * either are theirs). Emails compare lower-cased, phones in E.164, as the forms store them.
 */
export interface Person {
  email: string | null;
  phone: string | null;
}

export type PersonCheck = { ok: true; person: Person } | { ok: false; error: string };

export function personOf(input: { email?: string | null; phone?: string | null }): PersonCheck {
  const email = input.email?.trim().toLowerCase() || null;
  const phoneText = input.phone?.trim() || null;
  if (!email && !phoneText)
    return { ok: false, error: "Name the person: --email <address> and/or --phone <number>." };
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email))
    return { ok: false, error: `"${email}" is not an email address.` };
  let phone: string | null = null;
  if (phoneText) {
    const parsed = parsePhoneNumberFromString(phoneText, "AU");
    if (!parsed?.isValid()) return { ok: false, error: `"${phoneText}" is not a phone number.` };
    phone = parsed.number;
  }
  return { ok: true, person: { email, phone } };
}

/** What stands in for an erased value in a row that must stay (a payment record, an account). */
export const ERASED = "erased";

export type PrivacyAction = "export" | "delete" | "offboard";

export interface PrivacyCommand {
  action: PrivacyAction;
  tenant: string;
  person: Person | null;
  /** Without it nothing is changed: the command says what it would do. */
  apply: boolean;
  /** Where the export goes: a file (export, delete) or a folder (offboard); stdout when absent. */
  out: string | null;
  /** The request's own reference (a ticket or letter number), kept in the log. */
  reference: string | null;
}

export const PRIVACY_USAGE = [
  "Usage:",
  "  npm run privacy -- export   --tenant <slug> (--email <address> | --phone <number>)... [--out file.json] [--ref <reference>]",
  "  npm run privacy -- delete   --tenant <slug> (--email <address> | --phone <number>)... [--apply] [--ref <reference>]",
  "  npm run privacy -- offboard --tenant <slug> --out <folder> [--apply] [--ref <reference>]",
  "Runs against DATABASE_URL (the owner's or the tenant's own role), else the local database.",
  "delete and offboard change nothing without --apply: they print what they would do.",
].join("\n");

export type CommandCheck = { ok: true; command: PrivacyCommand } | { ok: false; error: string };

/** Reads `npm run privacy -- …` arguments. */
export function parsePrivacyCommand(argv: readonly string[]): CommandCheck {
  const [action, ...rest] = argv;
  if (action !== "export" && action !== "delete" && action !== "offboard")
    return { ok: false, error: action ? `Unknown action "${action}".` : "Name an action." };
  const values: Record<string, string> = {};
  let apply = false;
  for (let i = 0; i < rest.length; i += 1) {
    const flag = rest[i] as string;
    if (flag === "--apply") {
      apply = true;
      continue;
    }
    const name = {
      "--tenant": "tenant",
      "--email": "email",
      "--phone": "phone",
      "--out": "out",
      "--ref": "ref",
    }[flag];
    const value = rest[i + 1];
    if (!name) return { ok: false, error: `Unknown option "${flag}".` };
    if (value === undefined || value.startsWith("--")) return { ok: false, error: `${flag} needs a value.` };
    if (name in values) return { ok: false, error: `${flag} given twice.` };
    values[name] = value;
    i += 1;
  }
  const tenant = values.tenant ?? "";
  if (!SLUG_PATTERN.test(tenant)) return { ok: false, error: "--tenant <slug> names the dealer." };
  if (action === "export" && apply)
    return { ok: false, error: "export changes nothing; --apply is for delete and offboard." };
  let person: Person | null = null;
  if (action === "offboard") {
    if (values.email || values.phone)
      return { ok: false, error: "offboard takes the whole tenant, not a person." };
    if (!values.out) return { ok: false, error: "offboard needs --out <folder> for the tenant's export." };
  } else {
    const check = personOf({ email: values.email, phone: values.phone });
    if (!check.ok) return check;
    person = check.person;
  }
  return {
    ok: true,
    command: { action, tenant, person, apply, out: values.out ?? null, reference: values.ref ?? null },
  };
}
