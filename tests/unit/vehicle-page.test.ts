/** The car page's head, analytics, directions and actions (spec §2, §4, §7). */

import { describe, expect, it } from "vitest";
import { vehicleActions } from "~/features/vehicle/actions";
import { vehicleAnalytics } from "~/features/vehicle/analytics";
import { directionsUrl } from "~/features/vehicle/directions";
import {
  jsonLdText,
  vehicleCanonical,
  vehicleDescription,
  vehicleJsonLd,
  vehicleTitle,
} from "~/features/vehicle/json-ld";
import { documentTitle, shareImage } from "~/lib/page-meta";
import { makeCar, makeLocation, makeSite } from "./helpers";

const site = makeSite();
const location = makeLocation();
const CANONICAL = "https://www.test-motors.example.com.au/cars/2022-toyota-corolla-ascent-sport";

describe("schema.org Car", () => {
  it("describes a used car in stock, its photos absolute and an Offer with its dealership", () => {
    const car = makeCar({ vin: "JTNB23HK903001234", colour: "White", km: 41250 });
    expect(vehicleJsonLd(car, site, location, ["/media/1.jpg", "https://cdn.example.com/2.jpg"])).toEqual({
      "@context": "https://schema.org",
      "@type": "Car",
      name: "2022 Toyota Corolla Ascent Sport",
      brand: { "@type": "Brand", name: "Toyota" },
      model: "Corolla",
      vehicleModelDate: "2022",
      vehicleIdentificationNumber: "JTNB23HK903001234",
      color: "White",
      mileageFromOdometer: { "@type": "QuantitativeValue", value: 41250, unitCode: "KMT" },
      itemCondition: "https://schema.org/UsedCondition",
      image: ["https://www.test-motors.example.com.au/media/1.jpg", "https://cdn.example.com/2.jpg"],
      url: CANONICAL,
      offers: {
        "@type": "Offer",
        price: 29990,
        priceCurrency: "AUD",
        url: CANONICAL,
        availability: "https://schema.org/InStock",
        seller: { "@type": "AutoDealer", name: "Test Motors Brisbane", telephone: "07 3123 4567" },
      },
    });
  });

  it.each([
    ["sold", { status: "sold" as const }, "https://schema.org/SoldOut"],
    ["coming soon", { status: "coming_soon" as const }, "https://schema.org/PreOrder"],
    ["in stock", { status: "in_stock" as const }, "https://schema.org/InStock"],
  ])("a car %s is offered as %s", (_, overrides, availability) => {
    const offers = vehicleJsonLd(makeCar(overrides), site, undefined, []).offers as Record<string, unknown>;
    expect(offers.availability).toBe(availability);
    expect(offers.seller).toBeUndefined();
  });

  it.each([
    ["new", "https://schema.org/NewCondition"],
    ["demo", "https://schema.org/UsedCondition"],
    ["used", "https://schema.org/UsedCondition"],
  ] as const)("a %s car is in %s", (carType, condition) => {
    expect(vehicleJsonLd(makeCar({ car_type: carType }), site, location, []).itemCondition).toBe(condition);
  });

  it("has no Offer for a car without a sale price, and no image without real photos", () => {
    const data = vehicleJsonLd(makeCar({ price: 0, subscription_price: 149 }), site, location, []);
    expect(data.offers).toBeUndefined();
    expect(data.image).toBeUndefined();
  });

  it("leaves out a seller's phone it does not have", () => {
    const quiet = makeLocation({ contact_detail: {} });
    const offers = vehicleJsonLd(makeCar(), site, quiet, []).offers as Record<string, unknown>;
    expect(offers.seller).toEqual({ "@type": "AutoDealer", name: "Test Motors Brisbane" });
  });

  it("cannot close its script tag", () => {
    expect(jsonLdText({ name: "</script><b>" })).toBe('{"name":"\\u003c/script>\\u003cb>"}');
  });
});

describe("meta description and canonical address", () => {
  it.each([
    [
      "every fact",
      makeCar({ km: 41250, simple_transmission: "Automatic", simple_body: "Hatch" }),
      location,
      "2022 Toyota Corolla Ascent Sport for sale at Test Motors, $29,990, 41,250 km, Automatic, Hatch, Brisbane. Stock TM1001.",
    ],
    [
      "the car's city without a location",
      makeCar({ city: "Ipswich" }),
      undefined,
      "2022 Toyota Corolla Ascent Sport for sale at Test Motors, $29,990, Ipswich. Stock TM1001.",
    ],
    [
      "the colour, and the feed's id without a stock number",
      makeCar({ colour: "Glacier White", stocknum: null }),
      undefined,
      "2022 Toyota Corolla Ascent Sport in Glacier White for sale at Test Motors, $29,990. Ref 1.",
    ],
  ])("with %s", (_, car, where, description) => {
    expect(vehicleDescription(car, site, "$29,990", where)).toBe(description);
  });

  it("identical cars never share a description", () => {
    const a = vehicleDescription(makeCar({ stocknum: "TM1001" }), site, "$29,990", location);
    const b = vehicleDescription(makeCar({ stocknum: "TM1002" }), site, "$29,990", location);
    expect(a).not.toBe(b);
  });

  it("is the car's page on the tenant's site", () => {
    expect(vehicleCanonical(makeCar(), site)).toBe(CANONICAL);
  });
});

describe("car page title: what tells the car apart, within 60 characters where possible", () => {
  const motors = { name: "Test Motors" };
  const group = { name: "Sunstate Motor Group" };
  it.each([
    [
      "name, colour, stock number and site when all fit",
      { id: 7, name: "2022 Toyota Corolla", colour: "White", stocknum: "TM1001" },
      motors,
      "2022 Toyota Corolla, White, Stock TM1001 | Test Motors",
    ],
    [
      "without the site name when it would pass 60",
      { id: 7, name: "2026 Volkswagen T-Roc CityLife", colour: "Pure White", stocknum: "SVW2001" },
      group,
      "2026 Volkswagen T-Roc CityLife, Pure White, Stock SVW2001",
    ],
    [
      "without the colour when it would pass 60, keeping the stock number",
      {
        id: 7,
        name: "2026 Mitsubishi Pajero Sport GLS 4WD",
        colour: "Sterling Silver",
        stocknum: "SMIN30050",
      },
      group,
      "2026 Mitsubishi Pajero Sport GLS 4WD, Stock SMIN30050",
    ],
    [
      "the feed's id when the car has no stock number",
      { id: 330051, name: "2026 Kia Sportage S", colour: null, stocknum: "  " },
      motors,
      "2026 Kia Sportage S, Ref 330051 | Test Motors",
    ],
  ])("%s", (_, car, where, title) => {
    expect(vehicleTitle(car, where)).toBe(title);
  });

  it("gives sixteen identical cars sixteen titles", () => {
    const titles = Array.from({ length: 16 }, (_, i) =>
      vehicleTitle(
        {
          id: 100 + i,
          name: "2026 Volkswagen T-Roc CityLife",
          colour: "Pure White",
          stocknum: `SVW20${10 + i}`,
        },
        group,
      ),
    );
    expect(new Set(titles).size).toBe(16);
    expect(titles[0]).toBe("2026 Volkswagen T-Roc CityLife, Pure White, Stock SVW2010");
  });
});

describe("every page's share tags: its own image, else the tenant's logo, as an absolute address", () => {
  const origin = "https://www.test-motors.example.com.au";
  it("uses the page's own image for a large card", () => {
    expect(shareImage("/media/sample/car.jpg", "/media/logos/test.svg", origin)).toEqual({
      url: "https://www.test-motors.example.com.au/media/sample/car.jpg",
      card: "summary_large_image",
    });
    expect(shareImage("https://cdn.example.com/a.jpg", "/media/logos/test.svg", origin).url).toBe(
      "https://cdn.example.com/a.jpg",
    );
  });
  it.each([[undefined], [null], [""]])(
    "falls back to the logo for a small card when the image is %j",
    (image) => {
      expect(shareImage(image, "/media/logos/test.svg", origin)).toEqual({
        url: "https://www.test-motors.example.com.au/media/logos/test.svg",
        card: "summary",
      });
    },
  );
  it("titles a page with the site's name, the home page with the name alone", () => {
    expect(documentTitle("Finance", "Test Motors")).toBe("Finance | Test Motors");
    expect(documentTitle("Test Motors", "Test Motors")).toBe("Test Motors");
  });
});

describe("view analytics (spec §7)", () => {
  it.each([
    ["used", {}, 15],
    ["new", { car_type: "new" as const }, 14],
    ["test drive only", { tag: "Test Drive Only" }, 17],
  ])("a %s car's view is event %i", (_, overrides, eventId) => {
    expect(vehicleAnalytics(makeCar(overrides), site).eventId).toBe(eventId);
  });

  it("carries the car and its sale price, and the pixel when the tenant has one", () => {
    const car = makeCar({ vin: "JTNB23HK903001234" });
    expect(vehicleAnalytics(car, makeSite({ vdp_config: { social_pixel: true } }))).toEqual({
      eventId: 15,
      pixel: true,
      vehicle: {
        content_ids: ["1"],
        content_type: "vehicle",
        make: "Toyota",
        model: "Corolla",
        year: 2022,
        price: 29990,
        currency: "AUD",
        state_of_vehicle: "used",
        vin: "JTNB23HK903001234",
      },
    });
  });

  it("never carries a weekly subscription as the price", () => {
    const { vehicle, pixel } = vehicleAnalytics(makeCar({ price: 0, subscription_price: 149 }), site);
    expect(pixel).toBe(false);
    expect(vehicle.price).toBeUndefined();
    expect(vehicle.currency).toBeUndefined();
  });
});

describe("Get Directions", () => {
  it.each([
    [
      "the location's own map link",
      { place_url: "https://maps.google.com/?cid=123" },
      "https://maps.google.com/?cid=123",
    ],
    [
      "a search for the street address",
      {},
      "https://www.google.com/maps/search/?api=1&query=1%20Main%20Street%2C%20Brisbane%20QLD%204000",
    ],
  ])("opens %s", (_, address, url) => {
    const where = makeLocation({ address: { ...makeLocation().address, ...address } });
    expect(directionsUrl(where)).toBe(url);
  });
});

describe("the car's actions (spec §2, §4)", () => {
  const FINANCE = "/finance?vehiclePriceBudget=29990&car_id=1&car_type=used#finance-form";
  it.each([
    [
      "an available car",
      {},
      {},
      { sold: false, testDriveOnly: false, financeHref: FINANCE, tradeInHref: "/cars/trade-in?car_id=1" },
    ],
    [
      "a sold car",
      { status: "sold" as const },
      {},
      { sold: true, testDriveOnly: false, financeHref: null, tradeInHref: null },
    ],
    [
      "a Test Drive Only car",
      { tag: "Test Drive Only" },
      {},
      { sold: false, testDriveOnly: true, financeHref: null, tradeInHref: null },
    ],
    [
      "a tenant without the calculator or trade-ins",
      {},
      { features: { finance_calculator: false, trade_in: false } },
      { sold: false, testDriveOnly: false, financeHref: null, tradeInHref: null },
    ],
  ])("%s", (_, car, tenant, actions) => {
    expect(vehicleActions(makeCar(car), makeSite(tenant))).toEqual({ ...actions, webChat: undefined });
  });

  it("links Enquire Now to the tenant's web chat when it opens one", () => {
    const chat = makeSite({
      features: { enquire_opens_web_chat: true },
      vdp_config: { web_chat_url: "https://chat.test-motors.example.com.au/" },
    });
    expect(vehicleActions(makeCar(), chat).webChat).toBe("https://chat.test-motors.example.com.au/");
  });
});
