/**
 * The car PDF's photo fetch against a real HTTP server: a photo larger than the cap is cut off as
 * the cap is passed (the server sees the connection go long before it has sent everything), and
 * only the site itself and the tenant's image hosts are ever asked.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPhoto, sheetPhoto } from "~/features/vehicle/car-pdf";

const MIB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0xab);

/** What the server sent on each request, and whether the client stayed to the end. */
const sent = new Map<string, { bytes: number; finished: boolean }>();
let server: Server;
let origin: string;

beforeAll(async () => {
  // GET /<bytes>[?declared]: that many bytes in 64 KiB chunks, at the pace the client reads them;
  // with `declared`, a Content-Length says how many are coming.
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const total = Number(url.pathname.slice(1));
    const record = { bytes: 0, finished: false };
    sent.set(url.pathname + url.search, record);
    res.writeHead(200, {
      "content-type": "image/jpeg",
      ...(url.searchParams.has("declared") ? { "content-length": String(total) } : {}),
    });
    const pump = () => {
      while (record.bytes < total) {
        const part = CHUNK.subarray(0, Math.min(CHUNK.length, total - record.bytes));
        record.bytes += part.length;
        if (!res.write(part)) return void res.once("drain", pump);
      }
      record.finished = true;
      res.end();
    };
    res.on("close", () => res.removeAllListeners("drain"));
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

/** The tenant's photo host, answered by the local server (the function only fetches https URLs). */
const PHOTOS = "https://photos.example.com.au";
const asked: string[] = [];
const viaLocalServer: typeof fetch = (input, init) => {
  asked.push(String(input));
  return fetch(String(input).replace(PHOTOS, origin), init);
};
const sources = { roots: [], siteOrigin: null, imageHosts: [PHOTOS], fetchImpl: viaLocalServer };
/** The server's record of a request once its side of the connection has closed. */
const settled = async (key: string) => {
  for (let i = 0; i < 100 && !(sent.get(key)?.finished || sent.get(key)?.bytes); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  return sent.get(key);
};

describe("the car PDF's photo fetch", () => {
  it("takes a photo of exactly 15 MB", async () => {
    const photo = await readPhoto(`${PHOTOS}/15728640`, sources);
    expect(photo?.byteLength).toBe(15_728_640);
  });

  it("stops reading a photo as it passes 15 MB, long before the server has sent it all", async () => {
    expect(await readPhoto(`${PHOTOS}/15728641`, sources)).toBeNull();
    const started = Date.now();
    expect(await readPhoto(`${PHOTOS}/${200 * MIB}`, sources)).toBeNull();
    const record = await settled(`/${200 * MIB}`);
    expect(record?.finished).toBe(false);
    // 15 MB read, plus what the two sockets' buffers held when the connection went.
    expect(record?.bytes).toBeLessThan(32 * MIB);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("refuses a photo whose declared length is over 15 MB without reading it", async () => {
    expect(await readPhoto(`${PHOTOS}/${200 * MIB}?declared`, sources)).toBeNull();
    const record = await settled(`/${200 * MIB}?declared`);
    expect(record?.finished).toBe(false);
    expect(record?.bytes).toBeLessThan(16 * MIB);
  });

  it("asks no host but the tenant's image hosts and the site itself", async () => {
    asked.length = 0;
    expect(await readPhoto("https://elsewhere.example.com/15", sources)).toBeNull();
    expect(await readPhoto("https://169.254.169.254/latest/meta-data", sources)).toBeNull();
    expect(await readPhoto("https://photos.example.com.au.evil.example/15", sources)).toBeNull();
    expect(asked).toEqual([]);
    expect((await readPhoto(`${PHOTOS}/15`, sources))?.byteLength).toBe(15);
    expect(asked).toEqual([`${PHOTOS}/15`]);
  });

  it("follows a redirect only to an allowed host", async () => {
    const followed: string[] = [];
    const redirecting: typeof fetch = async (input) => {
      followed.push(String(input));
      const target = { "/to-photos": `${PHOTOS}/15`, "/to-out": "https://internal.example/15" }[
        new URL(String(input)).pathname
      ];
      return target
        ? new Response(null, { status: 302, headers: { location: target } })
        : viaLocalServer(input);
    };
    const redirected = { ...sources, fetchImpl: redirecting };
    expect((await readPhoto(`${PHOTOS}/to-photos`, redirected))?.byteLength).toBe(15);
    expect(await readPhoto(`${PHOTOS}/to-out`, redirected)).toBeNull();
    expect(followed).toEqual([`${PHOTOS}/to-photos`, `${PHOTOS}/15`, `${PHOTOS}/to-out`]);
  });

  it("deployed, asks the site's own image CDN for a feed photo, and no other site's", async () => {
    asked.length = 0;
    const site = "https://www.test-motors.example.com.au";
    const cdn: typeof fetch = async (input) => {
      asked.push(String(input));
      return new Response(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    };
    const photo = await sheetPhoto(`${PHOTOS}/x.jpg`, { ...sources, siteOrigin: site, fetchImpl: cdn });
    expect(photo?.byteLength).toBe(4);
    expect(asked).toEqual([
      `${site}/.netlify/images?url=https%3A%2F%2Fphotos.example.com.au%2Fx.jpg&w=1200&h=800&fit=cover&fm=jpg&q=80`,
    ]);
  });
});
