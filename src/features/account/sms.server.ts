/**
 * Where sign-in codes go (ARCHITECTURE §6: an SMS adapter; a console adapter locally).
 * SMS_WEBHOOK_URL set: each text is POSTed there as JSON `{ tenant, to, body }` (an SMS gateway or
 * the dealer group's own service). Unset and running locally: the text is printed and appended to
 * `<DATA_DIR>/sms-outbox.jsonl`, so a developer (or a test) can read the code. Deployed without a
 * gateway: none, and sign-in answers that it is unavailable rather than sending codes nowhere.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";

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

export function webhookSmsAdapter(url: string, timeoutMs = 8000): SmsAdapter {
  return {
    name: "webhook",
    async send(message) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export function smsAdapterFromEnv(env: NodeJS.ProcessEnv = process.env): SmsAdapter | null {
  if (env.SMS_WEBHOOK_URL) return webhookSmsAdapter(env.SMS_WEBHOOK_URL);
  if (env.AWS_LAMBDA_FUNCTION_NAME) return null;
  const dataDir = env.DATA_DIR || ".data";
  return consoleSmsAdapter(dataDir === "memory" ? null : path.resolve(dataDir, SMS_OUTBOX_FILE));
}
