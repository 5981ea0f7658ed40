/**
 * Stock syndication: the image sitemap and the ad platforms' feeds, read back with libxml2 (a real
 * XML parser) and an RFC 4180 reader, so escaping is checked the way the platforms read it.
 */
import { XmlDocument } from "libxml2-wasm";
import { describe, expect, it } from "vitest";
import { absolutePhotoUrls } from "~/features/media/media";
import { googleVehicle, googleVehicleFeed } from "~/features/syndication/google";
import { csvField, type MetaVehicle, metaVehicle, metaVehicleFeed } from "~/features/syndication/meta";
import { sitemapXml } from "~/features/syndication/sitemap";
import type { Car } from "~/tenant/schemas/car";
import { csvRecords, readCsv } from "../e2e/rfc4180";
import { type CarInput, makeCar, makeLocation, makeSite } from "./helpers";

const SITE_URL = "https://www.test-motors.example.com.au";
const NS = {
  s: "http://www.sitemaps.org/schemas/sitemap/0.9",
  image: "http://www.google.com/schemas/sitemap-image/1.1",
};

/** Every text of `xpath` in `xml`, parsed by libxml2. */
function texts(xml: string, xpath: string, namespaces: Record<string, string>): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    return doc.find(xpath, namespaces).map((node) => node.content);
  } finally {
    doc.dispose();
  }
}

describe("image sitemap", () => {
  const car = makeCar({
    slug: "2022-toyota-corolla-ascent-sport-1",
    images: [
      { url: "/media/cars/1.jpg" },
      { url: "https://images.feedhost.example.com.au/car.jpg?w=1600&h=900" },
      { url: "https://video.feedhost.example.com.au/walk.mp4", video: true },
    ],
  });

  it("lists a car page's photos as absolute image:loc, videos left out, & escaped", () => {
    const xml = sitemapXml(
      [
        { loc: "/", lastmod: "2026-06-15" },
        { loc: `/cars/${car.slug}`, lastmod: "2026-06-01", images: absolutePhotoUrls(car, SITE_URL) },
      ],
      SITE_URL,
    );
    expect(texts(xml, "/s:urlset/s:url/s:loc", NS)).toEqual([
      "https://www.test-motors.example.com.au/",
      "https://www.test-motors.example.com.au/cars/2022-toyota-corolla-ascent-sport-1",
    ]);
    expect(texts(xml, "/s:urlset/s:url[2]/image:image/image:loc", NS)).toEqual([
      "https://www.test-motors.example.com.au/media/cars/1.jpg",
      "https://images.feedhost.example.com.au/car.jpg?w=1600&h=900",
    ]);
    expect(texts(xml, "/s:urlset/s:url[1]/image:image", NS)).toEqual([]);
    expect(xml).toContain("car.jpg?w=1600&amp;h=900");
  });

  it("never lists the image-not-found picture of a car without photos", () => {
    expect(absolutePhotoUrls(makeCar({ images: [] }), SITE_URL)).toEqual([]);
    expect(absolutePhotoUrls(makeCar({ images: [], primary_image_url: "/media/p.jpg" }), SITE_URL)).toEqual([
      "https://www.test-motors.example.com.au/media/p.jpg",
    ]);
  });
});

// --- Google vehicle ads -------------------------------------------------------------------------

const G = { g: "http://base.google.com/ns/1.0" };
const VIN = "JTNKU3JE60J021675";
const site = makeSite({ url: SITE_URL });
const location = makeLocation({ id: 7, name: "Test Motors Brisbane", slug: "test-motors-brisbane" });

/** A used car Google accepts as it is; each test changes only what it is about. */
const goodCar = (overrides: Partial<CarInput> = {}) =>
  makeCar({
    id: 101,
    slug: "2022-toyota-corolla-ascent-sport-101",
    vin: VIN,
    km: 45210,
    colour: "Glacier White",
    badge: "Ascent Sport",
    simple_body: "hatch",
    simple_transmission: "Automatic",
    simple_fuel: "Petrol",
    price_type: "Excl. Government Charges",
    location_id: 7,
    images: [{ url: "/media/cars/101-1.jpg" }, { url: "/media/cars/101-2.jpg" }],
    ...overrides,
  });

const source = (cars: Car[], locations = [location]) => ({ site, locations, cars });
const google = (overrides: Partial<CarInput> = {}) => googleVehicle(goodCar(overrides), source([]));
const reason = (mapped: { ok: boolean; reason?: string }) => (mapped.ok ? "accepted" : mapped.reason);

describe("Google vehicle ads: one row", () => {
  it("maps a used car to every required attribute", () => {
    const mapped = google();
    expect(mapped).toEqual({
      ok: true,
      row: {
        id: "101",
        title: "2022 Toyota Corolla Ascent Sport",
        description:
          "2022 Toyota Corolla Ascent Sport in Glacier White for sale at Test Motors, $29,990, 45,210 km, Automatic, hatch, Brisbane. Stock TM1001.",
        link: "https://www.test-motors.example.com.au/cars/2022-toyota-corolla-ascent-sport-101",
        image_link: "https://www.test-motors.example.com.au/media/cars/101-1.jpg",
        additional_image_link: ["https://www.test-motors.example.com.au/media/cars/101-2.jpg"],
        price: "29990 AUD",
        vehicle_price_type: "excluding_government_charges_price",
        condition: "used",
        "certified_pre-owned": "no",
        vin: VIN,
        brand: "Toyota",
        make: "Toyota",
        model: "Corolla",
        year: 2022,
        mileage: "45210 km",
        color: "Glacier White",
        trim: "Ascent Sport",
        body_style: "hatchback",
        engine: "gasoline",
        transmission: "automatic",
        vehicle_fulfillment: { option: "in_store", store_code: "test-motors-brisbane" },
        store_code: "test-motors-brisbane",
        dealership_name: "Test Motors Brisbane",
        dealership_address: "1 Main Street, Brisbane QLD 4000, AU",
        google_product_category: "916",
      },
    });
  });

  it("condition: new, used, demo as used, certified used pre-owned", () => {
    const pick = (overrides: Partial<CarInput>) => {
      const mapped = google(overrides);
      return mapped.ok ? [mapped.row.condition, mapped.row["certified_pre-owned"]] : mapped.reason;
    };
    expect(pick({ car_type: "new", price_type: "Drive Away" })).toEqual(["new", "no"]);
    expect(pick({ car_type: "used" })).toEqual(["used", "no"]);
    expect(pick({ car_type: "demo" })).toEqual(["used", "no"]);
    expect(pick({ car_type: "used", certified: true })).toEqual(["used", "yes"]);
    expect(pick({ car_type: "new", certified: true, price_type: "Drive Away" })).toEqual(["new", "no"]);
  });

  it("price: the site's single price and its type, never a weekly or missing price", () => {
    const price = (overrides: Partial<CarInput>) => {
      const mapped = google(overrides);
      return mapped.ok ? [mapped.row.price, mapped.row.vehicle_price_type] : mapped.reason;
    };
    expect(price({ price: 45990, price_type: "Drive Away" })).toEqual(["45990 AUD", "drive_away_price"]);
    expect(price({ price: 18990.5 })).toEqual(["18990.50 AUD", "excluding_government_charges_price"]);
    expect(price({ subscription_price: 128 })).toBe(
      "the site shows a weekly subscription price; ad feeds take sale prices only",
    );
    expect(price({ price: 0 })).toBe('no price shown (the site shows "Enquire for price.")');
    expect(price({ price: 10, preorder: true })).toBe('no price shown (the site shows "PREORDER")');
    expect(price({ price_type: null })).toBe(
      "vehicle_price_type: price type must be Drive Away or Excl. Government Charges (Google requires it in Australia)",
    );
    expect(price({ car_type: "new", price_type: "Excl. Government Charges" })).toBe(
      "vehicle_price_type: a new car's price must be drive away in Australia",
    );
  });

  it("mileage in whole km; a new car without a reading has 0 km, a used one is left out", () => {
    const mileage = (overrides: Partial<CarInput>) => {
      const mapped = google(overrides);
      return mapped.ok ? mapped.row.mileage : mapped.reason;
    };
    expect(mileage({ km: 123456.4 })).toBe("123456 km");
    expect(mileage({ km: null, car_type: "new", price_type: "Drive Away" })).toBe("0 km");
    expect(mileage({ km: null })).toBe("mileage: no odometer reading");
  });

  it("titles longer than Google's 150 characters are cut at a word", () => {
    const name = `2022 Toyota Corolla Ascent Sport ${"Hatchback Premium Pack ".repeat(7)}`.trim();
    expect(name.length).toBe(193);
    const mapped = google({ name });
    expect(mapped.ok && mapped.row.title).toBe(
      "2022 Toyota Corolla Ascent Sport Hatchback Premium Pack Hatchback Premium Pack Hatchback Premium Pack Hatchback Premium Pack Hatchback Premium Pack",
    );
    expect(mapped.ok && mapped.row.title.length).toBe(147);
  });

  it("leaves out cars Google would refuse, with the reason", () => {
    expect(reason(google({ images: [] }))).toBe("image_link: no photo");
    expect(reason(google({ images: [{ url: "/media/walk.mp4", video: true }] }))).toBe(
      "image_link: no photo",
    );
    expect(reason(google({ vin: null }))).toBe("vin: no VIN");
    expect(reason(google({ vin: "JTNKU3JE60J02167" }))).toBe(
      "vin: VIN must be 17 letters and digits (no I, O or Q)",
    );
    expect(reason(google({ colour: null }))).toBe("color: no colour");
    expect(reason(google({ item_type: "caravan", simple_body: "caravan" }))).toBe(
      "caravan: Google vehicle ads take passenger cars and utes only",
    );
    expect(reason(google({ item_type: "motorhome" }))).toBe(
      "motorhome: Google vehicle ads take passenger cars and utes only",
    );
    expect(reason(google({ status: "sold", sold_date_timestamp: 1_780_000_000 }))).toBe(
      "sold: shown on the site inside the sold window, never advertised",
    );
    expect(reason(google({ status: "coming_soon" }))).toBe(
      "coming soon: Google lists cars that are at the dealership now",
    );
    expect(reason(google({ location_id: 99 }))).toBe("location 99 is not in locations.json: no store code");
  });

  it("uses the location's Business Profile store code when it has one", () => {
    const mapped = googleVehicle(
      goodCar(),
      source([], [makeLocation({ ...location, id: 7, store_code: "BNE-01" })]),
    );
    expect(mapped.ok && [mapped.row.store_code, mapped.row.vehicle_fulfillment.store_code]).toEqual([
      "BNE-01",
      "BNE-01",
    ]);
  });
});

describe("Google vehicle ads: the feed", () => {
  it("is RSS 2.0 in Google's namespace, escaped so libxml2 reads the text back", () => {
    const cars = [
      goodCar({ make: "Rolls & <Royce>", model: 'Ghost "Black Badge"', colour: "Black\u0007 & Gold" }),
      goodCar({ id: 102, slug: "b-102", vin: "JTNKU3JE60J021676", status: "sold" }),
    ];
    const feed = googleVehicleFeed(
      source(cars, [makeLocation({ ...location, name: "Smith & Sons <Brisbane>" })]),
    );
    const doc = XmlDocument.fromString(feed.xml);
    try {
      expect(doc.root.name).toBe("rss");
      expect(doc.find("/rss/channel/item", G)).toHaveLength(1);
      const value = (name: string) => doc.get(`/rss/channel/item/g:${name}`, G)?.content;
      expect(value("brand")).toBe("Rolls & <Royce>");
      expect(value("model")).toBe('Ghost "Black Badge"');
      expect(value("color")).toBe("Black & Gold");
      expect(value("dealership_name")).toBe("Smith & Sons <Brisbane>");
      expect(value("vehicle_fulfillment/g:store_code")).toBe("test-motors-brisbane");
      expect(doc.get("/rss/channel/title")?.content).toBe("Test Motors vehicles");
    } finally {
      doc.dispose();
    }
    expect(feed.excluded).toEqual([
      {
        id: 102,
        stocknum: "TM1001",
        name: "2022 Toyota Corolla Ascent Sport",
        reason: "sold: shown on the site inside the sold window, never advertised",
      },
    ]);
  });

  it("lists a VIN once: a second car with the same VIN is left out", () => {
    const feed = googleVehicleFeed(source([goodCar(), goodCar({ id: 103, slug: "c-103" })]));
    expect(feed.rows.map((row) => row.id)).toEqual(["101"]);
    expect(feed.excluded.map((row) => [row.id, row.reason])).toEqual([
      [103, `VIN ${VIN} is already listed for car 101`],
    ]);
  });
});

// --- Meta automotive inventory catalog ----------------------------------------------------------

const meta = (overrides: Partial<CarInput> = {}) => metaVehicle(goodCar(overrides), source([]));

describe("Meta vehicle catalog: one row", () => {
  it("maps a used car to Meta's fields and enumerations", () => {
    expect(meta()).toEqual({
      ok: true,
      row: {
        vehicle_id: "101",
        title: "2022 Toyota Corolla Ascent Sport",
        description:
          "2022 Toyota Corolla Ascent Sport in Glacier White for sale at Test Motors, $29,990, 45,210 km, Automatic, hatch, Brisbane. Stock TM1001.",
        url: "https://www.test-motors.example.com.au/cars/2022-toyota-corolla-ascent-sport-101",
        make: "Toyota",
        model: "Corolla",
        year: 2022,
        mileage: { value: 45210, unit: "KM" },
        image: [
          { url: "https://www.test-motors.example.com.au/media/cars/101-1.jpg" },
          { url: "https://www.test-motors.example.com.au/media/cars/101-2.jpg" },
        ],
        body_style: "HATCHBACK",
        exterior_color: "Glacier White",
        transmission: "AUTOMATIC",
        fuel_type: "PETROL",
        drivetrain: undefined,
        vin: VIN,
        state_of_vehicle: "USED",
        price: "29990 AUD",
        availability: "AVAILABLE",
        trim: "Ascent Sport",
        vehicle_type: "CAR_TRUCK",
        dealer_name: "Test Motors Brisbane",
        address: {
          addr1: "1 Main Street",
          city: "Brisbane",
          region: "QLD",
          postal_code: "4000",
          country: "AU",
        },
        latitude: -27.47,
        longitude: 153.02,
      },
    });
  });

  const field = <K extends keyof MetaVehicle>(name: K, overrides: Partial<CarInput>) => {
    const mapped = meta(overrides);
    return mapped.ok ? mapped.row[name] : mapped.reason;
  };

  it("state_of_vehicle: NEW, USED, demo as USED, certified used CPO", () => {
    expect(field("state_of_vehicle", { car_type: "new" })).toBe("NEW");
    expect(field("state_of_vehicle", { car_type: "used" })).toBe("USED");
    expect(field("state_of_vehicle", { car_type: "demo" })).toBe("USED");
    expect(field("state_of_vehicle", { car_type: "used", certified: true })).toBe("CPO");
  });

  it("availability: in stock AVAILABLE, reserved or coming soon PENDING, sold left out", () => {
    expect(field("availability", {})).toBe("AVAILABLE");
    expect(field("availability", { reserved: true })).toBe("PENDING");
    expect(field("availability", { status: "coming_soon" })).toBe("PENDING");
    expect(field("availability", { status: "in_stock", sold: true })).toBe(
      "sold: shown on the site inside the sold window, never advertised",
    );
  });

  it("mileage in km; price as the site shows it; Meta's drivetrain and fuel words", () => {
    expect(field("mileage", { km: 9.6 })).toEqual({ value: 10, unit: "KM" });
    expect(field("mileage", { km: null, car_type: "new" })).toEqual({ value: 0, unit: "KM" });
    expect(field("mileage", { km: null })).toBe("mileage.value: no odometer reading");
    expect(field("price", { price: 45990, price_type: "Drive Away" })).toBe("45990 AUD");
    expect(field("price", { price: 0 })).toBe('no price shown (the site shows "Enquire for price.")');
    expect(field("drivetrain", { simple_drive: "4WD" })).toBe("FOUR_WD");
    expect(field("fuel_type", { simple_fuel: "Plug-in Hybrid" })).toBe("PLUGIN_HYBRID");
    expect(field("fuel_type", { simple_fuel: "Diesel" })).toBe("DIESEL");
  });

  it("keeps caravans and motorhomes, as Meta's trailer and RV types", () => {
    expect(field("vehicle_type", { item_type: "caravan", simple_body: "caravan" })).toBe("TRAILER");
    expect(field("body_style", { item_type: "caravan", simple_body: "caravan" })).toBe("OTHER");
    expect(field("vehicle_type", { item_type: "motorhome", simple_body: "motorhome" })).toBe("RV_CAMPER");
    expect(field("mileage", { item_type: "caravan", simple_body: "caravan", km: null })).toEqual({
      value: 0,
      unit: "KM",
    });
    expect(field("mileage", { item_type: "motorhome", simple_body: "motorhome", km: null })).toBe(
      "mileage.value: no odometer reading",
    );
  });

  it("leaves out cars Meta would refuse, with the reason", () => {
    expect(reason(meta({ images: [] }))).toBe("image: no photo");
    expect(reason(meta({ vin: "" }))).toBe("vin: no VIN");
    expect(reason(meta({ subscription_price: 99 }))).toBe(
      "the site shows a weekly subscription price; ad feeds take sale prices only",
    );
  });
});

describe("Meta vehicle catalog: the CSV", () => {
  it("is RFC 4180: quotes, commas and white space survive a strict reader", () => {
    const cars = [
      goodCar({ name: 'Toyota "GR" Corolla, Rally Pack', model: "Corolla" }),
      goodCar({ id: 102, slug: "b-102", vin: "JTNKU3JE60J021676", images: [{ url: "/media/only.jpg" }] }),
      goodCar({ id: 103, slug: "c-103", vin: "JTNKU3JE60J021677", images: [] }),
    ];
    const feed = metaVehicleFeed(
      source(cars, [makeLocation({ ...location, name: 'Smith, Jones & "Sons"' })]),
    );
    expect(feed.csv.endsWith("\r\n")).toBe(true);
    const [header, ...records] = readCsv(feed.csv);
    expect(header).toEqual([
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
      "image[1].url",
      "body_style",
      "exterior_color",
      "transmission",
      "fuel_type",
      "drivetrain",
      "vin",
      "state_of_vehicle",
      "price",
      "availability",
      "trim",
      "vehicle_type",
      "dealer_name",
      "address.addr1",
      "address.city",
      "address.region",
      "address.postal_code",
      "address.country",
      "latitude",
      "longitude",
    ]);
    const rows = csvRecords(feed.csv);
    expect(records).toHaveLength(2);
    expect(rows.map((row) => [row.vehicle_id, row.title, row.dealer_name, row["image[1].url"]])).toEqual([
      [
        "101",
        'Toyota "GR" Corolla, Rally Pack',
        'Smith, Jones & "Sons"',
        "https://www.test-motors.example.com.au/media/cars/101-2.jpg",
      ],
      ["102", "2022 Toyota Corolla Ascent Sport", 'Smith, Jones & "Sons"', ""],
    ]);
    expect(rows[0]?.["mileage.unit"]).toBe("KM");
    expect(feed.excluded.map((row) => [row.id, row.reason])).toEqual([[103, "image: no photo"]]);
  });

  it("escapes fields as RFC 4180 says", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("two words")).toBe('"two words"');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\r\nbreak")).toBe('"line\r\nbreak"');
  });
});
