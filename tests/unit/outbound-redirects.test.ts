/**
 * Outbound POSTs (CRM webhook, ADF over HTTP, SMS gateway, build hook) against a real local server
 * that answers 307: none follows the redirect, so the signed body never reaches where it points,
 * and each reports the redirect as a refusal.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSmsAdapter } from "~/features/account/sms.server";
import { SendError, sendToChannel } from "~/features/leads/outbox/send.server";
import { callBuildHook } from "~/features/rebuilds/build-trigger.server";

/** What the redirect's target received: it must stay empty. */
const reached: string[] = [];
let target: Server;
let redirector: Server;
let base = "";
let targetUrl = "";

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  target = createServer((req, res) => {
    reached.push(`${req.method} ${req.url}`);
    res.writeHead(200).end("ok");
  });
  targetUrl = `${await listen(target)}/collect`;
  redirector = createServer((req, res) => {
    req.resume();
    res.writeHead(307, { location: targetUrl }).end();
  });
  base = await listen(redirector);
});
afterAll(async () => {
  await Promise.all([target, redirector].map((server) => new Promise((done) => server.close(done))));
});

const lead = {
  id: "5f0c6a52-7d1e-4b8e-9a51-0c1d2e3f4a5b",
  tenant: "test-motors",
  kind: "enquiry",
  fields: { name: "Jane" },
  created_at: new Date("2026-06-15T02:00:00Z"),
};
const options = {
  deployed: false,
  secret: "a-signing-secret",
  fetch,
  timeoutMs: 2_000,
  now: new Date("2026-06-15T02:00:00Z"),
  adf: () => "<adf/>",
};

describe("outbound POSTs never follow a redirect", () => {
  it.each([
    ["CRM webhook", { key: "webhook", type: "webhook" as const, url: "" }],
    ["ADF over HTTP", { key: "adf", type: "adf-http" as const, url: "" }],
  ])("a %s answering 307 is a refusal, and the lead goes nowhere else", async (_name, channel) => {
    const error = await sendToChannel({ ...channel, url: `${base}/crm` }, lead, options).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SendError);
    expect((error as SendError).permanent).toBe(true);
    expect((error as SendError).message).toBe(
      `The CRM answered with a redirect (HTTP 307 to ${targetUrl}), which is not followed: set its final https: address`,
    );
    expect(reached).toEqual([]);
  });

  it("the SMS gateway answering 307 fails the text, which is not resent to the redirect", async () => {
    const sms = webhookSmsAdapter(`${base}/sms`, "smsec", 2_000, fetch);
    await expect(
      sms.send({ tenant: "test-motors", to: "+61412345678", body: "Your code is 123456" }),
    ).rejects.toThrow(
      `The SMS gateway answered with a redirect (HTTP 307 to ${targetUrl}), which is not followed`,
    );
    expect(reached).toEqual([]);
  });

  it("a build hook answering 307 fails at once (no retry meets anything else)", async () => {
    const lines: string[] = [];
    const result = await callBuildHook(`${base}/build_hooks/abc`, "test-motors", {
      log: (line) => lines.push(line),
      sleep: async () => {},
    });
    expect(result).toEqual({
      ok: false,
      error: `The build hook answered with a redirect (HTTP 307 to ${targetUrl}), which is not followed: set its final https: address`,
    });
    expect(lines).toHaveLength(1);
    expect(reached).toEqual([]);
  });
});
