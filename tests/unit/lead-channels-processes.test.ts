/**
 * A dealer whose CRM takes ADF/XML, end to end through `npm start`: a shopper's test-drive and
 * trade-in leads reach the local SMTP sink (as the emails the CRM's intake address would get) and
 * an ADF HTTP receiver, and every field the shopper typed is in what arrived.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { XmlDocument } from "libxml2-wasm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type LocalServer, startLocalServer } from "../../scripts/lib/local-server";
import { validBody, waitFor, writeSnapshot } from "./leads-helpers";

const SLUG = "adf-motors";
let work: string;
let port: number;
let server: LocalServer;
let adfServer: Server;
const adfPosts: { contentType: string; body: string }[] = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), "adf-start-"));
  adfServer = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      adfPosts.push({
        contentType: String(req.headers["content-type"]),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => adfServer.listen(0, "127.0.0.1", resolve));
  const adfUrl = `http://127.0.0.1:${(adfServer.address() as AddressInfo).port}/adf`;
  writeSnapshot(path.join(work, "cache"), SLUG, {
    name: "ADF Motors",
    leads: {
      delivery: [
        { type: "adf-email", to: "leads@crm.example.com.au" },
        { type: "adf-http", url: adfUrl },
      ],
    },
  });
  server = await startLocalServer({
    TENANT: SLUG,
    SKIP_BUILD: "1",
    DATA_DIR: path.join(work, "data"),
    TENANTS_DIR: path.join(work, "tenants"),
    DIST_DIR: path.join(work, "dist"),
    TENANT_CACHE_DIR: path.join(work, "cache"),
    DATABASE_URL: undefined,
    SMTP_URL: undefined,
    CRM_WEBHOOK_URL: undefined,
  });
  port = server.port;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => adfServer?.close(() => resolve()));
  if (work) rmSync(work, { recursive: true, force: true });
});

async function post(body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { lead_id: string }).lead_id;
}

/** Every text of the document, entity-decoded, as libxml2 reads it. */
function parse(xml: string) {
  const doc = XmlDocument.fromString(xml);
  const get = (xpath: string) => doc.get(xpath)?.content.trim() ?? null;
  const all = doc.root.content;
  return { doc, get, all };
}

it("sends a test-drive and a trade-in lead as ADF by email and by HTTP, with every field the shopper typed", async () => {
  expect(server.log.join("")).toContain("Mail:         lead emails (ADF) land in");
  const testDrive = await post(
    validBody("test_drive", {
      name: "Zoë",
      last_name: "O'Brien",
      email: "zoe.obrien@example.com.au",
      phone: "0412 345 678",
      postcode: "4870",
      message: "Can I bring my dog? <3 & thanks",
      date_time: "2026-12-01T10:30",
    }),
  );
  const tradeIn = await post(
    validBody("trade_in", {
      name: "Wiremu",
      last_name: "Tane",
      email: "wiremu@example.co.nz",
      phone: "0498 765 432",
      postcode: "2000",
      make: "Mazda",
      model: "CX-5",
      year: 2019,
      kms: "87,500",
      rego: "XYZ789",
      regoState: "NSW",
    }),
  );
  const mailDir = path.join(work, "data", "mail");
  await waitFor(
    () => adfPosts.length >= 2 && (readdirSync(mailDir, { withFileTypes: true }).length ?? 0) >= 2,
    "two emails and two ADF posts",
    30_000,
  );
  expect(adfPosts.map((p) => p.contentType)).toEqual(["application/x-adf+xml", "application/x-adf+xml"]);

  const mails = await Promise.all(
    readdirSync(mailDir).map((file) => simpleParser(readFileSync(path.join(mailDir, file)))),
  );
  const mailFor = (id: string) =>
    mails.find((mail) => mail.messageId === `<${id}.adf-email@adf-motors.example.com.au>`);
  for (const id of [testDrive, tradeIn]) {
    const mail = mailFor(id);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe("leads@crm.example.com.au");
    expect(mail?.from?.text).toBe("leads@adf-motors.example.com.au");
    expect(mail?.attachments.map((a) => a.filename)).toEqual(["lead.xml"]);
    // The CRM reads the body; the attachment and the HTTP post are the same document.
    expect(mail?.attachments[0]?.content.toString("utf8").trim()).toBe(mail?.text?.trim());
    expect(adfPosts.some((p) => p.body.trim() === mail?.text?.trim())).toBe(true);
  }

  const drive = parse(mailFor(testDrive)?.text ?? "");
  try {
    expect(drive.get("/adf/prospect/id")).toBe(testDrive);
    expect(drive.get("/adf/prospect/vehicle/@interest")).toBe("test-drive");
    expect(drive.get("/adf/prospect/customer/contact/name[@part='first']")).toBe("Zoë");
    expect(drive.get("/adf/prospect/customer/contact/name[@part='last']")).toBe("O'Brien");
    expect(drive.get("/adf/prospect/customer/contact/email")).toBe("zoe.obrien@example.com.au");
    // The form sends the number as typed; the lead keeps it in international form.
    expect(drive.get("/adf/prospect/customer/contact/phone")).toBe("+61412345678");
    expect(drive.get("/adf/prospect/customer/contact/address/postalcode")).toBe("4870");
    expect(drive.get("/adf/prospect/provider/name")).toBe("ADF Motors");
    expect(drive.all).toContain("Can I bring my dog? <3 & thanks");
    for (const typed of ["Toyota", "Corolla", "TM1001"]) expect(drive.all).toContain(typed);
    expect(drive.all).toMatch(/2026-12-01.*10:30/);
  } finally {
    drive.doc.dispose();
  }

  const trade = parse(mailFor(tradeIn)?.text ?? "");
  try {
    expect(trade.get("/adf/prospect/customer/contact/name[@part='first']")).toBe("Wiremu");
    expect(trade.get("/adf/prospect/customer/contact/name[@part='last']")).toBe("Tane");
    expect(trade.get("/adf/prospect/customer/contact/email")).toBe("wiremu@example.co.nz");
    expect(trade.get("/adf/prospect/customer/contact/address/postalcode")).toBe("2000");
    expect(trade.get("/adf/prospect/vehicle[@interest='trade-in']/year")).toBe("2019");
    expect(trade.get("/adf/prospect/vehicle[@interest='trade-in']/make")).toBe("Mazda");
    expect(trade.get("/adf/prospect/vehicle[@interest='trade-in']/model")).toBe("CX-5");
    expect(trade.get("/adf/prospect/vehicle[@interest='trade-in']/odometer")).toBe("87500");
    expect(trade.get("/adf/prospect/customer/contact/phone")).toBe("+61498765432");
    for (const typed of ["XYZ789", "NSW"]) expect(trade.all).toContain(typed);
  } finally {
    trade.doc.dispose();
  }
}, 60_000);
