import { describe, expect, it } from "vitest";
import {
  BUDGET_FILTER,
  budgetButton,
  budgetSearchUrl,
  clampMoney,
  countInPriceRange,
  countWithinBudget,
  DEFAULT_DEPOSIT,
  DEFAULT_REPAYMENT,
  estimateBudget,
  pickBodyTiles,
  priceRangeButton,
  priceRangeSearchUrl,
  priceSlider,
  sliderHandles,
} from "~/features/search/budget";
import { quickSearchMakes, showMeLabel } from "~/features/search/quick";
import { parseQueryState } from "~/features/search/routing";

describe("budget inputs are clamped 0..1,000,000 and non-numeric becomes 0 (spec §5)", () => {
  it.each([
    ["600", 600],
    ["$1,250", 1250],
    [" 2 000 ", 2000],
    [1500.5, 1500.5],
    ["", 0],
    ["abc", 0],
    ["12abc", 0],
    ["-50", 0],
    ["1000001", 1_000_000],
    ["99999999", 1_000_000],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
  ])("%j → %d", (input, expected) => {
    expect(clampMoney(input)).toBe(expected);
  });
});

describe("estimated budget = repayment × (12 monthly | 52 weekly) × 5 + deposit, rounded (spec §9)", () => {
  it.each([
    [DEFAULT_REPAYMENT.month, DEFAULT_DEPOSIT, "month", 38_000],
    [DEFAULT_REPAYMENT.week, DEFAULT_DEPOSIT, "week", 54_000],
    ["600", "0", "month", 36_000],
    ["123.45", "0", "week", 32_097],
    ["1000000", "1000000", "month", 61_000_000],
    ["x", "5,000", "week", 5_000],
    ["0", "0", "month", 0],
  ] as const)("repayment %j, deposit %j, %s → %d", (repayment, deposit, frequency, expected) => {
    expect(estimateBudget(repayment, deposit, frequency)).toBe(expected);
  });

  it("defaults to 600 monthly or 200 weekly with a 2,000 deposit", () => {
    expect(DEFAULT_REPAYMENT).toEqual({ month: 600, week: 200 });
    expect(DEFAULT_DEPOSIT).toBe(2000);
  });

  it("queries only priced cars (spec §7)", () => {
    expect(BUDGET_FILTER).toBe("price > 1000");
  });
});

describe("counting cars within a budget", () => {
  const prices = [5000, 9990, 9990, 15000, 42000];
  it.each([
    [0, 0],
    [4999, 0],
    [5000, 1],
    [9990, 3],
    [14999, 3],
    [42000, 5],
    [1_000_000, 5],
  ])("budget %d → %d cars", (budget, count) => {
    expect(countWithinBudget(prices, budget)).toBe(count);
  });
  it("counts nothing in an empty list", () => {
    expect(countWithinBudget([], 50_000)).toBe(0);
  });
});

describe("the budget button (spec §2, §4, §8)", () => {
  it("reads 'View {car type}s In This Range' when cars fit", () => {
    expect(budgetButton(12, "Car")).toEqual({
      label: "View Cars In This Range",
      disabled: false,
      note: null,
    });
    expect(budgetButton(1, "Caravan").label).toBe("View Caravans In This Range");
  });
  it("is disabled with '0 {car type}s Found' when the budget is below every price", () => {
    expect(budgetButton(0, "Car")).toEqual({
      label: "0 Cars Found",
      disabled: true,
      note: "No Cars found for this budget",
    });
    expect(budgetButton(0, "Caravan").note).toBe("No Caravans found for this budget");
  });
});

describe("the budget's results URL", () => {
  it("lands on the default route with the price range and body the old sites' links used", () => {
    const url = budgetSearchUrl(38000, 6500, "suv");
    expect(url.startsWith("/search/new-used-and-demo-cars?")).toBe(true);
    expect(parseQueryState(url.slice(url.indexOf("?")))).toEqual({
      refinementList: { body: ["suv"] },
      range: { price: { min: 6500, max: 38000 } },
    });
  });
  it("omits the body when every body is chosen", () => {
    const url = budgetSearchUrl(20000, 1500, null);
    expect(parseQueryState(url.slice(url.indexOf("?")))).toEqual({
      range: { price: { min: 1500, max: 20000 } },
    });
  });
});

describe("body tiles: 4 from the facet, or the tenant's own up to 20 (spec §9)", () => {
  const facet = new Map(
    [
      ["suv", 40],
      ["sedan", 25],
      ["ute", 25],
      ["hatch", 10],
      ["wagon", 3],
      ["van", 1],
    ].map(([value, n]) => [
      value as string,
      { label: String(value).toUpperCase(), prices: Array.from({ length: n as number }, (_, i) => 5000 + i) },
    ]),
  );
  it("takes the 4 most common bodies, ties by name", () => {
    expect(pickBodyTiles(facet, undefined).map((t) => t.value)).toEqual(["suv", "sedan", "ute", "hatch"]);
  });
  it("keeps the tenant's own order and drops bodies it has no stock of", () => {
    expect(pickBodyTiles(facet, ["van", "convertible", "wagon", "suv", "ute"]).map((t) => t.value)).toEqual([
      "van",
      "wagon",
      "suv",
      "ute",
    ]);
  });
  it("shows at most 20 custom bodies", () => {
    const many = new Map(
      Array.from({ length: 25 }, (_, i): [string, { label: string; prices: number[] }] => [
        `b${i}`,
        { label: `B${i}`, prices: [5000] },
      ]),
    );
    expect(pickBodyTiles(many, [...many.keys()])).toHaveLength(20);
  });
});

describe("quick search and the show-me-N-vehicles button", () => {
  const docs = [
    { make: "Toyota", model: "HiLux" },
    { make: "Toyota", model: "Corolla" },
    { make: "Toyota", model: "HiLux" },
    { make: "Land Rover", model: "Defender" },
  ];
  it("lists makes and models by name with their search routes and counts", () => {
    expect(quickSearchMakes(docs)).toEqual([
      {
        name: "Land Rover",
        path: "/search/land-rover",
        count: 1,
        models: [{ name: "Defender", path: "/search/land-rover/defender", count: 1 }],
      },
      {
        name: "Toyota",
        path: "/search/toyota",
        count: 3,
        models: [
          { name: "Corolla", path: "/search/toyota/corolla", count: 1 },
          { name: "HiLux", path: "/search/toyota/hilux", count: 2 },
        ],
      },
    ]);
  });
  it.each([
    [0, "Show me 0 vehicles"],
    [1, "Show me 1 vehicle"],
    [1999, "Show me 1,999 vehicles"],
  ])("%d → %s", (count, label) => {
    expect(showMeLabel(count)).toBe(label);
  });
});

describe("spec §9 budget finder price slider: fallback 0–100,000, slider defaults 5,000–250,000", () => {
  it("runs the track 5,000–250,000 and starts the handles at the stock's price range, to the step of 500", () => {
    expect(priceSlider([6_990, 12_990, 78_990])).toEqual({
      min: 5_000,
      max: 250_000,
      from: 6_500,
      to: 79_000,
    });
  });

  it("falls back to 0–100,000 when the results give no price", () => {
    expect(priceSlider([])).toEqual({ min: 0, max: 250_000, from: 0, to: 100_000 });
  });

  it("widens the track to take in a car outside 5,000–250,000", () => {
    expect(priceSlider([2_990, 312_400])).toEqual({ min: 2_500, max: 312_500, from: 2_500, to: 312_500 });
  });

  it("keeps the handles on the track in steps of 500, the min a step below the max (spec §5)", () => {
    const track = { min: 5_000, max: 250_000 };
    expect(sliderHandles(track, 20_250, 40_900)).toEqual([20_000, 40_500]);
    expect(sliderHandles(track, 40_000, 40_000)).toEqual([39_500, 40_000]);
    expect(sliderHandles(track, 0, 999_999)).toEqual([5_000, 250_000]);
    expect(sliderHandles(track, 250_000, 250_000)).toEqual([249_500, 250_000]);
  });

  it("counts the cars from the min to the max, both included, and names the results page", () => {
    const prices = [6_990, 12_990, 20_000, 47_000, 47_990];
    expect(countInPriceRange(prices, 12_990, 47_000)).toBe(3);
    expect(countInPriceRange(prices, 48_000, 250_000)).toBe(0);
    expect(priceRangeButton(3, "Car")).toEqual({ label: "Show 3 Cars", disabled: false });
    expect(priceRangeButton(1, "Caravan")).toEqual({ label: "Show 1 Caravan", disabled: false });
    expect(priceRangeButton(0, "Car")).toEqual({ label: "Show 0 Cars", disabled: true });
    const url = priceRangeSearchUrl(5_000, 47_000, "suv");
    expect(url.startsWith("/search/new-used-and-demo-cars?")).toBe(true);
    expect(parseQueryState(url.slice(url.indexOf("?")))).toEqual({
      refinementList: { body: ["suv"] },
      range: { price: { min: 5_000, max: 47_000 } },
    });
  });
});
