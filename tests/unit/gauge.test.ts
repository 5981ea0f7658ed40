import { describe, expect, it } from "vitest";
import {
  type AutogaugeResult,
  autogaugeApplies,
  autogaugeResult,
  autograbEligible,
  dealLabel,
  gaugeColour,
  gaugeView,
  MARKET_PRICE_BADGE,
  marketPriceBadge,
  parseAutogauge,
  priceGauge,
} from "~/features/finance/gauge";
import { type CarInput, makeCar, makeSite } from "./helpers";

const result = (overrides: Partial<AutogaugeResult> = {}): AutogaugeResult => ({
  fill: 0.7,
  listing_price: 29990,
  market_range_min: 28500,
  market_range_max: 33900,
  confidence: 0.8,
  description: "Priced below most similar cars in QLD",
  ...overrides,
});

const autogaugeSite = makeSite({ autograb: true, plugins: ["Autogauge"] });

describe("deal label and colour (spec §4)", () => {
  it.each<[number, string, string]>([
    [0, "Good Deal", "low"],
    [0.29, "Good Deal", "low"],
    [0.3, "Good Deal", "medium"],
    [0.59, "Good Deal", "medium"],
    [0.6, "Good Deal", "high"],
    [0.64, "Good Deal", "high"],
    [0.65, "Great Deal", "high"],
    [1, "Great Deal", "high"],
  ])("fill %d reads %s in colour %s", (fill, label, colour) => {
    expect(dealLabel(fill)).toBe(label);
    expect(gaugeColour(fill)).toBe(colour);
  });
});

describe("gauge display rules (spec §5)", () => {
  it.each<[string, Partial<AutogaugeResult>, boolean]>([
    ["shows a complete, confident result", {}, true],
    ["hides without fill", { fill: null }, false],
    ["hides without listing price", { listing_price: undefined }, false],
    ["hides without market range min", { market_range_min: null }, false],
    ["hides without market range max", { market_range_max: null }, false],
    ["hides without confidence", { confidence: null }, false],
    ["hides at confidence 0.2", { confidence: 0.2 }, false],
    ["shows at confidence 0.21", { confidence: 0.21 }, true],
    ["hides when the range max is below the listing price", { market_range_max: 29989 }, false],
    ["shows when the range max equals the listing price", { market_range_max: 29990 }, true],
    ["shows at fill 0", { fill: 0 }, true],
  ])("%s", (_, overrides, shown) => {
    expect(gaugeView(result(overrides)) !== null).toBe(shown);
  });

  it("hides when there is no result at all (Autogauge failure)", () => {
    expect(gaugeView(null)).toBeNull();
  });

  it("turns the needle from -90° at fill 0 to +90° at fill 1, clamping outside", () => {
    expect(gaugeView(result({ fill: 0 }))?.needleDegrees).toBe(-90);
    expect(gaugeView(result({ fill: 0.5 }))?.needleDegrees).toBe(0);
    expect(gaugeView(result({ fill: 0.7 }))?.needleDegrees).toBe(36);
    expect(gaugeView(result({ fill: 1.4 }))?.needleDegrees).toBe(90);
  });

  it("carries the figures and the deal label", () => {
    expect(gaugeView(result())).toEqual({
      fill: 0.7,
      dealLabel: "Great Deal",
      colour: "high",
      listingPrice: 29990,
      marketMin: 28500,
      marketMax: 33900,
      description: "Priced below most similar cars in QLD",
      needleDegrees: 36,
    });
  });
});

describe("reading the GET {car path}/autogauge answer (spec §8: failure hides the panel)", () => {
  it.each<[string, unknown, AutogaugeResult | null]>([
    ["keeps a full result", result(), result()],
    ["keeps a partial result for the display rule to judge", { fill: 0.4 }, { fill: 0.4 }],
    ["drops null figures", { ...result(), confidence: null }, { ...result(), confidence: undefined }],
    ["fails on a figure that is not a number", { ...result(), fill: "0.7" }, null],
    ["fails on an answer without any figure", { description: "No similar cars" }, null],
    ["fails on an error body", { error: "There is no market comparison for this car." }, null],
    ["fails on an array", [result()], null],
    ["fails on null", null, null],
  ])("%s", (_, data, expected) => {
    const parsed = parseAutogauge(data);
    if (expected === null) expect(parsed).toBeNull();
    else expect(parsed).toEqual(JSON.parse(JSON.stringify(expected)));
  });
});

describe("Autograb eligibility and Autogauge (spec §5)", () => {
  it.each<[string, Partial<CarInput>, boolean]>([
    ["an in-stock car over $200", {}, true],
    ["a sold car", { status: "sold" }, false],
    ["a car flagged sold", { sold: true }, false],
    ["a coming-soon car", { status: "coming_soon" }, false],
    ["a reserved car", { reserved: true }, false],
    ["a $200 car", { price: 200 }, false],
    ["a $201 car", { price: 201 }, true],
  ])("eligibility: %s", (_, overrides, eligible) => {
    expect(autograbEligible(makeCar(overrides))).toBe(eligible);
  });

  it.each<[string, Parameters<typeof makeSite>[0], Partial<CarInput>, boolean]>([
    ["applies to used cars on an Autograb site", { autograb: true }, {}, true],
    ["applies to used cars on a site with the Autogauge plugin", { plugins: ["Autogauge"] }, {}, true],
    ["does not apply to new cars", { autograb: true }, { car_type: "new" }, false],
    ["does not apply to demo cars", { autograb: true }, { car_type: "demo" }, false],
    ["does not apply on sites without market data", {}, {}, false],
    ["does not apply to reserved cars", { autograb: true }, { reserved: true }, false],
  ])("%s", (_, site, car, applies) => {
    expect(autogaugeApplies(makeCar(car), makeSite(site))).toBe(applies);
  });

  it.each<[string, CarInput["autograb_data"], boolean]>([
    ["reads a flat result", { average_market_price: 31000, ...result() }, true],
    ["reads a nested result", { average_market_price: 31000, autogauge: result() }, true],
    ["hides averages alone", { average_market_price: 31000, state_average_market_price: 30500 }, false],
    ["hides no data", null, false],
    [
      "hides a malformed result",
      { fill: "high", listing_price: 29990 } as unknown as CarInput["autograb_data"],
      false,
    ],
  ])("%s", (_, autograb_data, shown) => {
    const car = makeCar({ autograb_data });
    expect(priceGauge(car, autogaugeSite) !== null).toBe(shown);
    if (!shown && autograb_data && "fill" in autograb_data && typeof autograb_data.fill === "string") {
      expect(autogaugeResult(car)).toBeNull();
    }
  });
});

describe("market-price badge (spec §5, §9 threshold 499 below)", () => {
  const site = makeSite({ autograb: true });
  const car = (price: number, state: number | null, national: number | null, extra: Partial<CarInput> = {}) =>
    makeCar({
      price,
      autograb_data: { state_average_market_price: state, average_market_price: national },
      ...extra,
    });

  it.each<[string, number, number | null, number | null, string | null]>([
    ["shows 500 under the state average", 29500, 30000, null, "$500 below the state market average"],
    ["hides 499 under the state average", 29501, 30000, 29000, null],
    ["shows 2,000 under the state average", 28000, 30000, 31000, "$2,000 below the state market average"],
    [
      "shows 500 under the national average while below the state average",
      29500,
      29800,
      30000,
      "$500 below the national market average",
    ],
    ["hides 600 under the national average at the state average", 29400, 29400, 30000, null],
    ["hides 600 under the national average above the state average", 29400, 29000, 30000, null],
    ["hides without a state average", 29000, null, 30000, null],
    ["hides above both averages", 31000, 30000, 30000, null],
  ])("%s", (_, price, state, national, text) => {
    const badge = marketPriceBadge(car(price, state, national), site);
    expect(badge?.text ?? null).toBe(text);
    if (text) expect(badge?.label).toBe(MARKET_PRICE_BADGE);
  });

  it("hides on sites that turn the badge off", () => {
    const off = makeSite({ autograb: true, features: { market_price_badge: false } });
    expect(marketPriceBadge(car(28000, 30000, 30000), off)).toBeNull();
  });

  it("hides for cars Autograb does not price (sold)", () => {
    expect(marketPriceBadge(car(28000, 30000, 30000, { status: "sold" }), site)).toBeNull();
  });
});
