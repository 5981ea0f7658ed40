/**
 * Everything a delivery worker needs to reach a tenant's CRM, from the environment and the tenant's
 * published snapshot: its channels (channels.server.ts), the webhook signing secret, the ADF/XML of a
 * lead (with the car and location it is about), and SMTP for ADF by email.
 */
import { isDeployed } from "~/lib/deployed";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import { adfContextFor } from "./adf/context";
import { adfXml } from "./adf/document";
import { crmWebhookSecret, deliveryChannels } from "./channels.server";
import { type Mailer, smtpMailer } from "./mail.server";
import type { DeliveryOptions } from "./outbox.server";
import type { OutboxLead } from "./send.server";

/**
 * The ADF document of a lead, with its dealership, car and location from its tenant's published
 * snapshot, the one run-time source of a tenant's config. Leads are only taken for a published
 * tenant, so a missing snapshot is a deploy fault: delivery fails and is retried once it is back.
 */
export function adfForLead(lead: OutboxLead, env: NodeJS.ProcessEnv = process.env): string {
  const data = tenantSnapshot(lead.tenant, env);
  if (!data) throw new Error(`No published snapshot of "${lead.tenant}" to describe the lead's dealership`);
  return adfXml(lead, adfContextFor(data, lead, { valuationFromProvider: valuationFromProvider(lead) }));
}

/**
 * Whether a trade-in's valuation came from a real valuation provider, which names itself on the
 * valuation it stores. The local stand-in names none, and a CRM must never see its figure as an offer.
 */
function valuationFromProvider(lead: OutboxLead): boolean {
  const valuation = lead.fields.valuation;
  const provider =
    valuation && typeof valuation === "object" ? (valuation as { provider?: unknown }).provider : undefined;
  return typeof provider === "string" && provider !== "" && provider !== "local";
}

/** `SMTP_FROM`, else leads@ the site's own domain (which needs SPF, DKIM and DMARC for the mail server). */
export function mailFrom(tenant: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.SMTP_FROM) return env.SMTP_FROM;
  const url = tenantSnapshot(tenant, env)?.site.url;
  const host = url ? new URL(url).hostname.replace(/^www\./, "") : "localhost";
  return `leads@${host}`;
}

/** SMTP from `SMTP_URL`; deployed, TLS is required. Null when none is configured. */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer | null {
  return env.SMTP_URL ? smtpMailer(env.SMTP_URL, { requireTls: isDeployed(env) }) : null;
}

/** Where a tenant's leads go and how, for `startOutboxWorker` / `drainOutbox`. */
export function deliveryTargets(
  env: NodeJS.ProcessEnv = process.env,
): Pick<DeliveryOptions, "channelsFor" | "secretFor" | "adfFor" | "mailer" | "fromFor"> {
  return {
    channelsFor: (tenant) => deliveryChannels(tenant, env),
    secretFor: (tenant) => crmWebhookSecret(tenant, env),
    adfFor: (lead) => adfForLead(lead, env),
    mailer: mailerFromEnv(env),
    fromFor: (tenant) => mailFrom(tenant, env),
  };
}
