/**
 * The local SMTP server behind `npm start`: it accepts every message (no auth, loopback only) and
 * writes it as an .eml file under `<DATA_DIR>/mail/`, so a newcomer can open the emails a lead
 * produced (ADF by email) without a real mail server. Given a certificate it speaks TLS the way a
 * deployed site's mail server does: STARTTLS offered and required before any message (or, with
 * `implicit`, TLS from the first byte, as smtps: is), so tests can show mail goes out encrypted.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface MailSink {
  url: string;
  dir: string;
  /** Each MAIL FROM the sink was sent, and whether its connection was encrypted by then. */
  mailFrom: { secure: boolean }[];
  close(): Promise<void>;
}

export interface MailSinkTls {
  key: string | Buffer;
  cert: string | Buffer;
  /** TLS from the first byte (smtps:), instead of STARTTLS. */
  implicit?: boolean;
}

export async function startMailSink(dir: string, port = 0, tls?: MailSinkTls): Promise<MailSink> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const mailFrom: { secure: boolean }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: tls ? ["AUTH"] : ["STARTTLS", "AUTH"],
    logger: false,
    size: 5 * 1024 * 1024,
    ...(tls ? { key: tls.key, cert: tls.cert, secure: tls.implicit === true } : {}),
    onMailFrom(_address, session, callback) {
      mailFrom.push({ secure: session.secure });
      // RFC 3207: a server that requires TLS answers 530 until the client has upgraded.
      if (tls && !session.secure) {
        callback(Object.assign(new Error("Must issue a STARTTLS command first"), { responseCode: 530 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const id = /^Message-ID:\s*<([^>]+)>/im.exec(raw.toString("utf8"))?.[1] ?? `message-${count}`;
        count += 1;
        const file = `${new Date().toISOString().replaceAll(":", "-")}-${id.replace(/[^\w.@-]+/g, "_")}.eml`;
        writeFileSync(path.join(dir, file), raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = (server.server.address() as AddressInfo).port;
  return {
    url: `${tls?.implicit ? "smtps" : "smtp"}://127.0.0.1:${address}`,
    dir,
    mailFrom,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
