import { describe, expect, it } from "vitest";
import {
  CAR_TYPE_ORDER,
  type CarTag,
  carTag,
  carTypeLabel,
  type HiddenReason,
  hiddenReason,
  isAvailable,
  isInStock,
  isSold,
  isTestDriveOnly,
  isVisible,
  justArrived,
  priceDisplay,
  regoExpiryText,
  saleAmount,
  sortCarTypes,
} from "~/features/stock/stock";
import { type CarInput, DAY_MS, daysBefore, makeCar, makeSite, NOW, unixSeconds } from "./helpers";

const soldAgo = (ms: number): Partial<CarInput> => ({
  status: "sold",
  sold_date_timestamp: unixSeconds(new Date(NOW.getTime() - ms)),
});

describe("sold, available and in stock (spec §4)", () => {
  it.each<[string, Partial<CarInput>, boolean, boolean, boolean]>([
    ["an in_stock car", { status: "in_stock" }, false, true, true],
    ["a coming_soon car", { status: "coming_soon" }, false, true, false],
    ["a car with status sold", { status: "sold" }, true, false, false],
    ["an in_stock car flagged sold", { status: "in_stock", sold: true }, true, false, false],
    ["a coming_soon car flagged sold", { status: "coming_soon", sold: true }, true, false, false],
    ["an in_stock car flagged not sold", { status: "in_stock", sold: false }, false, true, true],
    ["a car with status sold flagged not sold", { status: "sold", sold: false }, true, false, false],
  ])("treats %s as sold=%s, available=%s, in stock=%s", (_, overrides, sold, available, inStock) => {
    const car = makeCar(overrides);
    expect(isSold(car)).toBe(sold);
    expect(isAvailable(car)).toBe(available);
    expect(isInStock(car)).toBe(inStock);
  });

  it.each<[string, { status: "in_stock" | "sold" | "coming_soon"; sold: boolean }, boolean]>([
    ["an in_stock document", { status: "in_stock", sold: false }, true],
    ["a sold document", { status: "sold", sold: true }, false],
    ["a coming_soon document", { status: "coming_soon", sold: false }, false],
  ])("reads %s from the search index the same way (in stock=%s)", (_, doc, inStock) => {
    expect(isInStock(doc)).toBe(inStock);
  });
});

describe("stock visibility (spec §4, §9 sold window)", () => {
  const site = makeSite();

  it.each<[string, Partial<CarInput>, HiddenReason | null]>([
    ["shows in_stock cars", { status: "in_stock" }, null],
    ["shows coming_soon cars", { status: "coming_soon" }, null],
    ["shows cars sold a day ago", soldAgo(DAY_MS), null],
    ["shows cars sold exactly 3 days ago by default", soldAgo(3 * DAY_MS), null],
    [
      "hides sold cars sold more than 3 days ago by default",
      soldAgo(3 * DAY_MS + 1000),
      "sold_outside_window",
    ],
    [
      "hides sold cars without a sold timestamp",
      { status: "sold", sold_date_timestamp: null },
      "sold_outside_window",
    ],
    [
      "hides cars flagged sold outside the window even when the status says in_stock",
      { ...soldAgo(10 * DAY_MS), status: "in_stock", sold: true },
      "sold_outside_window",
    ],
    ["hides cars not shown on the dealer website", { show_on_dealer_website: false }, "not_on_website"],
    [
      "reports not_on_website before the sold window",
      { ...soldAgo(30 * DAY_MS), show_on_dealer_website: false },
      "not_on_website",
    ],
  ])("%s", (_, overrides, reason) => {
    const car = makeCar(overrides);
    expect(hiddenReason(car, site, NOW)).toBe(reason);
    expect(isVisible(car, site, NOW)).toBe(reason === null);
  });

  it.each<[number, number, HiddenReason | null]>([
    [0, 0, "sold_outside_window"],
    [0, 60_000, "sold_outside_window"],
    [14, 14 * DAY_MS, null],
    [14, 14 * DAY_MS + 1000, "sold_outside_window"],
    [14, 10 * DAY_MS, null],
    [1, DAY_MS, null],
    [1, DAY_MS + 1000, "sold_outside_window"],
  ])("with a %i-day sold window, a car sold %i ms ago gets hidden reason %j", (days, ms, reason) => {
    expect(hiddenReason(makeCar(soldAgo(ms)), makeSite({ sold_window_days: days }), NOW)).toBe(reason);
  });

  it("still shows available cars when the sold window is 0", () => {
    expect(isVisible(makeCar(), makeSite({ sold_window_days: 0 }), NOW)).toBe(true);
  });

  it("keeps a car sold after `now` (feed clock ahead) inside the window", () => {
    expect(hiddenReason(makeCar(soldAgo(-60_000)), site, NOW)).toBeNull();
  });
});

describe("per-site search filters (spec §9)", () => {
  it.each<[string, Partial<CarInput>, Parameters<typeof makeSite>[0], HiddenReason | null]>([
    [
      "hides new cars on a used-only site",
      { car_type: "new" },
      { search_filters: { car_types: ["used"] } },
      "car_type_filtered",
    ],
    [
      "shows used cars on a used-only site",
      { car_type: "used" },
      { search_filters: { car_types: ["used"] } },
      null,
    ],
    [
      "hides excluded stock numbers",
      { stocknum: "TM1001" },
      { search_filters: { exclude_stocknums: ["TM1001"] } },
      "stocknum_excluded",
    ],
    [
      "hides excluded stock numbers whatever their case or spacing",
      { stocknum: "tm1001" },
      { search_filters: { exclude_stocknums: [" TM1001 "] } },
      "stocknum_excluded",
    ],
    [
      "keeps cars without a stock number on sites that exclude some",
      { stocknum: null },
      { search_filters: { exclude_stocknums: ["TM1001"] } },
      null,
    ],
    [
      "hides other makes on a brand-only site",
      { make: "Ford" },
      { search_filters: { makes: ["Toyota"] } },
      "make_filtered",
    ],
    ["matches makes case-insensitively", { make: "TOYOTA" }, { search_filters: { makes: ["toyota"] } }, null],
    ["shows every make when no makes are listed", { make: "Ford" }, { search_filters: { makes: [] } }, null],
    [
      "hides coming_soon cars on in-stock-only sites",
      { status: "coming_soon" },
      { search_filters: { in_stock_only: true } },
      "not_in_stock",
    ],
    [
      "hides recently sold cars on in-stock-only sites",
      soldAgo(DAY_MS),
      { search_filters: { in_stock_only: true } },
      "not_in_stock",
    ],
    [
      "shows in_stock cars on in-stock-only sites",
      { status: "in_stock" },
      { search_filters: { in_stock_only: true } },
      null,
    ],
    [
      "hides other dealerships' stock",
      { dealership_id: 2 },
      { search_filters: { dealership_ids: [1] } },
      "dealership_filtered",
    ],
    [
      "shows the listed dealerships' stock",
      { dealership_id: 1 },
      { search_filters: { dealership_ids: [1, 3] } },
      null,
    ],
    [
      "shows every dealership's stock when none are listed",
      { dealership_id: 7 },
      { search_filters: { dealership_ids: [] } },
      null,
    ],
  ])("%s", (_, car, site, reason) => {
    expect(hiddenReason(makeCar(car), makeSite(site), NOW)).toBe(reason);
  });

  const everyFilter = makeSite({
    search_filters: {
      car_types: ["new"],
      exclude_stocknums: ["TM1001"],
      makes: ["Mazda"],
      in_stock_only: true,
      dealership_ids: [2],
    },
  });
  const failsEveryFilter: Partial<CarInput> = {
    ...soldAgo(DAY_MS),
    car_type: "used",
    stocknum: "TM1001",
    make: "Ford",
    dealership_id: 1,
  };

  it.each<[string, Partial<CarInput>, HiddenReason]>([
    [
      "the sold window before the car type",
      { ...failsEveryFilter, sold_date_timestamp: null },
      "sold_outside_window",
    ],
    ["the car type before excluded stock numbers", failsEveryFilter, "car_type_filtered"],
    ["excluded stock numbers before makes", { ...failsEveryFilter, car_type: "new" }, "stocknum_excluded"],
    ["makes before in-stock-only", { ...failsEveryFilter, car_type: "new", stocknum: "X" }, "make_filtered"],
    [
      "in-stock-only before dealerships",
      { ...failsEveryFilter, car_type: "new", stocknum: "X", make: "mazda" },
      "not_in_stock",
    ],
    [
      "dealerships last",
      { ...failsEveryFilter, car_type: "new", stocknum: "X", make: "mazda", status: "in_stock" },
      "dealership_filtered",
    ],
  ])("checks %s", (_, car, reason) => {
    expect(hiddenReason(makeCar(car), everyFilter, NOW)).toBe(reason);
  });
});

describe("car tag (spec §4 tag order)", () => {
  const site = makeSite();
  const everyTag: Partial<CarInput> = {
    simple_fuel: "Hybrid",
    reserved: true,
    certified: true,
    make: "Toyota",
    car_type: "used",
    tag: "Hot Deal",
    status: "coming_soon",
    created_at: daysBefore(NOW, 1).toISOString(),
  };

  it.each<[string, Partial<CarInput>, CarTag | null]>([
    ["shows the fuel tag before reserved", everyTag, { kind: "fuel", label: "Hybrid" }],
    [
      "shows reserved before the certified badge",
      { ...everyTag, simple_fuel: "Petrol" },
      { kind: "reserved", label: "Reserved" },
    ],
    [
      "shows the certified used-Toyota badge before the custom tag",
      { ...everyTag, simple_fuel: "Petrol", reserved: false },
      { kind: "certified", label: "Toyota Certified Pre-Owned", image: "/media/badges/toyota-certified.svg" },
    ],
    [
      "shows the custom tag before coming soon",
      { ...everyTag, simple_fuel: "Petrol", reserved: false, certified: false },
      { kind: "custom", label: "Hot Deal" },
    ],
    [
      "shows coming soon before just arrived",
      { ...everyTag, simple_fuel: "Petrol", reserved: false, certified: false, tag: null },
      { kind: "coming_soon", label: "Coming Soon" },
    ],
    [
      "shows just arrived for cars created within 8 days",
      {
        ...everyTag,
        simple_fuel: "Petrol",
        reserved: false,
        certified: false,
        tag: null,
        status: "in_stock",
      },
      { kind: "just_arrived", label: "New Arrival" },
    ],
    [
      "shows no tag otherwise",
      {
        ...everyTag,
        simple_fuel: "Petrol",
        reserved: false,
        certified: false,
        tag: null,
        status: "in_stock",
        created_at: daysBefore(NOW, 30).toISOString(),
      },
      null,
    ],
    [
      "shows the sold tag on sold cars before any other",
      { ...everyTag, status: "sold" },
      { kind: "sold", label: "Just Sold" },
    ],
    [
      "shows the sold tag on cars flagged sold",
      { ...everyTag, status: "in_stock", sold: true },
      { kind: "sold", label: "Just Sold" },
    ],
    [
      "shows Test Drive Only as its own kind",
      { tag: "Test Drive Only" },
      { kind: "test_drive_only", label: "Test Drive Only" },
    ],
    [
      "recognises Test Drive Only in any case",
      { tag: " test drive only " },
      { kind: "test_drive_only", label: "Test Drive Only" },
    ],
    ["ignores a blank custom tag", { tag: "   " }, null],
  ])("%s", (_, car, tag) => {
    expect(carTag(makeCar(car), site, NOW)).toEqual(tag);
  });

  it.each<[string | null, string | null, CarTag | null]>([
    ["Electric", null, { kind: "fuel", label: "Electric" }],
    ["Hybrid", null, { kind: "fuel", label: "Hybrid" }],
    ["Plug-in Hybrid", null, { kind: "fuel", label: "Plug-in Hybrid" }],
    ["PHEV", null, { kind: "fuel", label: "Plug-in Hybrid" }],
    ["Hybrid Petrol/Electric", null, { kind: "fuel", label: "Hybrid" }],
    ["Petrol/Electric", null, { kind: "fuel", label: "Hybrid" }],
    ["EV", null, { kind: "fuel", label: "Electric" }],
    [null, "Electric", { kind: "fuel", label: "Electric" }],
    ["Petrol", "Plug-in Hybrid", { kind: "fuel", label: "Plug-in Hybrid" }],
    ["Petrol", "Premium Unleaded Petrol", null],
    ["Diesel", null, null],
    [null, null, null],
  ])("tags simple_fuel %j / fuel %j as %j", (simpleFuel, fuel, tag) => {
    const car = makeCar({ simple_fuel: simpleFuel, fuel, created_at: null });
    expect(carTag(car, site, NOW)).toEqual(tag);
  });

  it.each<[string, Partial<CarInput>]>([
    ["a certified demo Toyota", { car_type: "demo" }],
    ["a certified used Mazda", { make: "Mazda" }],
    ["an uncertified used Toyota", { certified: false }],
  ])("shows no certified badge on %s", (_, overrides) => {
    const car = makeCar({
      certified: true,
      make: "Toyota",
      car_type: "used",
      created_at: null,
      ...overrides,
    });
    expect(carTag(car, site, NOW)).toBeNull();
  });

  it("shows the certified badge whatever the make's case", () => {
    const car = makeCar({ certified: true, make: "TOYOTA", car_type: "used" });
    expect(carTag(car, site, NOW)?.kind).toBe("certified");
  });

  it("uses the site's sold and just-arrived tag names", () => {
    const named = makeSite({
      specifications: { sold_tag_name: "Sold", just_arrived_tag_name: "New Arrival" },
    });
    expect(carTag(makeCar({ status: "sold" }), named, NOW)?.label).toBe("Sold");
    expect(carTag(makeCar({ created_at: NOW.toISOString() }), named, NOW)?.label).toBe("New Arrival");
  });
});

describe("just arrived (spec §9: 8 days by default)", () => {
  it.each<[string, string | null, number, boolean]>([
    ["counts a car created today as just arrived", NOW.toISOString(), 8, true],
    ["counts a car created exactly 8 days ago as just arrived", daysBefore(NOW, 8).toISOString(), 8, true],
    [
      "does not count a car created 8 days and a second ago",
      new Date(NOW.getTime() - 8 * DAY_MS - 1000).toISOString(),
      8,
      false,
    ],
    ["does not count a car created 3 days ago on a 2-day site", daysBefore(NOW, 3).toISOString(), 2, false],
    ["never counts a car when the site's window is 0 days", NOW.toISOString(), 0, false],
    ["does not count a car without a created date", null, 8, false],
  ])("%s", (_, createdAt, days, expected) => {
    const site = makeSite({ specifications: { just_arrived_days: days } });
    expect(justArrived(makeCar({ created_at: createdAt }), site, NOW)).toBe(expected);
  });
});

describe("Test Drive Only (spec §4)", () => {
  it.each<[string | null, boolean]>([
    ["Test Drive Only", true],
    ["TEST DRIVE ONLY", true],
    ["Test Drive", false],
    [null, false],
  ])("tag %j is test drive only: %s", (tag, expected) => {
    expect(isTestDriveOnly(makeCar({ tag }))).toBe(expected);
  });

  it("stays test drive only when a higher tag is displayed", () => {
    const car = makeCar({ tag: "Test Drive Only", simple_fuel: "Electric" });
    expect(carTag(car, makeSite(), NOW)?.kind).toBe("fuel");
    expect(isTestDriveOnly(car)).toBe(true);
  });
});

describe("price display (spec §4)", () => {
  const site = makeSite();

  it.each<[string, Partial<CarInput>, ReturnType<typeof priceDisplay>]>([
    [
      "shows the weekly subscription price when offered",
      { subscription_price: 149, price: 29990 },
      { kind: "subscription", text: "$149/wk", amount: 149 },
    ],
    [
      "shows the price when the subscription price is 0",
      { subscription_price: 0, price: 29990 },
      { kind: "price", text: "$29,990", amount: 29990 },
    ],
    ["shows the price when it is 11", { price: 11 }, { kind: "price", text: "$11", amount: 11 }],
    [
      "shows the no-price text when the price is exactly 10",
      { price: 10 },
      { kind: "none", text: "Enquire for price." },
    ],
    [
      "shows PREORDER when price is 0 and preorder is set",
      { price: 0, preorder: true },
      { kind: "preorder", text: "PREORDER" },
    ],
    [
      "shows PREORDER when price is 10 and preorder is set",
      { price: 10, preorder: true },
      { kind: "preorder", text: "PREORDER" },
    ],
    [
      "shows the price, not PREORDER, when a preorder car has a price",
      { price: 45990, preorder: true },
      { kind: "price", text: "$45,990", amount: 45990 },
    ],
    [
      "shows the no-price text when price is 0 and not preorder",
      { price: 0, preorder: false },
      { kind: "none", text: "Enquire for price." },
    ],
    [
      "shows the was-price when before_price exceeds price",
      { price: 29990, before_price: 32990 },
      { kind: "price", text: "$29,990", amount: 29990, wasPrice: 32990, wasText: "$32,990" },
    ],
    [
      "shows no was-price when before_price equals price",
      { price: 29990, before_price: 29990 },
      { kind: "price", text: "$29,990", amount: 29990 },
    ],
    [
      "shows no was-price when before_price is below price",
      { price: 29990, before_price: 25000 },
      { kind: "price", text: "$29,990", amount: 29990 },
    ],
    [
      "shows no was-price beside a subscription price",
      { subscription_price: 149, price: 29990, before_price: 32990 },
      { kind: "subscription", text: "$149/wk", amount: 149 },
    ],
    [
      "shows no was-price beside PREORDER",
      { price: 0, before_price: 32990, preorder: true },
      { kind: "preorder", text: "PREORDER" },
    ],
  ])("%s", (_, car, expected) => {
    expect(priceDisplay(makeCar(car), site)).toEqual(expected);
  });

  it("shows the site's own no-price text", () => {
    const callUs = makeSite({ no_price_text: "Call for price" });
    expect(priceDisplay(makeCar({ price: 0 }), callUs)).toEqual({ kind: "none", text: "Call for price" });
  });
});

describe("the sale price machines read (schema.org Offer, ViewContent pixel)", () => {
  it.each([
    ["a priced car", { price: 29990 }, 29990],
    [
      "a subscription car: its price, not the weekly amount the page leads with",
      { price: 29990, subscription_price: 149 },
      29990,
    ],
    ["a placeholder price ($10 or less)", { price: 10 }, null],
    ["a pre-order with no price", { price: 0, preorder: true }, null],
  ])("%s", (_, car, expected) => {
    expect(saleAmount(makeCar(car))).toBe(expected);
  });
});

describe("rego expiry (spec §4)", () => {
  const unregisteredSite = makeSite({ features: { show_unregistered: true } });
  const quietSite = makeSite();

  it.each<[string, string | null, Date, string | null, string | null]>([
    ["shows nothing without a rego expiry", null, NOW, null, null],
    [
      "shows the expiry date in the future",
      "2027-01-31",
      NOW,
      "Expires on 31 Jan 2027",
      "Expires on 31 Jan 2027",
    ],
    ["abbreviates September as Sep", "2027-09-30", NOW, "Expires on 30 Sep 2027", "Expires on 30 Sep 2027"],
    [
      "still shows the date when rego expires today",
      "2026-06-15",
      NOW,
      "Expires on 15 Jun 2026",
      "Expires on 15 Jun 2026",
    ],
    ["treats yesterday's expiry as past", "2026-06-14", NOW, "Unregistered", null],
    [
      "reads a date-time expiry in Brisbane time",
      "2026-06-14T15:00:00Z",
      NOW,
      "Expires on 15 Jun 2026",
      "Expires on 15 Jun 2026",
    ],
    [
      "counts days from midnight in Brisbane, not UTC",
      "2026-06-14",
      new Date("2026-06-14T14:30:00Z"),
      "Unregistered",
      null,
    ],
  ])("%s", (_, regoExpiry, now, onUnregisteredSite, onQuietSite) => {
    const car = makeCar({ rego_expiry: regoExpiry });
    expect(regoExpiryText(car, unregisteredSite, now)).toBe(onUnregisteredSite);
    expect(regoExpiryText(car, quietSite, now)).toBe(onQuietSite);
  });
});

describe("car types (spec §4, §9)", () => {
  it("orders car types new, demo, used", () => {
    expect(CAR_TYPE_ORDER).toEqual(["new", "demo", "used"]);
    expect(sortCarTypes(["used", "new", "demo"])).toEqual(["new", "demo", "used"]);
    expect(sortCarTypes(["used", "demo"])).toEqual(["demo", "used"]);
  });

  it("leaves the given list untouched", () => {
    const types = ["used", "new"] as const;
    sortCarTypes(types);
    expect(types).toEqual(["used", "new"]);
  });

  it.each<[Parameters<typeof carTypeLabel>[0], string | undefined, string]>([
    ["new", undefined, "New"],
    ["demo", undefined, "Demo"],
    ["used", undefined, "Used"],
    ["used", "Pre-Owned", "Pre-Owned"],
    ["new", "Pre-Owned", "New"],
  ])("labels %s with used keyword %j as %j", (carType, usedKeyword, label) => {
    const site = makeSite(usedKeyword ? { used_keyword: usedKeyword } : {});
    expect(carTypeLabel(carType, site)).toBe(label);
  });
});
