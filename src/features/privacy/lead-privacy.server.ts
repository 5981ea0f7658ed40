/**
 * What a lead carries about consent and unsubscribes, added by the server as the lead is taken:
 * the consent record of its form (consent.ts), and, when its email address has unsubscribed from
 * this dealer, when it did, with the opt-in off unless the shopper ticked the box again. The CRM payload and the ADF comments carry
 * both with the lead's other fields, so a dealer's CRM never puts an unsubscribed address back on
 * a list because a later enquiry came in ticked.
 */
import { sql } from "kysely";
import type { Db } from "~/lib/db/db.server";
import type { Site } from "~/tenant/schema";
import { consentRecord } from "./consent";

/** When `email` unsubscribed from `tenant`'s offers, or null. One address however it is typed. */
export async function unsubscribedAt(db: Db, tenant: string, email: unknown): Promise<Date | null> {
  if (typeof email !== "string" || email.trim() === "") return null;
  const { rows } = await sql<{ created_at: Date }>`select created_at from unsubscribes
    where tenant = ${tenant} and email = ${email.trim().toLowerCase()}`.execute(db);
  return rows[0]?.created_at ?? null;
}

/** `fields` with the consent record of `form` and, for an unsubscribed address, the mark. */
export async function withConsent<T extends Record<string, unknown>>(
  db: Db,
  input: {
    tenant: string;
    site: Pick<Site, "opt_in" | "privacy">;
    form: string;
    fields: T;
    /** The `opt_in` the request sent, as sent. */
    optedIn: unknown;
    page: unknown;
    at: Date;
  },
): Promise<T & { opt_in: boolean; consent: ReturnType<typeof consentRecord>; unsubscribed_at?: string }> {
  const { fields } = input;
  const consent = consentRecord(input.site, {
    form: input.form,
    optedIn: input.optedIn,
    page: input.page,
    at: input.at,
  });
  const since = await unsubscribedAt(db, input.tenant, fields.email);
  if (!since) return { ...fields, opt_in: consent.opted_in, consent };
  // Only a box the shopper ticked themselves is a new consent after an unsubscribe; a pre-ticked
  // or absent box leaves the unsubscribe standing.
  const optedIn = consent.opted_in && consent.asked && !consent.pre_ticked;
  return {
    ...fields,
    opt_in: optedIn,
    consent: { ...consent, opted_in: optedIn },
    unsubscribed_at: since.toISOString(),
  };
}
