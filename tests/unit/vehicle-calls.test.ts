/**
 * The vehicle page's server calls against real storage (PGlite in memory) with real Requests:
 * phone reveal record, view counter (view.json), car PDF; plus the call box's masking rule and the
 * functions mounted by the local server.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carFields } from "~/features/vehicle/car-fields";
import { createCarPdfHandler, readPhoto, sheetPhoto } from "~/features/vehicle/car-pdf";
import { createCarViewHandler } from "~/features/vehicle/car-view.server";
import { callBox, maskPhone } from "~/features/vehicle/phone";
import { createPhoneRevealHandler } from "~/features/vehicle/phone-reveal.server";
import { vehicleDb } from "~/features/vehicle/tables";
import { type Db, openDb } from "~/lib/db/db.server";
import type { TenantData } from "~/tenant/tenant.server";
import { createApp } from "../../scripts/lib/app";
import { makeCar, makeLocation, makeSite, NOW } from "./helpers";

const HOST = "test-motors.localhost:4321";
const site = makeSite({ theme: { primary: "#12343b", accent: "#c2410c" } });
const location = makeLocation({
  id: 7,
  name: "Test Motors Brisbane",
  contact_detail: { phone: "+61 7 3123 4567" },
});
const car = makeCar({
  id: 101,
  slug: "2022-toyota-corolla-ascent-sport",
  location_id: 7,
  views: 40,
  before_price: 31990,
  km: 45210,
  vin: "JTDBR32E720123456",
  colour: "Crystal Pearl",
  standardEquipment: ["Reversing camera", "Apple CarPlay", "Adaptive cruise control"],
  images: [{ url: "/media/test/corolla.jpg" }],
  finance_lenders: { "360 Finance": { interestRate: 9.5, comparisonRate: 10.1, disclaimer: "internal" } },
  dealercomments: "<p>One owner.</p>",
});
const noPhotoCar = makeCar({
  id: 102,
  slug: "2019-mazda-cx-5-maxx",
  name: "2019 Mazda CX-5 Maxx",
  make: "Mazda",
  model: "CX-5",
  location_id: 7,
});
const data: TenantData = {
  site,
  locations: [location],
  offers: [],
  pages: [],
  cars: [car, noPhotoCar],
  now: NOW.toISOString(),
};

let db: Db;
let assets: string;
const context = {
  tenantFor: (req: Request) => /^([a-z0-9-]+)\.localhost/.exec(req.headers.get("host") ?? "")?.[1] ?? null,
  snapshot: (slug: string) => (slug === "test-motors" ? data : null),
};

beforeAll(async () => {
  db = await openDb({ kind: "pglite", dataDir: null });
  assets = mkdtempSync(path.join(os.tmpdir(), "car-pdf-"));
  mkdirSync(path.join(assets, "media/test"), { recursive: true });
  await sharp({ create: { width: 1600, height: 1067, channels: 3, background: "#1d4ed8" } })
    .jpeg()
    .toFile(path.join(assets, "media/test/corolla.jpg"));
}, 180_000);
afterAll(async () => {
  await db?.destroy();
});

function request(pathname: string, init: RequestInit & { host?: string; ip?: string } = {}): Request {
  const headers = new Headers(init.headers);
  headers.set("host", init.host ?? HOST);
  if (init.ip) headers.set("x-forwarded-for", init.ip);
  return new Request(`http://localhost${pathname}`, { ...init, headers });
}

describe("call-the-dealer box (spec §4, §5)", () => {
  it.each([
    ["07 3123 4567", "07 31XX XXXX"],
    ["04 1234 5678", "04 12XX XXXX"],
    ["13 1234", "13 12XX"],
    ["+64 9 123 4567", "+64 9 XXX XXXX"],
  ])("masks %j after the first 5 characters as %j", (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it("formats the location's number, links it as tel: and masks it until click", () => {
    expect(callBox(location, true)).toEqual({
      phone: "07 3123 4567",
      tel: "tel:0731234567",
      masked: "07 31XX XXXX",
    });
  });

  it("shows the number at once when the site does not mask it", () => {
    expect(callBox(location, false)?.masked).toBeNull();
  });

  it.each([
    ["no location", null],
    ["a location without phone", makeLocation({ contact_detail: { phone: null } })],
    ["a blank phone", makeLocation({ contact_detail: { phone: "  " } })],
  ])("is omitted for %s", (_case, where) => {
    expect(callBox(where, true)).toBeNull();
  });
});

describe("POST /api/phone-reveal (spec §7 phone reveal record)", () => {
  const handler = createPhoneRevealHandler({ ...context, db: async () => db, now: () => NOW });
  const post = async (body: unknown, init: { contentType?: string; ip?: string; raw?: string } = {}) => {
    const response = await handler(
      request("/api/phone-reveal", {
        method: "POST",
        headers: { "content-type": init.contentType ?? "application/json" },
        body: init.raw ?? JSON.stringify(body),
        ...(init.ip ? { ip: init.ip } : {}),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("stores car_id, dealership_id and website_id and answers 201", async () => {
    const { status, body } = await post(
      { car_id: 101, dealership_id: 1, website_id: "test-motors" },
      { ip: "203.0.113.5" },
    );
    expect(status).toBe(201);
    const row = await vehicleDb(db)
      .selectFrom("phone_reveals")
      .selectAll()
      .where("id", "=", String(body.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenant: "test-motors",
      car_id: 101,
      dealership_id: 1,
      website_id: "test-motors",
      // The network, never the address (src/server/client-record.ts).
      client_ip: null,
      client_network: "203.0.113.0/24",
    });
  });

  it("takes ids as numeric strings and defaults website_id to the site", async () => {
    const { status, body } = await post({ car_id: "101", dealership_id: "1" });
    expect(status).toBe(201);
    const row = await vehicleDb(db)
      .selectFrom("phone_reveals")
      .select("website_id")
      .where("id", "=", String(body.id))
      .executeTakeFirstOrThrow();
    expect(row.website_id).toBe("test-motors");
  });

  it.each<[string, unknown, string]>([
    ["a missing car_id", { dealership_id: 1, website_id: "x" }, "car_id"],
    ["a non-numeric car_id", { car_id: "abc", dealership_id: 1 }, "car_id"],
    ["a negative dealership_id", { car_id: 101, dealership_id: -1 }, "dealership_id"],
    ["a fractional car_id", { car_id: 1.5, dealership_id: 1 }, "car_id"],
    ["an empty website_id", { car_id: 101, dealership_id: 1, website_id: " " }, "website_id"],
    ["a dealership that is not the car's", { car_id: 101, dealership_id: 2 }, "dealership_id"],
  ])("answers 400 naming the field for %s", async (_case, body, field) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.fields).toHaveProperty(field);
  });

  it.each<[string, number, { raw?: string; contentType?: string }]>([
    ["a body that is not JSON", 400, { raw: "car_id=101" }],
    ["an array body", 400, { raw: "[1,2]" }],
    ["a form post", 415, { contentType: "application/x-www-form-urlencoded" }],
    [
      "a huge body",
      413,
      { raw: JSON.stringify({ car_id: 101, dealership_id: 1, website_id: "x".repeat(10_000) }) },
    ],
  ])("answers %s with %d", async (_case, status, init) => {
    expect((await post({ car_id: 101, dealership_id: 1 }, init)).status).toBe(status);
  });

  it("answers 404 for a car the site does not publish and for an unknown site", async () => {
    expect((await post({ car_id: 999, dealership_id: 1 })).status).toBe(404);
    const response = await handler(
      request("/api/phone-reveal", {
        method: "POST",
        host: "nobody.localhost",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ car_id: 101, dealership_id: 1 }),
      }),
    );
    expect(response.status).toBe(404);
  });

  it("answers 405 to a GET", async () => {
    expect((await handler(request("/api/phone-reveal"))).status).toBe(405);
  });

  it("limits one client to 30 reveals a minute (429 with Retry-After)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await post({ car_id: 101, dealership_id: 1 }, { ip: "198.51.100.9" })).status);
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("GET /cars/{slug}/view.json (spec §7 view counter)", () => {
  let clock = NOW;
  const handler = createCarViewHandler({ ...context, db: async () => db, now: () => clock });
  let viewer = 0;
  /** A view from a client of its own unless `ip` names one. */
  const get = async (pathname: string, ip = `198.51.100.${++viewer % 250}`) => {
    const response = await handler(request(pathname, { ip }));
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const view = `/cars/${car.slug}/view.json`;

  it("counts each view on top of the feed's own count and answers views with car_fields", async () => {
    const first = await get(`${view}?photos_count=1&updated_at=2026-06-01T00:00:00Z&website_id=test-motors`);
    expect(first.status).toBe(200);
    expect(first.body.views).toBe(41);
    expect((await get(view)).body.views).toBe(42);
  });

  it("counts one view per client per car an hour, however often it asks", async () => {
    const ip = "203.0.113.77";
    const start = Number((await get(`${view}?count=0`)).body.views);
    for (let i = 0; i < 5; i++) await get(view, ip);
    expect((await get(`${view}?count=0`)).body.views).toBe(start + 1);
    // Another address of the same IPv6 /64 is the same client; another client counts.
    await get(view, "2001:db8:1:2::1");
    await get(view, "2001:db8:1:2::99");
    await get(view, "203.0.113.78");
    expect((await get(`${view}?count=0`)).body.views).toBe(start + 3);
    // The next hour, the first client's view counts again.
    clock = new Date(NOW.getTime() + 3_600_000);
    try {
      await get(view, ip);
      expect((await get(`${view}?count=0`)).body.views).toBe(start + 4);
    } finally {
      clock = NOW;
    }
  });

  it("keeps who viewed as a hash, never the address", async () => {
    await get(view, "203.0.113.201");
    const buckets = await db
      .selectFrom("rate_limits" as never)
      .select("bucket" as never)
      .where("bucket" as never, "like", "car-viewed:%" as never)
      .execute();
    expect(buckets.length).toBeGreaterThan(0);
    for (const { bucket } of buckets as { bucket: string }[]) {
      expect(bucket).toMatch(/^car-viewed:test-motors:\d+:[0-9a-f]{32}$/);
    }
  });

  it("limits how often one client may call it (429 with Retry-After)", async () => {
    const limited = createCarViewHandler({
      ...context,
      db: async () => db,
      now: () => NOW,
      rateLimit: { hits: 3, windowMs: 60_000 },
    });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await limited(request(`${view}?count=0`, { ip: "192.0.2.44" }));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("reads without counting when asked with count=0", async () => {
    const before = (await get(`${view}?count=0`)).body.views;
    expect((await get(`${view}?count=0`)).body.views).toBe(before);
  });

  it("counts concurrent views without losing any", async () => {
    const start = Number((await get(`${view}?count=0`)).body.views);
    await Promise.all(Array.from({ length: 20 }, () => get(view)));
    expect((await get(`${view}?count=0`)).body.views).toBe(start + 20);
  });

  it("starts a car without a feed count at 1", async () => {
    expect((await get(`/cars/${noPhotoCar.slug}/view.json`)).body.views).toBe(1);
  });

  it("answers a small public subset of the car, never lender data or dealer notes", async () => {
    const fields = (await get(`${view}?count=0`)).body.car_fields as Record<string, unknown>;
    expect(fields).toMatchObject({
      id: 101,
      slug: car.slug,
      name: car.name,
      price_text: "$29,990",
      was_price_text: "$31,990",
      km: 45210,
      image: { url: "/media/test/corolla.jpg" },
      dealer: { name: "Test Motors Brisbane", phone: "07 3123 4567", tel: "tel:0731234567" },
      url: `https://www.test-motors.example.com.au/cars/${car.slug}`,
    });
    expect(JSON.stringify(fields)).not.toMatch(/finance_lenders|interestRate|One owner|dealercomments/);
  });

  it.each([
    ["a bad photos_count", `${view}?photos_count=many`],
    ["a bad updated_at", `${view}?updated_at=yesterday`],
    ["a bad count", `${view}?count=2`],
    ["an unknown parameter", `${view}?debug=1`],
  ])("answers 400 for %s", async (_case, pathname) => {
    const response = await get(pathname);
    expect(response.status).toBe(400);
    expect(response.body.fields).toBeTypeOf("object");
  });

  it("answers 404 JSON for an unknown car and 405 for a POST", async () => {
    expect(await get("/cars/no-such-car/view.json")).toMatchObject({
      status: 404,
      body: { error: "We couldn't find that vehicle. It may have been sold or removed." },
    });
    expect((await handler(request(view, { method: "POST" }))).status).toBe(405);
  });
});

/** The text a page draws, decoded from its (Flate) content stream's hex strings. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const contents = pdf.getPages()[0]?.node.Contents();
  const streams = contents && "asArray" in contents ? contents.asArray() : [contents];
  let text = "";
  for (const ref of streams) {
    const stream = pdf.context.lookup(ref as never) as PDFRawStream;
    const raw = stream.dict.get(PDFName.of("Filter"))
      ? inflateSync(stream.contents)
      : Buffer.from(stream.contents);
    for (const match of raw.toString("latin1").matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      text += `${Buffer.from(match[1] ?? "", "hex").toString("latin1")}\n`;
    }
  }
  return text;
}

describe("GET /api/car-pdf (spec §4 print PDF, §7 car PDF by slug)", () => {
  const handler = createCarPdfHandler({
    ...context,
    assetRoots: () => [assets],
    siteOrigin: null,
    now: () => NOW,
  });
  const get = (query: string) => handler(request(`/api/car-pdf${query}`));

  it("answers a one-page PDF named by slug with photo, name, price, key specs and dealer", async () => {
    const response = await get(`?slug=${car.slug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${car.slug}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(car.name);
    const images = pdf.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
      );
    expect(images).toHaveLength(1);
    const text = await pdfText(bytes);
    for (const expected of [
      car.name,
      "$29,990",
      "$31,990",
      "Key specifications",
      "Odometer",
      "45,210 km",
      "Crystal Pearl",
      "Test Motors Brisbane",
      "1 Main Street, Brisbane QLD 4000",
      "Phone 07 3123 4567",
      "Reversing camera",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("still makes the PDF when the car has no readable photo", async () => {
    const response = await get(`?slug=${noPhotoCar.slug}`);
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("2019 Mazda CX-5 Maxx");
  });

  it.each([
    ["no slug", ""],
    ["a slug with a path in it", "?slug=../../etc/passwd"],
    ["an extra parameter", `?slug=${car.slug}&page=2`],
  ])("answers 400 JSON for %s", async (_case, query) => {
    const response = await get(query);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe("Invalid PDF request.");
  });

  it("answers 404 JSON with a message the button can alert for an unknown car", async () => {
    const response = await get("?slug=no-such-car");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "We couldn't find that vehicle. It may have been sold or removed.",
    });
  });

  it("reads photos only inside the asset folders", async () => {
    const local = { roots: [assets], siteOrigin: null, imageHosts: [] };
    expect(await readPhoto("/media/test/corolla.jpg", local)).toBeInstanceOf(Buffer);
    expect(await readPhoto("/../etc/passwd", local)).toBeNull();
    expect(await readPhoto("//evil.example/x.jpg", local)).toBeNull();
    expect(await readPhoto("http://plain.example/x.jpg", local)).toBeNull();
  });

  it("fetches a site-relative photo from the site itself when no folder has it (deployed functions)", async () => {
    const asked: string[] = [];
    const jpeg = readFileSync(path.join(assets, "media/test/corolla.jpg"));
    const siteFetch = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response(jpeg, { headers: { "content-type": "image/jpeg" } });
    }) as typeof fetch;
    const sources = { roots: [assets], imageHosts: [], fetchImpl: siteFetch };
    const photo = await readPhoto("/media/elsewhere/x.jpg", {
      ...sources,
      siteOrigin: "https://www.test-motors.example.com.au",
    });
    expect(photo?.equals(jpeg)).toBe(true);
    expect(asked).toEqual(["https://www.test-motors.example.com.au/media/elsewhere/x.jpg"]);
    expect(await readPhoto("/media/elsewhere/x.jpg", { ...sources, siteOrigin: null })).toBeNull();
  });

  it("deployed, asks the image CDN for the photo as a sheet-sized JPEG and embeds it as it comes", async () => {
    const asked: string[] = [];
    const jpeg = readFileSync(path.join(assets, "media/test/corolla.jpg"));
    const cdn = (async (input: string | URL | Request) => {
      asked.push(String(input));
      return new Response(jpeg, { headers: { "content-type": "image/jpeg" } });
    }) as typeof fetch;
    const deployed = createCarPdfHandler({
      ...context,
      assetRoots: () => [],
      siteOrigin: "https://www.test-motors.example.com.au",
      fetchImpl: cdn,
      now: () => NOW,
    });
    const response = await deployed(request(`/api/car-pdf?slug=${car.slug}`));
    expect(response.status).toBe(200);
    expect(asked).toEqual([
      "https://www.test-motors.example.com.au/.netlify/images?url=%2Fmedia%2Ftest%2Fcorolla.jpg&w=1200&h=800&fit=cover&fm=jpg&q=80",
    ]);
    const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
    const images = pdf.context
      .enumerateIndirectObjects()
      .filter(
        ([, object]) =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
      );
    expect(images).toHaveLength(1);
    // The CDN's JPEG goes in byte for byte: nothing in the function decodes or re-encodes it.
    const stream = images[0]?.[1];
    expect(stream).toBeInstanceOf(PDFRawStream);
    expect(Buffer.from((stream as PDFRawStream).contents).equals(jpeg)).toBe(true);
  });

  it("falls back to the original when the CDN refuses the photo, and skips a format a PDF cannot hold", async () => {
    const jpeg = readFileSync(path.join(assets, "media/test/corolla.jpg"));
    const webp = await sharp(jpeg).webp().toBuffer();
    const site = "https://www.test-motors.example.com.au";
    const refusingCdn = (async (input: string | URL | Request) =>
      String(input).includes("/.netlify/images")
        ? new Response("remote image not allowed", { status: 400 })
        : new Response(jpeg)) as typeof fetch;
    const feedHost = { roots: [], imageHosts: ["https://photos.example.com"] };
    expect(
      (
        await sheetPhoto("https://photos.example.com/x.jpg", {
          ...feedHost,
          siteOrigin: site,
          fetchImpl: refusingCdn,
        })
      )?.equals(jpeg),
    ).toBe(true);
    expect(
      await sheetPhoto("https://photos.example.com/x.webp", {
        ...feedHost,
        siteOrigin: null,
        fetchImpl: async () => new Response(webp),
      }),
    ).toBeNull();
    expect(
      (
        await sheetPhoto("/media/test/corolla.jpg", { roots: [assets], siteOrigin: null, imageHosts: [] })
      )?.equals(jpeg),
    ).toBe(true);
  });

  it("names car and dealer in the car_fields it builds from", () => {
    expect(carFields(data, car).dealer.address).toBe("1 Main Street, Brisbane QLD 4000");
  });
});

describe("functions mounted by the local server", () => {
  it("answers /cars/{slug}/view.json from the function, not a static file, and JSON 404 for an unknown car", async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), "view-route-"));
    const dist = path.join(work, "dist/test-motors");
    mkdirSync(path.join(dist, "cars/a-car"), { recursive: true });
    writeFileSync(path.join(dist, "index.html"), "<h1>home</h1>");
    writeFileSync(path.join(dist, "cars/a-car/view.json"), '{"static":true}');
    const app = await createApp({
      distDir: path.join(work, "dist"),
      functionsDir: path.resolve("src/functions"),
      port: 4321,
      cacheDir: path.join(work, "cache"),
    });
    const previous = process.env.TENANT_CACHE_DIR;
    process.env.TENANT_CACHE_DIR = path.join(work, "snapshots");
    try {
      const response = await app.request("http://localhost:4321/cars/a-car/view.json", {
        headers: { host: HOST },
      });
      // No snapshot for test-motors in this folder: the function answers, not the static file.
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).not.toHaveProperty("static");
    } finally {
      if (previous === undefined) delete process.env.TENANT_CACHE_DIR;
      else process.env.TENANT_CACHE_DIR = previous;
    }
  });
});
