/**
 * Everything a pass needs to reach a tenant's CRM, from the environment and the tenant's published
 * snapshot (the one run-time source of a tenant's config): its channels (channels.server.ts), the
 * webhook signing secret, the sender of its ADF emails and the ADF/XML of its leads (with the car
 * and location each is about). The outbox works these out once per tenant per pass, reading the
 * snapshot once, and each lead's ADF document once however many channels take it.
 */
import { isDeployed } from "~/lib/deployed";
import { tenantSnapshot } from "~/tenant/snapshot.server";
import type { TenantData } from "~/tenant/tenant.server";
import { adfContextFor } from "./adf/context";
import { adfXml } from "./adf/document";
import { type CrmChannel, crmChannels, crmWebhookSecret } from "./channels.server";
import { type Mailer, smtpMailer } from "./mail.server";
import type { OutboxLead } from "./send.server";

/** How one tenant's leads reach its CRM during one pass. */
export interface TenantReceivers {
  channels: CrmChannel[];
  /** The secret its requests are signed with; null sends them unsigned (local only). */
  secret: string | null;
  /** The sender of its ADF emails. */
  from: string;
  /** The ADF/XML document of one of its leads. */
  adf: (lead: OutboxLead) => string;
}

/**
 * The receivers of a tenant, from `env` and its published snapshot. Leads are only taken for a
 * published tenant, so a missing snapshot is a deploy fault: its ADF rows fail and are retried
 * once it is back.
 */
export function tenantReceivers(tenant: string, env: NodeJS.ProcessEnv = process.env): TenantReceivers {
  const data = tenantSnapshot(tenant, env);
  const documents = new Map<string, string>();
  return {
    channels: crmChannels(tenant, env, data),
    secret: crmWebhookSecret(tenant, env),
    from: senderOf(env, data),
    adf: (lead) => {
      let xml = documents.get(lead.id);
      if (xml === undefined) {
        xml = adfForLead(lead, data);
        documents.set(lead.id, xml);
      }
      return xml;
    },
  };
}

/**
 * The ADF document of a lead, with its dealership, car and location from its tenant's published
 * snapshot.
 */
function adfForLead(lead: OutboxLead, data: TenantData | null): string {
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
function senderOf(env: NodeJS.ProcessEnv, data: TenantData | null): string {
  if (env.SMTP_FROM) return env.SMTP_FROM;
  const url = data?.site.url;
  const host = url ? new URL(url).hostname.replace(/^www\./, "") : "localhost";
  return `leads@${host}`;
}

/** SMTP from `SMTP_URL`; deployed, TLS is required. Null when none is configured. */
export function mailerFromEnv(env: NodeJS.ProcessEnv = process.env): Mailer | null {
  return env.SMTP_URL ? smtpMailer(env.SMTP_URL, { requireTls: isDeployed(env) }) : null;
}
