/**
 * Email out for ADF leads, through SMTP with nodemailer (`SMTP_URL`, e.g.
 * `smtps://user:pass@smtp.example.com:465` or `smtp://…:587`). Deployed, the connection must be
 * TLS (implicit, or STARTTLS required); a shopper's details never cross the internet in clear.
 */
import nodemailer from "nodemailer";

export interface MailMessage {
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  /** Recognisable on a resend: the same lead and channel always carry the same id. */
  messageId: string;
  attachments: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Refusals no retry fixes (SMTP 5xx); 4xx and connection trouble are worth another try. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export function smtpMailer(url: string, options: { requireTls: boolean; timeoutMs?: number }): Mailer {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const transport = nodemailer.createTransport({
    url,
    secure,
    requireTLS: options.requireTls && !secure,
    connectionTimeout: options.timeoutMs ?? 10_000,
    greetingTimeout: options.timeoutMs ?? 10_000,
    socketTimeout: options.timeoutMs ?? 10_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: message.from,
          to: message.to,
          cc: message.cc.length ? message.cc : undefined,
          subject: message.subject,
          text: message.text,
          messageId: message.messageId,
          attachments: message.attachments,
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const text = (error as Error).message.slice(0, 200);
        throw new MailError(
          code ? `SMTP ${code}: ${text}` : `SMTP: ${text}`,
          code !== undefined && code >= 500,
        );
      }
    },
  };
}
