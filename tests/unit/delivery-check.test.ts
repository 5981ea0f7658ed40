/**
 * The daily delivery check: one synthetic lead a day per tenant, marked as a test in the CRM payload
 * and in ADF, delivered by the outbox to each of the tenant's channels (a local receiver here), and
 * its result per channel in the ops view.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adfContextFor } from "~/features/leads/outbox/adf/context";
import { adfXml } from "~/features/leads/outbox/adf/document";
import { deliveryCheckStatuses, queueDeliveryCheck } from "~/features/leads/outbox/delivery-check.server";
import { sendDueLeads } from "~/features/leads/outbox/outbox.server";
import { leadsDb } from "~/features/leads/tables";
import { type Db, openDb } from "~/lib/db/db.server";
import type { TenantData } from "~/tenant/tenant.server";
import { opsData, opsPage } from "../../scripts/lib/ops-view";
import { makeSite } from "./helpers";

const NOW = new Date("2026-11-26T03:00:00Z");
const TENANT = "check-motors";
const data: TenantData = {
  site: makeSite({ slug: TENANT }),
  locations: [],
  offers: [],
  pages: [],
  cars: [],
  now: NOW.toISOString(),
};

let db: Db;
let server: Server;
let base: string;
const seen: { path: string; contentType: string; body: string }[] = [];
let adfStatus = 500;

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null }, { migrate: true });
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ path: req.url ?? "", contentType: String(req.headers["content-type"]), body });
      const status = req.url === "/adf" ? adfStatus : 200;
      res.writeHead(status);
      res.end(status === 200 ? "ok" : "CRM down");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await db?.destroy();
});

const deliver = (at: Date) =>
  sendDueLeads({
    db,
    tenant: TENANT,
    receiversFor: () => ({
      channels: [
        { key: "crm", type: "webhook", url: `${base}/crm` },
        { key: "adf", type: "adf-http", url: `${base}/adf` },
      ],
      adf: (lead) => adfXml(lead, adfContextFor(data, lead, { valuationFromProvider: false })),
      secret: null,
    }),
    now: () => at,
  });

describe("the daily delivery check", () => {
  it("queues one test lead a day, proves each channel, and shows each channel's result", async () => {
    const first = await queueDeliveryCheck(db, TENANT, NOW);
    const again = await queueDeliveryCheck(db, TENANT, new Date("2026-11-26T20:00:00Z"));
    expect(first.created).toBe(true);
    expect(again).toEqual({ leadId: first.leadId, created: false });

    await deliver(NOW);
    const crm = seen.filter((request) => request.path === "/crm");
    expect(crm).toHaveLength(1);
    expect(JSON.parse(crm[0]?.body ?? "{}")).toEqual({
      lead_id: first.leadId,
      tenant: TENANT,
      kind: "delivery_check",
      fields: { name: "Delivery", last_name: "Check", email: "delivery-check@example.invalid" },
      // The database stamps the lead when it is stored.
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      test: true,
    });
    const adf = seen.find((request) => request.path === "/adf");
    expect(adf?.contentType).toBe("application/x-adf+xml");
    expect(adf?.body).toContain("<service>Delivery check (TEST, do not action)</service>");
    expect(adf?.body).toContain(
      "<comments>TEST LEAD: the daily delivery check of the platform, proving leads reach this CRM. Do not action it.",
    );

    const [failing] = await deliveryCheckStatuses(db, [TENANT]);
    expect(
      failing?.channels.map((c) => [c.channel, c.deliveredAt !== null, c.attempts, c.lastError]),
    ).toEqual([
      ["adf", false, 1, "HTTP 500: CRM down"],
      ["crm", true, 1, null],
    ]);
    const later = new Date(NOW.getTime() + 60_000);
    const page = opsPage(
      await opsData([TENANT], path.join("/nonexistent", "reports"), { db, running: () => [] }, later),
      4321,
      later,
    );
    expect(page).toContain("<p>Test lead queued");
    expect(page).toContain(
      '<tr><th scope="row">adf</th><td class="bad">Failing (1 attempts): HTTP 500: CRM down</td></tr>',
    );
    expect(page).toMatch(
      /<tr><th scope="row">crm<\/th><td class="good">Delivered <time datetime="[^"]+" title="[^"]+">[^<]+<\/time><\/td><\/tr>/,
    );

    adfStatus = 200;
    await leadsDb(db)
      .updateTable("lead_outbox")
      .set({ next_attempt_at: NOW })
      .where("lead_id", "=", first.leadId)
      .execute();
    await deliver(new Date(NOW.getTime() + 120_000));
    const [passing] = await deliveryCheckStatuses(db, [TENANT]);
    expect(passing?.channels.map((c) => [c.channel, c.deliveredAt !== null])).toEqual([
      ["adf", true],
      ["crm", true],
    ]);
    // The next day's check is a new lead.
    expect((await queueDeliveryCheck(db, TENANT, new Date("2026-11-27T03:00:00Z"))).created).toBe(true);
  });
});
