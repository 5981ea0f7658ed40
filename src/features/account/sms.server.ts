/**
 * Where sign-in codes go (docs/architecture.md §6: an SMS adapter; a console adapter locally).
 * SMS_WEBHOOK_URL set: each text is POSTed there as JSON `{ tenant, to, body }` (an SMS gateway or
 * the dealer group's own service), signed with SMS_WEBHOOK_SECRET in `x-webhook-signature` so the
 * gateway can refuse texts that did not come from us; deployed, only to https: and only signed. Unset and running locally: the text is printed and appended to
 * `<DATA_DIR>/sms-outbox.jsonl`, so a developer (or a test) can read the code. Deployed without a
 * gateway: none, and sign-in answers that it is unavailable rather than sending codes nowhere.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { isDeployed } from "~/lib/deployed";
import { localStandInsAllowed } from "~/server/deploy";
import { NO_REDIRECTS, redirectRefusal } from "~/server/outbound";
import { signatureHeader } from "~/server/signature";

export interface SmsMessage {
  tenant: string;
  /** E.164. */
  to: string;
  body: string;
}

export interface SmsAdapter {
  name: string;
  send(message: SmsMessage): Promise<void>;
}

export const SMS_OUTBOX_FILE = "sms-outbox.jsonl";

export function consoleSmsAdapter(outboxFile: string | null): SmsAdapter {
  return {
    name: "console",
    async send(message) {
      console.log(`[sms] to ${message.to} (${message.tenant}): ${message.body}`);
      if (!outboxFile) return;
      mkdirSync(path.dirname(outboxFile), { recursive: true });
      appendFileSync(outboxFile, `${JSON.stringify({ ...message, sent_at: new Date().toISOString() })}\n`);
    },
  };
}

export function webhookSmsAdapter(
  url: string,
  secret: string | null = null,
  timeoutMs = 8000,
  fetcher: typeof fetch = fetch,
): SmsAdapter {
  return {
    name: "webhook",
    async send(message) {
      const body = JSON.stringify(message);
      const response = await fetcher(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(secret ? { "x-webhook-signature": signatureHeader(secret, body, new Date()) } : {}),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        ...NO_REDIRECTS,
      });
      await response.body?.cancel().catch(() => {});
      const redirect = redirectRefusal(response, "The SMS gateway");
      if (redirect) throw new Error(redirect);
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export function smsAdapterFromEnv(env: NodeJS.ProcessEnv = process.env): SmsAdapter | null {
  if (env.SMS_WEBHOOK_URL) {
    const secret = env.SMS_WEBHOOK_SECRET || null;
    if (isDeployed(env) && (!env.SMS_WEBHOOK_URL.startsWith("https://") || !secret)) {
      // Codes are the keys to shoppers' accounts: never sent in clear or unsigned from production.
      console.error(
        "[sms] SMS_WEBHOOK_URL must be https: and SMS_WEBHOOK_SECRET set; sign-in is off until then",
      );
      return null;
    }
    return webhookSmsAdapter(env.SMS_WEBHOOK_URL, secret);
  }
  // Deployed, or a local server open to the network: no gateway means no sign-in, never codes
  // printed where they could reach someone else.
  if (!localStandInsAllowed(env)) return null;
  const dataDir = env.DATA_DIR || ".data";
  if (dataDir === "memory") return consoleSmsAdapter(null);
  // Not path.resolve(dataDir, SMS_OUTBOX_FILE): Netlify's file tracer reads that as "this file
  // anywhere" and walks the whole project, built pages included, for every function it bundles.
  return consoleSmsAdapter(path.join(path.resolve(dataDir), SMS_OUTBOX_FILE));
}
