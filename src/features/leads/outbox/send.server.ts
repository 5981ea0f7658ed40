/**
 * Sending one lead down one CRM channel: the JSON webhook, ADF/XML by HTTP, or ADF/XML by
 * email. Each throws a `SendError` that says whether a retry could help, so the outbox can
 * retry what is passing and park what the receiver will never take.
 */
import { NO_REDIRECTS, redirectRefusal } from "~/server/outbound";
import { signatureHeader } from "~/server/signature";
import type { CrmChannel } from "./channels.server";
import { DELIVERY_CHECK_KIND } from "./delivery-check";
import { MailError, type Mailer } from "./mail.server";

/** The JSON body the CRM receives. */
export interface CrmPayload {
  lead_id: string;
  tenant: string;
  kind: string;
  fields: Record<string, unknown>;
  created_at: string;
  /** Only on the daily delivery check (delivery-check.ts): a test, not a shopper. */
  test?: true;
}

/** A stored lead, as the outbox reads it. */
export interface OutboxLead {
  id: string;
  tenant: string;
  kind: string;
  fields: Record<string, unknown>;
  created_at: Date;
}

export const OUTBOUND_SIGNATURE_HEADER = "x-webhook-signature";

/** Refusals that no retry will fix (the CRM rejects the request itself); 408 and 429 are not. */
export const isPermanentStatus = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** Nothing could ever send this row (its lead or channel is gone): park it at once. */
    readonly parkNow = false,
  ) {
    super(message);
  }
}

export interface ChannelSendOptions {
  /** Deployed: only https: receivers and signed requests; mail over TLS. */
  deployed: boolean;
  secret: string | null;
  fetch: typeof fetch;
  timeoutMs: number;
  signal?: AbortSignal;
  now: Date;
  /** The ADF/XML document of a lead (its tenant's receivers.server.ts `adf`). */
  adf?: (lead: OutboxLead) => string;
  /** SMTP, for ADF by email; absent where no mail server is configured (the lead waits). */
  mailer?: Mailer | null;
  /** The sender of the tenant's ADF emails (`SMTP_FROM`, else leads@ the site's domain). */
  from?: string;
}

/** Why a receiver address may not be called from here, or null when it may. */
export function targetProblem(url: string, secret: string | null, deployed: boolean): string | null {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return `The CRM webhook "${url}" is not a URL`;
  }
  if (deployed && protocol !== "https:") return "A deployed site sends leads only to an https: CRM webhook";
  if (protocol !== "https:" && protocol !== "http:")
    return `The CRM webhook must be https: (got ${protocol})`;
  if (deployed && !secret) return "Set CRM_WEBHOOK_SECRET so the CRM can verify deliveries";
  return null;
}

async function post(
  url: string,
  body: string,
  contentType: string,
  lead: OutboxLead,
  options: ChannelSendOptions,
): Promise<void> {
  const problem = targetProblem(url, options.secret, options.deployed);
  if (problem) throw new Error(problem);
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  const response = await options.fetch(url, {
    method: "POST",
    headers: {
      "content-type": contentType,
      // Receivers that understand idempotency keys dedupe for free.
      "idempotency-key": lead.id,
      "user-agent": "dealer-sites-leads/1",
      ...(options.secret
        ? { [OUTBOUND_SIGNATURE_HEADER]: signatureHeader(options.secret, body, options.now) }
        : {}),
    },
    body,
    signal: AbortSignal.any(signals),
    ...NO_REDIRECTS,
  });
  const redirect = redirectRefusal(response, "The CRM");
  if (redirect) {
    await response.body?.cancel().catch(() => {});
    throw new SendError(redirect, true);
  }
  if (!response.ok) {
    const text = (await response.text().catch(() => "")).slice(0, 200);
    throw new SendError(
      `HTTP ${response.status}${text ? `: ${text}` : ""}`,
      isPermanentStatus(response.status),
    );
  }
  await response.body?.cancel().catch(() => {});
}

function adf(lead: OutboxLead, options: ChannelSendOptions): string {
  if (!options.adf) throw new Error("ADF is not available in this process");
  return options.adf(lead);
}

/** A one-line subject a person scanning the lead inbox can read. */
function subjectOf(lead: OutboxLead): string {
  const name = [lead.fields.name, lead.fields.last_name]
    .filter((part) => typeof part === "string" && part)
    .join(" ");
  if (lead.kind === DELIVERY_CHECK_KIND) return "TEST: daily delivery check, do not action";
  const what = lead.kind.replaceAll("_", " ");
  return `New ${what} lead${name ? ` from ${name}` : ""}`.replace(/[\r\n]+/g, " ").slice(0, 150);
}

/** Sends `lead` down `channel`; resolves once the receiver has accepted it. */
export async function sendToChannel(
  channel: CrmChannel,
  lead: OutboxLead,
  options: ChannelSendOptions,
): Promise<void> {
  if (channel.type === "webhook") {
    if (!channel.url)
      throw new Error(`No CRM webhook configured for tenant "${lead.tenant}" (set CRM_WEBHOOK_URL)`);
    const payload: CrmPayload = {
      lead_id: lead.id,
      tenant: lead.tenant,
      kind: lead.kind,
      fields: lead.fields,
      created_at: lead.created_at.toISOString(),
      ...(lead.kind === DELIVERY_CHECK_KIND ? { test: true as const } : {}),
    };
    return post(channel.url, JSON.stringify(payload), "application/json", lead, options);
  }
  if (channel.type === "adf-http")
    return post(channel.url, adf(lead, options), "application/x-adf+xml", lead, options);
  if (!options.mailer) throw new Error("No mail server configured for ADF email (set SMTP_URL)");
  const xml = adf(lead, options);
  const from = options.from ?? "leads@localhost";
  try {
    await options.mailer.send({
      from,
      to: channel.to,
      cc: channel.cc,
      subject: subjectOf(lead),
      // CRMs read the ADF document from the body; people and archives get it attached too.
      text: xml,
      messageId: `<${lead.id}.${channel.key}@${from.split("@")[1] ?? "localhost"}>`,
      attachments: [{ filename: "lead.xml", content: xml, contentType: "application/xml" }],
    });
  } catch (error) {
    if (error instanceof MailError) throw new SendError(error.message, error.permanent);
    throw error;
  }
}
