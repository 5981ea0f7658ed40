/**
 * The local SMTP server behind `npm start`: it accepts every message (no auth, loopback only) and
 * writes it as an .eml file under `<DATA_DIR>/mail/`, so a newcomer can open the emails a lead
 * produced (ADF by email) without a real mail server.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface MailSink {
  url: string;
  dir: string;
  close(): Promise<void>;
}

export async function startMailSink(dir: string, port = 0): Promise<MailSink> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 5 * 1024 * 1024,
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
    url: `smtp://127.0.0.1:${address}`,
    dir,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
