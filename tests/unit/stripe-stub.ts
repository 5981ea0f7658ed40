/**
 * A local stand-in for Stripe's API that the official SDK is pointed at (its host, port and
 * protocol options): it records each call (method, path, headers, form body) and answers what the
 * test sets, so the SDK's own requests are what the tests read.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface StubCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, as sent (`line_items[0][quantity]` and the like). */
  form: Record<string, string>;
}

export interface StripeStub {
  calls: StubCall[];
  /** What the next calls are answered with. */
  reply: (call: StubCall) => { status?: number; body: unknown };
  api: { host: string; port: number; protocol: "http" };
  close(): Promise<void>;
}

export async function startStripeStub(): Promise<StripeStub> {
  const stub: StripeStub = {
    calls: [],
    reply: () => ({ status: 500, body: { error: { message: "no reply set" } } }),
    api: { host: "127.0.0.1", port: 0, protocol: "http" },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const call = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      stub.calls.push(call);
      const { status = 200, body } = stub.reply(call);
      res.writeHead(status, { "content-type": "application/json", "request-id": "req_stub" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.api.port = (server.address() as AddressInfo).port;
  return stub;
}
