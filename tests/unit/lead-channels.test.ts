/**
 * Leads reach a dealer's CRM down each of its delivery channels (site.json `leads.delivery`): the
 * JSON webhook, ADF/XML by HTTP and ADF/XML by email, each with its own outbox row, retries and
 * parking, against real storage (PGlite), a real SMTP server and real HTTP receivers.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { sql } from "kysely";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeLead } from "~/features/leads/leads.server";
import { type CrmChannel, crmChannels } from "~/features/leads/outbox/channels.server";
import { MailError, smtpMailer } from "~/features/leads/outbox/mail.server";
import { type OutboxOptions, sendDueLeads } from "~/features/leads/outbox/outbox.server";
import { mailerFromEnv, tenantReceivers } from "~/features/leads/outbox/receivers.server";
import { type OutboxLead, sendToChannel } from "~/features/leads/outbox/send.server";
import { outboxStats } from "~/features/leads/outbox/stats.server";
import { parseLead } from "~/features/leads/schemas";
import { leadsDb } from "~/features/leads/tables";
import { type Db, openDb } from "~/lib/db/db.server";
import { MIGRATIONS, migrateToLatest } from "~/lib/db/migrations";
import { verifySignature } from "~/server/signature";
import { leadsSchema } from "~/tenant/schemas/leads";
import { startMailSink } from "../../scripts/lib/mail-sink";
import { validBody, writeSnapshot } from "./leads-helpers";

let db: Db;
let seq = 0;
const tenant = () => `channels-${++seq}`;

/**
 * Deployed sites send mail over TLS, so the sink here speaks it (STARTTLS required) with the test
 * certificate, trusted the way a deployed function trusts its mail server: through the process's
 * default CA store, not an option the product could get wrong.
 */
const TLS_DIR = path.resolve(import.meta.dirname, "../fixtures/tls");
const TEST_TLS = {
  key: readFileSync(path.join(TLS_DIR, "localhost.key")),
  cert: readFileSync(path.join(TLS_DIR, "localhost.crt")),
};
const DEFAULT_CAS = tls.getCACertificates("default");
const trustTestCertificate = (trusted: boolean) =>
  tls.setDefaultCACertificates(trusted ? [...DEFAULT_CAS, TEST_TLS.cert.toString("utf8")] : DEFAULT_CAS);
const tlsSink = (implicit = false) =>
  startMailSink(mkdtempSync(path.join(os.tmpdir(), "mail-")), 0, { ...TEST_TLS, implicit });

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
  trustTestCertificate(true);
});
afterAll(async () => {
  trustTestCertificate(false);
  await db.destroy();
});

async function store(on: Db, slug: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const parsed = parseLead(validBody("test_drive", overrides));
  if (!parsed.success) throw new Error("fixture lead is invalid");
  const { leadId } = await storeLead(on, {
    tenant: slug,
    lead: parsed.lead,
    idempotencyKey: null,
    spam: false,
    clientIp: null,
    userAgent: null,
  });
  return leadId;
}

const rows = (leadId: string) =>
  leadsDb(db)
    .selectFrom("lead_outbox")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("channel")
    .execute();

const dueNow = (leadId: string) =>
  leadsDb(db)
    .updateTable("lead_outbox")
    .set({ next_attempt_at: new Date(0) })
    .where("lead_id", "=", leadId)
    .execute();

/** A receiver that records each request and answers `status`. */
async function receiver(status = 200) {
  const seen: { contentType: string; body: string }[] = [];
  const state = { status };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({
        contentType: String(req.headers["content-type"]),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`,
    seen,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A stand-in ADF document that names the lead, so a test can tell which lead arrived. */
const fakeAdf = (lead: OutboxLead) =>
  `<?xml version="1.0"?><adf><prospect><id>${lead.id}</id></prospect></adf>`;

describe("delivery channels: one outbox row per lead and channel", () => {
  it("a failing channel never blocks or repeats another", async () => {
    const slug = tenant();
    const webhook = await receiver(200);
    const adfHttp = await receiver(503);
    const sink = await tlsSink();
    const channels: CrmChannel[] = [
      { key: "webhook", type: "webhook", url: webhook.url },
      { key: "adf-http", type: "adf-http", url: adfHttp.url },
      { key: "adf-email", type: "adf-email", to: ["leads@crm.example"], cc: [] },
    ];
    const options: OutboxOptions = {
      db,
      tenant: slug,
      receiversFor: () => ({ channels, adf: fakeAdf, from: "leads@westside.example" }),
      mailer: smtpMailer(sink.url, { requireTls: true }),
    };
    try {
      const id = await store(db, slug);
      const first = await sendDueLeads(options);
      expect(first).toMatchObject({ claimed: 3, delivered: 2, failed: 1 });
      expect((await rows(id)).map((r) => [r.channel, r.delivered_at !== null, r.attempts])).toEqual([
        ["adf-email", true, 1],
        ["adf-http", false, 1],
        ["webhook", true, 1],
      ]);
      await dueNow(id);
      adfHttp.state.status = 200;
      const second = await sendDueLeads(options);
      expect(second).toMatchObject({ claimed: 1, delivered: 1 });
      expect(webhook.seen).toHaveLength(1);
      expect(readdirSync(sink.dir)).toHaveLength(1);
      expect(adfHttp.seen.map((r) => [r.contentType, r.body.includes(id)])).toEqual([
        ["application/x-adf+xml", true],
        ["application/x-adf+xml", true],
      ]);
      expect(JSON.parse(webhook.seen[0]?.body ?? "{}")).toMatchObject({
        lead_id: id,
        tenant: slug,
        kind: "test_drive",
      });
    } finally {
      await Promise.all([webhook.close(), adfHttp.close(), sink.close()]);
      rmSync(sink.dir, { recursive: true, force: true });
    }
  });

  it("an ADF email carries the document as its body and as lead.xml, with a Message-ID from the lead", async () => {
    const slug = tenant();
    const sink = await tlsSink();
    try {
      const id = await store(db, slug, { name: "Ngaire", last_name: "O'Brien" });
      await sendDueLeads({
        db,
        tenant: slug,
        receiversFor: () => ({
          channels: [
            {
              key: "adf-email",
              type: "adf-email",
              to: ["leads@crm.example"],
              cc: ["sales@westside.example"],
            },
          ],
          adf: fakeAdf,
          from: "leads@westside.example",
        }),
        mailer: smtpMailer(sink.url, { requireTls: true }),
      });
      const [file] = readdirSync(sink.dir);
      const mail = await simpleParser(readFileSync(path.join(sink.dir, file ?? "")));
      expect(mail.messageId).toBe(`<${id}.adf-email@westside.example>`);
      expect(mail.subject).toBe("New test drive lead from Ngaire O'Brien");
      expect(mail.from?.text).toBe("leads@westside.example");
      expect(mail.cc && !Array.isArray(mail.cc) ? mail.cc.text : "").toBe("sales@westside.example");
      expect(mail.text?.trim()).toBe(fakeAdf({ id } as OutboxLead));
      expect(mail.attachments.map((a) => [a.filename, a.content.toString("utf8")])).toEqual([
        ["lead.xml", fakeAdf({ id } as OutboxLead)],
      ]);
    } finally {
      await sink.close();
      rmSync(sink.dir, { recursive: true, force: true });
    }
  });

  it.each([
    [451, "retries", false],
    [550, "parks after five refusals", true],
  ])("an SMTP %i %s", async (code, _, parks) => {
    const slug = tenant();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        const error = Object.assign(new Error(code >= 500 ? "No such mailbox" : "Try again later"), {
          responseCode: code,
        });
        callback(error);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    try {
      const id = await store(db, slug);
      const options: OutboxOptions = {
        db,
        tenant: slug,
        receiversFor: () => ({
          channels: [{ key: "adf-email", type: "adf-email", to: ["leads@crm.example"], cc: [] }],
          adf: fakeAdf,
        }),
        mailer: smtpMailer(url, { requireTls: false }),
      };
      for (let i = 0; i < 5; i++) {
        await sendDueLeads(options);
        await dueNow(id);
      }
      const [row] = await rows(id);
      expect(row?.last_error).toMatch(new RegExp(`^SMTP ${code}`));
      expect(row?.parked_at !== null).toBe(parks);
      expect(row?.permanent_failures).toBe(parks ? 5 : 0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("a channel the site no longer has parks its waiting rows at once", async () => {
    const slug = tenant();
    const id = await store(db, slug);
    let channels: CrmChannel[] = [{ key: "adf-http", type: "adf-http", url: "http://127.0.0.1:9/in" }];
    const options: OutboxOptions = {
      db,
      tenant: slug,
      receiversFor: () => ({ channels, adf: fakeAdf }),
      timeoutMs: 500,
    };
    await sendDueLeads(options);
    channels = [];
    await dueNow(id);
    await sendDueLeads(options);
    const [row] = await rows(id);
    expect(row?.last_error).toBe('The delivery channel "adf-http" is no longer configured');
    expect(row?.parked_at).toBeInstanceOf(Date);
    expect(await outboxStats(db, slug)).toMatchObject({ pending: 0, parked: 1 });
  });

  it("a pass works out a tenant's receivers once, however many of its rows it sends", async () => {
    const slug = tenant();
    const ids = [await store(db, slug), await store(db, slug)];
    const webhook = await receiver(200);
    const adfHttp = await receiver(200);
    let asked = 0;
    try {
      const pass = await sendDueLeads({
        db,
        tenant: slug,
        receiversFor: () => {
          asked += 1;
          return {
            channels: [
              { key: "webhook", type: "webhook", url: webhook.url },
              { key: "adf-http", type: "adf-http", url: adfHttp.url },
            ],
            adf: fakeAdf,
          };
        },
      });
      expect(pass).toMatchObject({ claimed: 4, delivered: 4 });
      expect(asked).toBe(1);
      expect(webhook.seen.map((request) => JSON.parse(request.body).lead_id).sort()).toEqual([...ids].sort());
    } finally {
      await Promise.all([webhook.close(), adfHttp.close()]);
    }
  });

  it("leads queued before channels existed (by older code) reach every channel the site has now", async () => {
    const older = await openDb({ kind: "pglite", dataDir: null }, { migrate: false });
    try {
      const before = Object.fromEntries(
        Object.entries(MIGRATIONS).filter(([name]) => name < "2026_11_26_030_outbox_channels"),
      );
      await migrateToLatest(older as never, before);
      const slug = tenant();
      // As that code stored a lead: the row, and one outbox row without a channel.
      const parsed = parseLead(validBody("test_drive"));
      if (!parsed.success) throw new Error("fixture lead is invalid");
      const { kind, ...fields } = parsed.lead;
      const id = randomUUID();
      await sql`insert into leads (id, tenant, kind, fields, client_ip)
        values (${id}, ${slug}, ${kind}, ${JSON.stringify(fields)}::jsonb, '203.0.113.7')`.execute(older);
      await sql`insert into lead_outbox (lead_id, tenant) values (${id}, ${slug})`.execute(older);
      await migrateToLatest(older as never);
      const webhook = await receiver(200);
      const adfHttp = await receiver(200);
      try {
        const pass = await sendDueLeads({
          db: older,
          tenant: slug,
          receiversFor: () => ({
            channels: [
              { key: "webhook", type: "webhook", url: webhook.url },
              { key: "adf-http", type: "adf-http", url: adfHttp.url },
            ],
            adf: fakeAdf,
          }),
        });
        expect(pass).toMatchObject({ claimed: 2, delivered: 2 });
        expect(JSON.parse(webhook.seen[0]?.body ?? "{}").lead_id).toBe(id);
        expect(adfHttp.seen[0]?.body).toContain(id);
      } finally {
        await Promise.all([webhook.close(), adfHttp.close()]);
      }
    } finally {
      await older.destroy();
    }
  });
});

describe("mail over TLS, as a deployed site sends it", () => {
  const message = {
    from: "leads@westside.example",
    to: ["leads@crm.example"],
    cc: [],
    subject: "New test drive lead",
    text: "<adf/>",
    messageId: "<tls-check@westside.example>",
    attachments: [],
  };
  /** Sends through the mailer a deployed site builds from its environment. */
  const attempt = async (url: string) => {
    try {
      await mailerFromEnv({ NETLIFY: "true", SMTP_URL: url })?.send(message);
      return "sent";
    } catch (error) {
      if (error instanceof MailError) return error.message;
      throw error;
    }
  };

  it.each([
    ["a server that requires STARTTLS", false],
    ["an smtps: server (TLS from the first byte)", true],
  ])("%s gets the message, encrypted", async (_, implicit) => {
    const sink = await tlsSink(implicit);
    try {
      expect(await attempt(sink.url)).toBe("sent");
      expect(sink.mailFrom).toEqual([{ secure: true }]);
      expect(readdirSync(sink.dir)).toHaveLength(1);
    } finally {
      await sink.close();
      rmSync(sink.dir, { recursive: true, force: true });
    }
  });

  it("a certificate the site does not trust stops the message; it is never sent in clear", async () => {
    const sink = await tlsSink();
    trustTestCertificate(false);
    try {
      expect(await attempt(sink.url)).toMatch(/^SMTP: .*self-signed certificate/);
      expect(sink.mailFrom).toEqual([]);
      expect(readdirSync(sink.dir)).toEqual([]);
    } finally {
      trustTestCertificate(true);
      await sink.close();
      rmSync(sink.dir, { recursive: true, force: true });
    }
  });

  it("a server that offers no TLS at all gets nothing, though it would take mail in clear", async () => {
    const sink = await startMailSink(mkdtempSync(path.join(os.tmpdir(), "mail-")));
    try {
      expect(await attempt(sink.url)).toMatch(/^SMTP 500: Error upgrading connection with STARTTLS/);
      expect(sink.mailFrom).toEqual([]);
      expect(readdirSync(sink.dir)).toEqual([]);
    } finally {
      await sink.close();
      rmSync(sink.dir, { recursive: true, force: true });
    }
  });
});

describe("signed deliveries, against vectors computed outside the code", () => {
  // Each hex was computed with openssl, not with the product's signer:
  //   printf '%s' "1795662000.<body>" | openssl dgst -sha256 -hmac 'crm-vector-secret-5d2e8a17c0b94f36e1a7'
  // where <body> is WEBHOOK_BODY or ADF_BODY below, byte for byte.
  const SECRET = "crm-vector-secret-5d2e8a17c0b94f36e1a7";
  const T = 1795662000; // 2026-11-26T03:00:00Z
  const lead: OutboxLead = {
    id: "3f1c2a4e-0000-4000-8000-000000000001",
    tenant: "westside-auto",
    kind: "test_drive",
    fields: { name: "Kim" },
    created_at: new Date("2026-11-26T02:59:00.000Z"),
  };
  const WEBHOOK_BODY =
    '{"lead_id":"3f1c2a4e-0000-4000-8000-000000000001","tenant":"westside-auto","kind":"test_drive","fields":{"name":"Kim"},"created_at":"2026-11-26T02:59:00.000Z"}';
  const WEBHOOK_V1 = "b019d8b2d21713568d6fd9cbc7678e9233b98f5bba65e69f6dcf28ccb6d98ea9";
  const ADF_BODY =
    '<?xml version="1.0"?><adf><prospect><id>3f1c2a4e-0000-4000-8000-000000000001</id></prospect></adf>';
  const ADF_V1 = "bff043912628d8ce48f56e584db6f671c44ea02f96be115f1cac200fcf0f7484";

  async function sent(channel: CrmChannel) {
    const seen: { header: string | null; body: string }[] = [];
    await sendToChannel(channel, lead, {
      deployed: true,
      secret: SECRET,
      timeoutMs: 1000,
      now: new Date(T * 1000),
      adf: fakeAdf,
      fetch: (async (_url: string | URL | Request, init?: RequestInit) => {
        seen.push({
          header: new Headers(init?.headers).get("x-webhook-signature"),
          body: String(init?.body),
        });
        return new Response(null, { status: 200 });
      }) as typeof fetch,
    });
    return seen;
  }

  it.each([
    [
      "the JSON webhook",
      { key: "webhook", type: "webhook", url: "https://crm.example/in" },
      WEBHOOK_BODY,
      WEBHOOK_V1,
    ],
    ["ADF by HTTP", { key: "adf-http", type: "adf-http", url: "https://crm.example/adf" }, ADF_BODY, ADF_V1],
  ] as const)("%s carries t=…,v1=HMAC-SHA256(secret, t.body)", async (_, channel, body, v1) => {
    expect(await sent(channel)).toEqual([{ header: `t=${T},v1=${v1}`, body }]);
  });

  it("a receiver's check takes the vector and refuses it with the timestamp or the body changed", () => {
    const at = new Date(T * 1000);
    expect(verifySignature(`t=${T},v1=${WEBHOOK_V1}`, WEBHOOK_BODY, [SECRET], at)).toEqual({ ok: true });
    expect(verifySignature(`t=${T + 1},v1=${WEBHOOK_V1}`, WEBHOOK_BODY, [SECRET], at)).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(
      verifySignature(`t=${T},v1=${WEBHOOK_V1}`, WEBHOOK_BODY.replace("Kim", "Kym"), [SECRET], at),
    ).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(verifySignature(`t=${T},v1=${ADF_V1}`, ADF_BODY, [SECRET], at)).toEqual({ ok: true });
  });
});

describe("a tenant's channels: its published leads.delivery and the environment", () => {
  const work = mkdtempSync(path.join(os.tmpdir(), "channels-config-"));
  const site = (slug: string, leads: unknown) => writeSnapshot(work, slug, leads ? { leads } : {});
  site("adf-only", {
    delivery: [{ type: "adf-email", to: "leads@crm.example", cc: ["boss@dealer.example"] }],
  });
  site("old-webhook", { crm_webhook_url: "https://crm.example/hook" });
  site("no-channels", null);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each<[string, string, NodeJS.ProcessEnv, CrmChannel[]]>([
    [
      "site.json delivery as it is",
      "adf-only",
      {},
      [{ key: "adf-email", type: "adf-email", to: ["leads@crm.example"], cc: ["boss@dealer.example"] }],
    ],
    [
      "the older crm_webhook_url is one webhook channel",
      "old-webhook",
      {},
      [{ key: "webhook", type: "webhook", url: "https://crm.example/hook" }],
    ],
    [
      "no channel: an unconfigured webhook, so leads wait",
      "no-channels",
      {},
      [{ key: "webhook", type: "webhook", url: null }],
    ],
    [
      "a tenant with no published snapshot: an unconfigured webhook, so its leads wait",
      "never-built",
      {},
      [{ key: "webhook", type: "webhook", url: null }],
    ],
    [
      "CRM_ADF_EMAIL_<SLUG> replaces the addresses",
      "adf-only",
      { CRM_ADF_EMAIL_ADF_ONLY: "a@crm.example, b@crm.example" },
      [
        {
          key: "adf-email",
          type: "adf-email",
          to: ["a@crm.example", "b@crm.example"],
          cc: ["boss@dealer.example"],
        },
      ],
    ],
    [
      "CRM_WEBHOOK_URL on a process pinned to the tenant adds a webhook",
      "adf-only",
      { TENANT: "adf-only", CRM_WEBHOOK_URL: "https://hook.example/x" },
      [
        { key: "adf-email", type: "adf-email", to: ["leads@crm.example"], cc: ["boss@dealer.example"] },
        { key: "webhook", type: "webhook", url: "https://hook.example/x" },
      ],
    ],
    [
      "CRM_ADF_HTTP_URL pinned to another tenant changes nothing",
      "old-webhook",
      { TENANT: "adf-only", CRM_ADF_HTTP_URL: "https://adf.example/in" },
      [{ key: "webhook", type: "webhook", url: "https://crm.example/hook" }],
    ],
  ])("%s", (_, slug, env, expected) => {
    expect(crmChannels(slug, { ...env, TENANT_CACHE_DIR: work })).toEqual(expected);
  });

  it("a pass reads the published snapshot once: channels, sender and each lead's ADF come from that read", () => {
    site("read-once", { delivery: [{ type: "adf-email", to: "leads@crm.example" }] });
    const receivers = tenantReceivers("read-once", { TENANT_CACHE_DIR: work });
    // Unpublished after the pass began: the pass keeps what it read.
    rmSync(path.join(work, "read-once"), { recursive: true });
    const parsed = parseLead(validBody("enquiry"));
    if (!parsed.success) throw new Error("fixture lead is invalid");
    const { kind, ...fields } = parsed.lead;
    const lead: OutboxLead = {
      id: "0b9e3c1e-5f0a-4d3b-8a51-3c2d6f1e9a77",
      tenant: "read-once",
      kind,
      fields,
      created_at: new Date("2026-11-29T00:00:00Z"),
    };
    expect(receivers.channels).toEqual([
      { key: "adf-email", type: "adf-email", to: ["leads@crm.example"], cc: [] },
    ]);
    expect(receivers.secret).toBeNull();
    expect(receivers.from).toBe("leads@read-once.example.com.au");
    const xml = receivers.adf(lead);
    expect(xml).toContain('<id sequence="1" source="read-once">0b9e3c1e-5f0a-4d3b-8a51-3c2d6f1e9a77</id>');
    expect(receivers.adf(lead)).toBe(xml);
  });

  it.each<[string, unknown, string]>([
    [
      "two channels of one type without ids",
      {
        delivery: [
          { type: "webhook", url: "https://a.example" },
          { type: "webhook", url: "https://b.example" },
        ],
      },
      'two channels are both called "webhook": give each an "id"',
    ],
    [
      "both forms at once",
      { crm_webhook_url: "https://a.example", delivery: [{ type: "adf-http", url: "https://b.example" }] },
      'use either "crm_webhook_url" or "delivery"',
    ],
    [
      "an ADF email without an address",
      { delivery: [{ type: "adf-email", to: "not an email" }] },
      "Invalid email",
    ],
  ])("refuses %s", (_, leads, message) => {
    const parsed = leadsSchema.safeParse(leads);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message).join("\n")).toContain(message);
  });
});
