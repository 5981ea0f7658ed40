/** Vehicle detail page rules that are not finance or media (spec §2, §4, §5, §7, §9). */

import { describe, expect, it } from "vitest";
import { leadSchema } from "~/features/leads/schemas";
import { promoDismissedKey, showsPromo } from "~/features/offers/offers";
import { toSearchDocument } from "~/features/search/documents";
import { priceTypeText, shownPriceType } from "~/features/stock/stock";
import {
  breadcrumbs,
  COPIED_NOTICE_MS,
  caravanSpecRows,
  carLeadFields,
  copiedToast,
  dealerComments,
  historyReport,
  keyInformationRows,
  MOBILE_BAR_CHANGE_PX,
  MORE_FROM_US_LINKS,
  phoneTapLabel,
  RESERVE_HOLD_HOURS,
  reserveOnline,
  SHARE_WINDOW,
  STICKY_HEADER_AFTER_PX,
  stickySubtitle,
  tradeInLink,
  USED_CAR_PROMISE,
  usedCarChecks,
  vehicleEventId,
  warrantyText,
  whatsIncluded,
  whyBuyFromUs,
} from "~/features/vehicle/detail";
import { TOAST_MS } from "~/lib/ui/toast.client";
import type { Car } from "~/tenant/schemas/car";
import { makeCar, makeSite, NOW } from "./helpers";

describe("spec §9 page constants", () => {
  it.each([
    ["sticky header after scrolling 500px", STICKY_HEADER_AFTER_PX, 500],
    ["mobile bar changes past 900px", MOBILE_BAR_CHANGE_PX, 900],
    ["Copied notice 1500 ms", COPIED_NOTICE_MS, 1500],
    ["toast 3000 ms", TOAST_MS, 3000],
    ["share window 550 wide", SHARE_WINDOW.width, 550],
    ["share window 400 high", SHARE_WINDOW.height, 400],
    ["reserve held 48 hours", RESERVE_HOLD_HOURS, 48],
  ])("%s", (_rule, actual, expected) => expect(actual).toBe(expected));
});

describe("spec §4 copy link toast", () => {
  it("reads 'Copied {car name} to your clipboard!'", () => {
    expect(copiedToast("2021 Toyota Corolla Ascent Sport")).toBe(
      "Copied 2021 Toyota Corolla Ascent Sport to your clipboard!",
    );
  });
});

describe("spec §9 dealer comments truncated at 400 characters", () => {
  const long = `<p>${"Immaculate one owner car with full service history. ".repeat(12)}</p>`;
  it.each([
    ["empty is pending", "", null],
    ["separator only is pending", "<p>---</p>", null],
    ["null is pending", null, null],
  ])("%s", (_rule, html, expected) => expect(dealerComments(html)).toBe(expected));

  it("400 characters or fewer show in full, with no preview", () => {
    const html = `<p>${"a".repeat(400)}</p>`;
    expect(dealerComments(html)).toEqual({ html, preview: null });
  });

  it("longer comments preview at most 400 characters of text, cut at a word, with an ellipsis", () => {
    const result = dealerComments(long);
    expect(result?.html).toBe(long);
    const preview = result?.preview ?? "";
    expect(preview.endsWith("…")).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(401);
    expect(preview.length).toBeGreaterThan(320);
    expect(preview).not.toContain("<");
    expect(preview.slice(0, -1).endsWith(" ")).toBe(false);
  });

  it("keeps list items and headings words apart, as the page shows them", () => {
    const html = `<h3>Extras</h3><ul><li>Two keys</li><li>New tyres</li></ul><p>${"word ".repeat(80)}</p>`;
    expect(dealerComments(html)?.preview).toMatch(/^Extras Two keys New tyres word word /);
  });

  it("counts text, not markup or entities", () => {
    const html = `<p><strong>${"b".repeat(390)}</strong>&nbsp;&amp;</p>`;
    expect(dealerComments(html)?.preview).toBeNull();
  });
});

describe("spec §5/§9 Reserve Online", () => {
  const checkout = makeSite({ features: { checkout: true } });
  it.each([
    ["hidden when checkout is off", makeSite(), makeCar({ reserve_deposit: 500 }), undefined],
    ["the car's own deposit", checkout, makeCar({ reserve_deposit: 500 }), 500],
    ["falls back to $200", checkout, makeCar(), 200],
    ["amount hidden when $0", checkout, makeCar({ reserve_deposit: 0 }), null],
    ["not for a sold car", checkout, makeCar({ status: "sold", sold: true }), undefined],
    ["not for a reserved car", checkout, makeCar({ reserved: true }), undefined],
  ])("%s", (_rule, site, car, deposit) => {
    const reserve = reserveOnline(car, site);
    if (deposit === undefined) expect(reserve).toBeNull();
    else expect(reserve?.deposit).toBe(deposit);
  });

  it("says 48 hours and 100% refundable", () => {
    const text = reserveOnline(makeCar(), checkout)?.text ?? "";
    expect(text).toContain("$200");
    expect(text).toContain("48 hours");
    expect(text).toContain("100% refundable");
  });
});

describe("spec §9 used-car promise and warranty copy", () => {
  const site = makeSite();
  it("used cars promise a 48 hour money back guarantee and 12 months roadside assist", () => {
    expect(USED_CAR_PROMISE).toEqual(["48 hour money back guarantee", "12 months roadside assist"]);
    const titles = whyBuyFromUs(makeCar({ car_type: "used" }), site).map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining([...USED_CAR_PROMISE]));
    expect(whatsIncluded(makeCar({ car_type: "used" }), site, NOW)).toEqual(
      expect.arrayContaining(["3 Year Warranty Standard", ...USED_CAR_PROMISE]),
    );
  });
  it("new cars do not carry the used-car promise; the default warranty is '3 Year Warranty Standard'", () => {
    const titles = whyBuyFromUs(makeCar({ car_type: "new" }), site).map((r) => r.title);
    expect(titles).not.toContain("48 hour money back guarantee");
    expect(whatsIncluded(makeCar({ car_type: "new" }), site, NOW)[0]).toBe("3 Year Warranty Standard");
  });
  const franchise = makeSite({
    warranty_text: "3 Year Warranty Standard",
    make_warranties: {
      Nissan: "Nissan 10 year warranty with logbook servicing at an authorised Nissan dealer",
    },
  });
  it.each([
    ["a new car of the make", { make: "Nissan", car_type: "new" }, "Nissan 10 year warranty"],
    ["a demo car of the make", { make: "Nissan", car_type: "demo" }, "Nissan 10 year warranty"],
    ["the make spelt in another case", { make: "NISSAN", car_type: "new" }, "Nissan 10 year warranty"],
    ["a used car of the make", { make: "Nissan", car_type: "used" }, "3 Year Warranty Standard"],
    ["a new car of another make", { make: "Kia", car_type: "new" }, "3 Year Warranty Standard"],
    ["a used car of another make", { make: "Kia", car_type: "used" }, "3 Year Warranty Standard"],
  ] as const)(
    "a make's factory warranty is promised only on its own new and demo cars: %s",
    (_, fields, expected) => {
      const car = makeCar(fields);
      expect(warrantyText(car, franchise)).toContain(expected);
      expect(whatsIncluded(car, franchise, NOW)[0]).toBe(warrantyText(car, franchise));
      expect(whyBuyFromUs(car, franchise).map((reason) => reason.title)).toContain(
        warrantyText(car, franchise),
      );
    },
  );
  // NOW is 15 Jun 2026, 12:00 in Brisbane.
  it.each([
    ["expiry later this year", { rego_expiry: "2026-12-01", regplate: "ABC123" }, true],
    ["expiry today (runs to the end of the day)", { rego_expiry: "2026-06-15", regplate: "ABC123" }, true],
    ["expired yesterday, plate still on the feed", { rego_expiry: "2026-06-14", regplate: "ABC123" }, false],
    ["plate with no expiry", { rego_expiry: null, regplate: "ABC123" }, true],
    ["neither", { rego_expiry: null, regplate: null }, false],
  ])("What's Included lists Current registration only while it runs: %s", (_, rego, listed) => {
    const items = whatsIncluded(makeCar({ car_type: "used", ...rego }), site, NOW);
    expect(items.includes("Current registration")).toBe(listed);
  });
  it("used-car checks only for used cars", () => {
    expect(usedCarChecks(makeCar({ car_type: "used" })).length).toBeGreaterThan(0);
    expect(usedCarChecks(makeCar({ car_type: "demo" }))).toEqual([]);
  });
});

describe("price type beside the price", () => {
  it.each([
    ["Drive Away", "Drive Away"],
    ["  Excl. Govt. Charges ", "Excl. Govt. Charges"],
    ["null", null],
    ["NULL", null],
    ["   ", null],
    [null, null],
  ])("%j shows %j", (priceType, shown) => {
    expect(priceTypeText(makeCar({ price_type: priceType }))).toBe(shown);
  });

  it.each<[string, Parameters<typeof shownPriceType>[1]["kind"], string | null]>([
    ["a shown price", "price", "Drive Away"],
    ["a weekly subscription", "subscription", null],
    ["PREORDER", "preorder", null],
    ["the no-price text", "none", null],
  ])("appears beside %s only when it is the price", (_, kind, shown) => {
    expect(shownPriceType(makeCar({ price_type: "Drive Away" }), { kind })).toBe(shown);
  });

  it("the search card gets no price type the feed left as text 'null'", () => {
    const site = makeSite();
    const document = toSearchDocument(makeCar({ price_type: "null" }), site, NOW, { dealerships: new Map() });
    expect(document.price_type).toBeNull();
    expect(
      toSearchDocument(makeCar({ price_type: "Drive Away" }), site, NOW, { dealerships: new Map() })
        .price_type,
    ).toBe("Drive Away");
  });
});

describe("spec §5 history report needs the car's file and a report plugin", () => {
  it.each([
    ["file and PPSR Report", ["PPSR Report"], "/reports/1.pdf", "/reports/1.pdf"],
    ["file and Car Analysis", ["Car Analysis"], "/reports/1.pdf", "/reports/1.pdf"],
    ["no file", ["PPSR Report"], null, null],
    ["no plugin", [], "/reports/1.pdf", null],
  ] as const)("%s", (_rule, plugins, file, expected) => {
    expect(historyReport(makeCar({ file }), makeSite({ plugins: [...plugins] }))).toBe(expected);
  });
});

describe("spec §3 caravan specs", () => {
  const caravan = makeCar({
    sleeps: 4,
    body_length: 6100,
    body_width: 2400,
    tare_weight: 2350,
    aggregate_trailer_mass: 3000,
    axle_type: "Tandem",
  });
  it.each([["NULL"], ["null"], ["  "], [""]])("an axle type of %j is left out like an empty one", (axle) => {
    const rows = caravanSpecRows(makeCar({ sleeps: 2, axle_type: axle }), makeSite({ template: "caravan" }));
    expect(rows.map((row) => row.label)).toEqual(["Sleeps"]);
  });
  it("caravan sites list the caravan specs, empty ones dropped", () => {
    expect(caravanSpecRows(caravan, makeSite({ template: "caravan" }))).toEqual([
      { label: "Sleeps", value: "4" },
      { label: "Body length", value: "6,100 mm" },
      { label: "Body width", value: "2,400 mm" },
      { label: "Tare weight", value: "2,350 kg" },
      { label: "Aggregate trailer mass (ATM)", value: "3,000 kg" },
      { label: "Axle type", value: "Tandem" },
    ]);
    expect(caravanSpecRows(makeCar({ sleeps: 2 }), makeSite({ template: "caravan" }))).toEqual([
      { label: "Sleeps", value: "2" },
    ]);
  });
  it("car sites show none, and keep those rows in the key information", () => {
    expect(caravanSpecRows(caravan, makeSite())).toEqual([]);
    expect(keyInformationRows(caravan, makeSite()).map((r) => r.label)).toContain("Sleeps");
    expect(keyInformationRows(caravan, makeSite({ template: "caravan" })).map((r) => r.label)).not.toContain(
      "Sleeps",
    );
  });
});

describe("spec §7 vehicle-type analytics ids", () => {
  it.each([
    ["test drive only car: 17", { car_type: "new", tag: "Test Drive Only" }, "view", 17],
    ["used car: 15", { car_type: "used" }, "view", 15],
    ["used car test drive: 48", { car_type: "used" }, "test_drive", 48],
    ["new car: 14", { car_type: "new" }, "view", 14],
    ["demo car: 14", { car_type: "demo" }, "view", 14],
    ["new car test drive: 17", { car_type: "new" }, "test_drive", 17],
  ] as const)("%s", (_rule, car, action, id) => {
    expect(vehicleEventId(makeCar(car), action)).toBe(id);
  });

  it.each([
    ["/search/used-cars", undefined, "Used Car"],
    ["/search/new-cars", undefined, "New Car"],
    ["/cars/2019-mazda-cx-5-1", "used", "Used Car"],
    ["/cars/2025-mazda-cx-5-2", "new", "New Car"],
  ] as const)("event 25 phone tap on %s is '%s'", (path, carType, label) => {
    expect(phoneTapLabel(path, carType)).toBe(label);
  });
});

describe("spec §2 links from the page", () => {
  it("three-link banner: offers, service, sell your car", () => {
    expect(MORE_FROM_US_LINKS.map((l) => l.label)).toEqual([
      "See our latest offers",
      "Book your service online",
      "Sell your car",
    ]);
  });
  it("trade-in only when allowed and the car is for sale", () => {
    expect(tradeInLink(makeCar({ id: 7 }), makeSite())).toBe("/cars/trade-in?car_id=7");
    expect(tradeInLink(makeCar({ id: 7 }), makeSite({ features: { trade_in: false } }))).toBeNull();
    expect(tradeInLink(makeCar({ id: 7, status: "sold", sold: true }), makeSite())).toBeNull();
  });
  it("sticky header subtitle is transmission and body", () => {
    expect(stickySubtitle(makeCar({ simple_transmission: "Automatic", simple_body: "suv" }))).toBe(
      "Automatic · SUV",
    );
  });
});

describe("spec §2 breadcrumbs: Home > car type > make > model > body > title", () => {
  const trail = (car: Car, site = makeSite()) =>
    breadcrumbs(car, site).map((crumb) => `${crumb.label} ${crumb.href ?? "(page)"}`);
  it.each([
    {
      rule: "a new car with a body type",
      car: { car_type: "new", make: "Toyota", model: "Land Cruiser 300", simple_body: "suv" },
      site: {},
      expected: [
        "Home /",
        "New /search/new-cars",
        "Toyota /search/toyota",
        "Land Cruiser 300 /search/toyota/land-cruiser-300",
        "SUV /models?body=suv",
      ],
    },
    {
      rule: "a demo car; a two-word body type is labelled and its id encoded as the feed spells it",
      car: { car_type: "demo", make: "Kia", model: "Carnival", simple_body: "peopleMover" },
      site: {},
      expected: [
        "Home /",
        "Demo /search/demo-cars",
        "Kia /search/kia",
        "Carnival /search/kia/carnival",
        "People Mover /models?body=peopleMover",
      ],
    },
    {
      rule: "a used car takes the site's word for used",
      car: { car_type: "used", make: "Mazda", model: "CX-5", simple_body: "suv" },
      site: { used_keyword: "Pre-Owned" },
      expected: [
        "Home /",
        "Pre-Owned /search/used-cars",
        "Mazda /search/mazda",
        "CX-5 /search/mazda/cx-5",
        "SUV /models?body=suv",
      ],
    },
    {
      rule: "no body type (missing, blank or the feed's 'null'): no body crumb",
      car: { car_type: "new", make: "Toyota", model: "Corolla", simple_body: "null" },
      site: {},
      expected: ["Home /", "New /search/new-cars", "Toyota /search/toyota", "Corolla /search/toyota/corolla"],
    },
  ] as const)("$rule", ({ car, site, expected }) => {
    const built = makeCar({ ...car, name: "The car's title" });
    expect(trail(built, makeSite(site))).toEqual([...expected, "The car's title (page)"]);
  });
});

describe("spec §3 enquiry defaults sent from the car page", () => {
  it("every dialog's fixed fields pass the lead schemas", () => {
    const car = makeCar({ id: 9, stocknum: "W123", make: "Mazda", model: "CX-5", vin: "JM0KF4W7A00123456" });
    const fields = carLeadFields(car);
    expect(fields).toMatchObject({
      car_id: 9,
      stock_number: "W123",
      "Vehicle Make": "Mazda",
      "Vehicle Model": "CX-5",
    });
    for (const kind of ["enquiry", "test_drive", "request_photos", "find_me_something_similar"] as const) {
      const parsed = leadSchema(kind).safeParse({
        kind,
        ...fields,
        name: "Sam",
        email: "sam@example.com",
        phone: "0412 345 678",
        message: "Is it available?",
      });
      expect(parsed.success, `${kind}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});

describe("spec §4/§5 promo popup", () => {
  const promo = { id: "summer", start: "2026-06-01T00:00:00+10:00", expiry: "2026-06-30T23:59:59+10:00" };
  it.each([
    ["shown while active and not dismissed", promo, null, new Date("2026-06-15T02:00:00Z"), true],
    ["not before its start", promo, null, new Date("2026-05-31T10:00:00Z"), false],
    ["not after its expiry", promo, null, new Date("2026-07-01T00:00:00Z"), false],
    ["not once dismissed on this site", promo, "summer", new Date("2026-06-15T02:00:00Z"), false],
    ["a new promo shows despite an old dismissal", promo, "winter", new Date("2026-06-15T02:00:00Z"), true],
    ["no window means always active", { id: "always" }, null, new Date("2030-01-01T00:00:00Z"), true],
  ])("%s", (_rule, p, dismissed, now, expected) => {
    expect(showsPromo(p, dismissed, now)).toBe(expected);
  });
  it("the dismissal is kept per site", () => {
    expect(promoDismissedKey("harbourside-toyota")).not.toBe(promoDismissedKey("sunstate-motor-group"));
  });
});
