/**
 * The ad platforms' inventory feeds and the image sitemap of every fixture tenant, as built: each
 * feed is read with a real parser (libxml2 for Google's XML, a strict RFC 4180 reader for Meta's
 * CSV) and every row is checked for every field the platform requires. One request per feed.
 */
import { XmlDocument } from "libxml2-wasm";
import { csvRecords } from "./rfc4180";
import { expect, type FixtureJson, TENANTS, tenantData, tenantGet, test } from "./support";

const G = { g: "http://base.google.com/ns/1.0" };
const SITEMAP = {
  s: "http://www.sitemaps.org/schemas/sitemap/0.9",
  image: "http://www.google.com/schemas/sitemap-image/1.1",
};

/** A used X-Trail in stock, priced excluding government charges: a plain row of both feeds. */
const PLAIN_CAR = { tenant: "bayside-nissan", id: "550014", slug: "2024-nissan-x-trail-st-2wd-550014" };
/** A new X-Trail arriving soon: Meta lists it as pending, Google waits until it is at the dealership. */
const COMING_SOON = { tenant: "bayside-nissan", id: "550040" };

const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const PRICE = /^\d+(\.\d{2})? AUD$/;

const soldInFixture = (car: FixtureJson) => car.status === "sold" || car.sold === true;

interface GoogleItem {
  fields: Map<string, string[]>;
  one(name: string): string;
}

async function googleItems(request: Parameters<typeof tenantGet>[0], slug: string): Promise<GoogleItem[]> {
  const response = await tenantGet(request, slug, "/feeds/google-vehicle-ads.xml");
  expect(response.status()).toBe(200);
  const doc = XmlDocument.fromString(await response.text());
  try {
    expect(doc.root.name).toBe("rss");
    expect(doc.get("/rss/@version")?.content).toBe("2.0");
    return doc.find("/rss/channel/item").map((item) => {
      const fields = new Map<string, string[]>();
      for (const child of item.find("g:*", G)) {
        const name = (child as unknown as { name: string }).name;
        fields.set(name, [...(fields.get(name) ?? []), child.content]);
      }
      for (const part of item.find("g:vehicle_fulfillment/g:*", G)) {
        const name = `vehicle_fulfillment/${(part as unknown as { name: string }).name}`;
        fields.set(name, [...(fields.get(name) ?? []), part.content]);
      }
      return {
        fields,
        one(name: string) {
          const values = fields.get(name) ?? [];
          expect(values, `${name} of item ${fields.get("id")}`).toHaveLength(1);
          return values[0] as string;
        },
      };
    });
  } finally {
    doc.dispose();
  }
}

test("every tenant's Google vehicle ads feed has every required attribute on every item", async ({
  request,
}) => {
  const counts: Record<string, number> = {};
  for (const slug of TENANTS) {
    const { site, cars } = tenantData(slug);
    const byId = new Map([...cars.values()].map((car) => [String(car.id), car]));
    const items = await googleItems(request, slug);
    counts[slug] = items.length;
    const vins = new Set<string>();
    for (const item of items) {
      const id = item.one("id");
      const car = byId.get(id);
      expect(car, `${slug} item ${id} is a fixture car`).toBeDefined();
      expect(soldInFixture(car), `${slug} ${id} is not sold`).toBe(false);
      expect(car.status).toBe("in_stock");
      expect(car.item_type ?? "car").toBe("car");
      const title = item.one("title");
      expect(title.length).toBeGreaterThan(0);
      expect(title.length).toBeLessThanOrEqual(150);
      expect(item.one("description").length).toBeGreaterThan(0);
      expect(item.one("link")).toBe(`${site.url}/cars/${car.slug}`);
      expect(item.one("image_link")).toMatch(/^https:\/\//);
      expect((item.fields.get("additional_image_link") ?? []).length).toBeLessThanOrEqual(10);
      expect(item.one("price")).toMatch(PRICE);
      expect(Number.parseFloat(item.one("price"))).toBe(car.price);
      expect([
        "drive_away_price",
        "estimated_drive_away_price",
        "excluding_government_charges_price",
      ]).toContain(item.one("vehicle_price_type"));
      expect(item.one("condition")).toBe(car.car_type === "new" ? "new" : "used");
      expect(["yes", "no"]).toContain(item.one("certified_pre-owned"));
      const vin = item.one("vin");
      expect(vin).toMatch(VIN);
      expect(vins.has(vin), `${slug}: VIN ${vin} listed once`).toBe(false);
      vins.add(vin);
      expect(item.one("brand")).toBe(car.make);
      expect(item.one("model")).toBe(car.model);
      expect(item.one("year")).toBe(String(car.year));
      expect(item.one("mileage")).toMatch(/^\d+ km$/);
      expect(item.one("color").length).toBeGreaterThan(0);
      expect(item.one("vehicle_fulfillment/option")).toBe("in_store");
      expect(item.one("vehicle_fulfillment/store_code")).toBe(item.one("store_code"));
      expect(item.one("dealership_name").length).toBeGreaterThan(0);
      expect(item.one("dealership_address")).toMatch(/ [A-Z]{2,3} \d{4}, AU$/);
      expect(item.one("google_product_category")).toBe("916");
    }
  }
  // Caravans and motorhomes are not Google's: the caravan dealer has no Google rows at all.
  expect(counts["outback-caravans"]).toBe(0);
  expect(counts["bayside-nissan"]).toBeGreaterThan(0);

  const plain = (await googleItems(request, PLAIN_CAR.tenant)).find(
    (item) => item.one("id") === PLAIN_CAR.id,
  );
  expect(plain).toBeDefined();
  expect(
    Object.fromEntries(
      [
        "price",
        "vehicle_price_type",
        "condition",
        "mileage",
        "color",
        "vin",
        "store_code",
        "dealership_name",
        "dealership_address",
        "image_link",
      ].map((name) => [name, plain?.one(name)]),
    ),
  ).toEqual({
    price: "28990 AUD",
    vehicle_price_type: "excluding_government_charges_price",
    condition: "used",
    mileage: "45370 km",
    color: "Diamond Black",
    vin: "JN8SPYGF6RE550014",
    store_code: "bayside-nissan-moorabbin",
    dealership_name: "Bayside Nissan Moorabbin",
    dealership_address: "950 Nepean Highway, Moorabbin VIC 3189, AU",
    image_link: "https://www.bayside-nissan.example.com.au/media/sample/suv-black-front.jpg",
  });
});

const META_REQUIRED = [
  "vehicle_id",
  "title",
  "description",
  "url",
  "make",
  "model",
  "year",
  "mileage.value",
  "mileage.unit",
  "image[0].url",
  "body_style",
  "exterior_color",
  "vin",
  "state_of_vehicle",
  "price",
  "availability",
  "vehicle_type",
  "dealer_name",
  "address.addr1",
  "address.city",
  "address.region",
  "address.postal_code",
  "address.country",
  "latitude",
  "longitude",
];

test("every tenant's Meta vehicle catalog has every required field on every row", async ({ request }) => {
  const rowsOf: Record<string, Record<string, string>[]> = {};
  for (const slug of TENANTS) {
    const { site, cars } = tenantData(slug);
    const byId = new Map([...cars.values()].map((car) => [String(car.id), car]));
    const response = await tenantGet(request, slug, "/feeds/meta-vehicles.csv");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    const rows = csvRecords(await response.text());
    rowsOf[slug] = rows;
    for (const row of rows) {
      for (const name of META_REQUIRED) expect(row[name], `${slug} ${row.vehicle_id} ${name}`).not.toBe("");
      const car = byId.get(row.vehicle_id as string);
      expect(car, `${slug} row ${row.vehicle_id} is a fixture car`).toBeDefined();
      expect(soldInFixture(car)).toBe(false);
      expect(row.url).toBe(`${site.url}/cars/${car.slug}`);
      expect(row.title?.length).toBeLessThanOrEqual(150);
      expect(row["mileage.value"]).toMatch(/^\d+$/);
      expect(row["mileage.unit"]).toBe("KM");
      expect(row["image[0].url"]).toMatch(/^https:\/\//);
      expect(row.vin).toMatch(VIN);
      expect(row.price).toMatch(PRICE);
      expect(Number.parseFloat(row.price as string)).toBe(car.price);
      expect(["NEW", "USED", "CPO"]).toContain(row.state_of_vehicle);
      expect(["AVAILABLE", "PENDING", "NOT_AVAILABLE"]).toContain(row.availability);
      expect(["CAR_TRUCK", "RV_CAMPER", "TRAILER"]).toContain(row.vehicle_type);
      expect(row["address.country"]).toBe("AU");
      expect(row["address.postal_code"]).toMatch(/^\d{4}$/);
      for (const [name, values] of [
        [
          "body_style",
          [
            "CONVERTIBLE",
            "COUPE",
            "HATCHBACK",
            "PICKUP",
            "SEDAN",
            "SUV",
            "TRUCK",
            "VAN",
            "WAGON",
            "MINIVAN",
            "OTHER",
          ],
        ],
        ["transmission", ["", "AUTOMATIC", "MANUAL"]],
        ["fuel_type", ["", "PETROL", "DIESEL", "HYBRID", "PLUGIN_HYBRID", "ELECTRIC"]],
        ["drivetrain", ["", "AWD", "FOUR_WD", "FWD", "RWD", "TWO_WD"]],
      ] as const) {
        expect(values as readonly string[], `${slug} ${row.vehicle_id} ${name}`).toContain(row[name]);
      }
    }
  }
  const bayside = rowsOf["bayside-nissan"] ?? [];
  const plain = bayside.find((row) => row.vehicle_id === PLAIN_CAR.id);
  expect(plain && [plain.price, plain.state_of_vehicle, plain.availability, plain["mileage.value"]]).toEqual([
    "28990 AUD",
    "USED",
    "AVAILABLE",
    "45370",
  ]);
  expect(
    plain && [plain["address.addr1"], plain["address.city"], plain["address.region"], plain.latitude],
  ).toEqual(["950 Nepean Highway", "Moorabbin", "VIC", "-37.941"]);
  expect(bayside.find((row) => row.vehicle_id === COMING_SOON.id)?.availability).toBe("PENDING");
  // The caravan dealer's towed vans go to Meta as trailers.
  expect((rowsOf["outback-caravans"] ?? []).some((row) => row.vehicle_type === "TRAILER")).toBe(true);
});

test("sold cars inside the sold window are on the site but in no ad feed", async ({ request }) => {
  let publishedSold = 0;
  for (const slug of TENANTS) {
    const { cars } = tenantData(slug);
    const sitemap = await (await tenantGet(request, slug, "/sitemap.xml")).text();
    const google = await (await tenantGet(request, slug, "/feeds/google-vehicle-ads.xml")).text();
    const meta = await (await tenantGet(request, slug, "/feeds/meta-vehicles.csv")).text();
    for (const car of cars.values()) {
      if (!soldInFixture(car) || !sitemap.includes(`/cars/${car.slug}</loc>`)) continue;
      publishedSold++;
      expect(google).not.toContain(`/cars/${car.slug}<`);
      expect(meta).not.toContain(`/cars/${car.slug},`);
    }
  }
  expect(publishedSold).toBeGreaterThan(0);
});

test("the sitemap lists each car page's photos for image search", async ({ request }) => {
  const xml = await (await tenantGet(request, PLAIN_CAR.tenant, "/sitemap.xml")).text();
  const doc = XmlDocument.fromString(xml);
  try {
    const images = doc
      .find(
        `/s:urlset/s:url[s:loc="https://www.bayside-nissan.example.com.au/cars/${PLAIN_CAR.slug}"]/image:image/image:loc`,
        SITEMAP,
      )
      .map((node) => node.content);
    expect(images.slice(0, 2)).toEqual([
      "https://www.bayside-nissan.example.com.au/media/sample/suv-black-front.jpg",
      "https://www.bayside-nissan.example.com.au/media/sample/suv-black-side.jpg",
    ]);
  } finally {
    doc.dispose();
  }
});
