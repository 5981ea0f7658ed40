/**
 * `npm run dev`'s function middleware (scripts/lib/functions-dev.ts) over a real socket: functions
 * hear of the client's address from the connection, as under `npm start` and on Netlify, whatever
 * the client claims in X-Forwarded-For.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import functionsDev from "../../scripts/lib/functions-dev";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

let server: Server;
let origin: string;

beforeAll(async () => {
  let middleware: Middleware | undefined;
  const setup = functionsDev(path.resolve("tests/fixtures/dev-functions")).hooks["astro:server:setup"];
  // The two parts of Vite's dev server the integration uses: its module loader and its middlewares.
  await setup?.({
    server: {
      ssrLoadModule: (file: string) => import(file),
      middlewares: { use: (fn: Middleware) => (middleware = fn) },
    },
  } as never);
  server = createServer((req, res) =>
    middleware?.(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

describe("npm run dev: functions and the client's address", () => {
  it("gives functions the socket's address, never a client-sent X-Forwarded-For", async () => {
    const response = await fetch(`${origin}/api/client`, {
      headers: { "x-forwarded-for": "203.0.113.9", "x-nf-client-connection-ip": "198.51.100.7" },
    });
    expect(await response.json()).toEqual({ clientIp: "127.0.0.1", forwardedFor: null });
  });

  it("gives the same address to a request that claims none", async () => {
    const response = await fetch(`${origin}/api/client`);
    expect(await response.json()).toEqual({ clientIp: "127.0.0.1", forwardedFor: null });
  });
});
