/**
 * The vehicle page's similar cars against a tenant's Meilisearch server: the request on the wire
 * (a multi-search with the search-only key) and what comes of the answer.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSimilar } from "~/features/search/similar";
import { multiSearch } from "~/features/search/transport/multi-search.client";

interface Seen {
  method: string | undefined;
  url: string | undefined;
  auth: string | undefined;
  type: string | undefined;
  body: { queries: { filter: string[] }[] };
}

const seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: Server;
let host = "";

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({
      method: request.method,
      url: request.url,
      auth: request.headers.authorization,
      type: request.headers["content-type"],
      body: JSON.parse(await read(request)),
    });
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const CAR = { id: 5, make: "Nissan", model: "X-Trail", body: "suv", car_type: "used", price: 28990 };
const search = () =>
  multiSearch({ service: { host, key: "search-only-key" }, indexUrl: "/search-data/cars.json" });

describe("similar cars from a Meilisearch server", () => {
  it("sends one multi-search with the search-only key and shows the hits, model first, without the car", async () => {
    seen.length = 0;
    answer = {
      status: 200,
      body: { results: [{ hits: [{ id: 5 }, { id: 9 }] }, { hits: [{ id: 9 }, { id: 3 }, { id: 4 }] }] },
    };
    const found = await findSimilar<{ id: number }>(CAR, "cars-bayside", search());
    expect(found.map((hit) => hit.id)).toEqual([9, 3, 4]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/multi-search",
      auth: "Bearer search-only-key",
      type: "application/json",
    });
    expect(seen[0]?.body.queries.map((query) => query.filter)).toEqual([
      ['"make"="Nissan"', '"model"="X-Trail"', '"status"="in_stock"', '"price">=18990', '"price"<=38990'],
      ['"body"="suv"', '"status"="in_stock"', '"price">=18990', '"price"<=38990'],
    ]);
  });

  it("asks for the same car type when nothing is similar", async () => {
    seen.length = 0;
    answer = { status: 200, body: { results: [{ hits: [] }, { hits: [{ id: 5 }] }] } };
    expect(await findSimilar<{ id: number }>(CAR, "cars-bayside", search())).toEqual([]);
    expect(seen.map((request) => request.body.queries.map((query) => query.filter))).toEqual([
      [
        ['"make"="Nissan"', '"model"="X-Trail"', '"status"="in_stock"', '"price">=18990', '"price"<=38990'],
        ['"body"="suv"', '"status"="in_stock"', '"price">=18990', '"price"<=38990'],
      ],
      [['"car_type"="used"', '"status"="in_stock"']],
    ]);
  });

  it("fails with the server's status when it cannot answer", async () => {
    answer = { status: 503, body: { message: "down" } };
    await expect(findSimilar(CAR, "cars-bayside", search())).rejects.toThrow(
      "Search service answered HTTP 503",
    );
  });
});
