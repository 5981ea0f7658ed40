import { describe, expect, it } from "vitest";
import { facetComparator } from "~/features/search/facet-order";
import { facetConfigs, SORT_LABELS } from "~/features/search/page.server";
import { parseMoneyRange, priceRangeLabel, priceRangeOf } from "~/features/search/price-ranges";
import { makeSite } from "./helpers";

const order = (names: string[], by: Parameters<typeof facetComparator>[0]) =>
  names
    .map((name) => ({ name, count: 1 }))
    .sort(facetComparator(by))
    .map((value) => value.name);

describe("the condition filter lists car types new, demo, used (spec §9)", () => {
  it("orders by condition, not by name or count", () => {
    expect(
      ["demo", "used", "new"]
        .map((name, i) => ({ name, count: [9, 30, 2][i] ?? 0 }))
        .sort(facetComparator("condition"))
        .map((value) => value.name),
    ).toEqual(["new", "demo", "used"]);
  });

  it("is the order the search page's Condition group asks for", () => {
    const condition = facetConfigs(makeSite()).find((facet) => facet.attribute === "car_type");
    expect(condition?.sortBy).toBe("condition");
  });
});

describe("price ranges sort by numeric lower bound (spec §9)", () => {
  it("lists the bands by lower bound, not alphabetically", () => {
    expect(
      order(
        [
          "$100,000 - $150,000",
          "$20,000 - $30,000",
          "$150,000 and over",
          "Under $10,000",
          "$75,000 - $100,000",
        ],
        "lower_bound",
      ),
    ).toEqual([
      "Under $10,000",
      "$20,000 - $30,000",
      "$75,000 - $100,000",
      "$100,000 - $150,000",
      "$150,000 and over",
    ]);
  });

  it.each([
    [9999, "Under $10,000"],
    [10000, "$10,000 - $20,000"],
    [54990, "$50,000 - $75,000"],
    [149999, "$100,000 - $150,000"],
    [150000, "$150,000 and over"],
    [0, null],
  ])("a car priced %d is in the band %s", (price, band) => {
    expect(priceRangeOf(price)).toBe(band);
  });

  it.each([
    ["$10,000 - $20,000", { min: 10000, max: 20000 }],
    ["10000:20000", { min: 10000, max: 20000 }],
    ["10k to 20k", { min: 10000, max: 20000 }],
    ["Under $10,000", { max: 10000 }],
    ["$150,000+", { min: 150000 }],
    ["$100 - $200 p/w", { min: 100, max: 200 }],
    [":250", { max: 250 }],
    ["cheap", null],
    ["200-100", null],
    ["1:2:3", null],
    ["5000", null],
  ])("reads %s", (text, range) => {
    expect(parseMoneyRange(text)).toEqual(range);
  });

  it("names a range only when it is one of the bands", () => {
    expect(priceRangeLabel({ min: 40000, max: 50000 })).toBe("$40,000 - $50,000");
    expect(priceRangeLabel({ min: 15000, max: 25000 })).toBeNull();
  });
});

describe("per-site search defaults (spec §9)", () => {
  it("offers most relevant, latest, highest price and lowest price by default", () => {
    const site = makeSite();
    expect(site.search.sort_options.map((key) => SORT_LABELS[key])).toEqual([
      "Most Relevant",
      "Latest",
      "Highest Price",
      "Lowest Price",
    ]);
  });

  it("offers a site's own sort options in its order", () => {
    const site = makeSite({ search: { sort_options: ["price_asc", "latest"] } });
    expect(site.search.sort_options.map((key) => SORT_LABELS[key])).toEqual(["Lowest Price", "Latest"]);
  });

  it("lists popular makes first, 20 of them before Show more", () => {
    const make = facetConfigs(makeSite()).find((facet) => facet.attribute === "make");
    expect(make).toMatchObject({ limit: 20, sortBy: "count" });
    expect(
      [
        { name: "Kia", count: 3 },
        { name: "Toyota", count: 12 },
        { name: "Mazda", count: 3 },
      ]
        .sort(facetComparator("count"))
        .map((value) => value.name),
    ).toEqual(["Toyota", "Kia", "Mazda"]);
  });
});
