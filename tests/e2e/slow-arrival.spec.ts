/**
 * On a slow connection a page arrives in pieces and the browser paints each piece as it lands.
 * What is on screen must not move as the next piece arrives (CLS 0 for a shopper on a poor mobile
 * signal, not only on the test machine's loopback). A relay in front of the test server holds each
 * page back at a cut point in its first screenful, then sends the rest.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { E2E_PORT } from "../../playwright.config";
import { expect, test, unexpectedShifts } from "./support";

/** How long the relay holds the rest of the page back: long enough for the browser to paint the first piece. */
const PAUSE_MS = 200;

interface Relay {
  /** The page's address through the relay, sent up to the `cut`-th place a tag opens in its first screenful. */
  url(slug: string, pathname: string, cut: number): string;
  close(): Promise<void>;
}

/** Passes every request to the test server with the tenant's Host; a page asked for with `cut` is sent in two pieces. */
async function startRelay(): Promise<Relay> {
  const server = http.createServer((request, response) => {
    const address = new URL(request.url ?? "/", "http://relay");
    const cut = Number(address.searchParams.get("cut") ?? -1);
    address.searchParams.delete("cut");
    const slug = (request.headers.host ?? "").split(".localhost")[0];
    const upstream = http.get(
      {
        host: "127.0.0.1",
        port: E2E_PORT,
        path: address.pathname + address.search,
        headers: { host: `${slug}.localhost:${E2E_PORT}`, accept: request.headers.accept ?? "*/*" },
      },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on("data", (part: Buffer) => parts.push(part));
        answer.on("end", () => {
          const body = Buffer.concat(parts);
          response.writeHead(answer.statusCode ?? 502, {
            "content-type": String(answer.headers["content-type"] ?? "application/octet-stream"),
          });
          if (cut < 0) {
            response.end(body);
            return;
          }
          const html = body.toString("utf8");
          const at = cutPoints(html)[cut] ?? html.length;
          response.write(html.slice(0, at));
          setTimeout(() => response.end(html.slice(at)), PAUSE_MS);
        });
      },
    );
    upstream.on("error", () => response.writeHead(502).end());
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: (slug, pathname, cut) => `http://${slug}.localhost:${port}${pathname}?cut=${cut}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

/**
 * Where a network piece may end in the page's first screenful: before each of the first tags that
 * open inside <main> (a piece ends anywhere; these are the places where it changes what is painted).
 */
function cutPoints(html: string): number[] {
  const main = html.indexOf("<main");
  const points: number[] = [];
  const tag = /<(?:h1|h2|p|form|div|section|nav|ul|a|button|img|picture|dl)[\s>]/g;
  tag.lastIndex = html.indexOf(">", main) + 1;
  for (let found = tag.exec(html); found && points.length < CUTS; found = tag.exec(html))
    points.push(found.index);
  return points;
}
const CUTS = 12;

/** The pages a shopper lands on first: every kind of home page (a dealer, a group, a caravan yard), a car, the search. */
const LANDINGS = [
  ["harbourside-toyota", "/"],
  ["sunstate-motor-group", "/"],
  ["westside-auto", "/search/used-cars"],
  ["bayside-nissan", "/contact-us"],
] as const;

let relay: Relay;
test.beforeAll(async () => {
  relay = await startRelay();
});
test.afterAll(async () => {
  await relay.close();
});

for (const width of [390, 1280])
  test(`a page that arrives in pieces moves nothing as each piece lands at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const moved: string[] = [];
    for (const [slug, pathname] of LANDINGS)
      for (let cut = 0; cut < CUTS; cut++) {
        await page.goto(relay.url(slug, pathname, cut));
        // The whole page is in by `load`; a short wait lets the last piece's layout report.
        const shifts = await unexpectedShifts(page, 100);
        if (shifts.length) moved.push(`${slug}${pathname} cut ${cut}: ${JSON.stringify(shifts)}`);
      }
    expect(moved).toEqual([]);
  });
