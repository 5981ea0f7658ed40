import { describe, expect, it } from "vitest";
import {
  collapseSoldRuns,
  displayCount,
  EMPTY_TEXT,
  moveHandle,
  pageWindow,
  priceBand,
  priceHistogram,
  resultCountText,
} from "~/features/search/results";

const hits = (pattern: string) => [...pattern].map((c, i) => ({ id: i, sold: c === "s" }));

describe("search results", () => {
  it.each([
    ["aaa", "aaa"],
    ["assa", "asa"],
    ["sssa", "sa"],
    ["asasss", "asas"],
    ["sss", "sss"],
    ["", ""],
  ])("collapses sold runs in %s to %s", (input, output) => {
    expect(
      collapseSoldRuns(hits(input))
        .map((h) => (h.sold ? "s" : "a"))
        .join(""),
    ).toBe(output);
  });

  it.each([
    [1999, undefined, undefined, 1999],
    [2000, 2500, undefined, 2500],
    [2000, undefined, { new: 900, used: 1200 }, 2100],
    [2000, undefined, undefined, 2000],
  ])("shows %i with override %s and facets %j as %i", (total, override, facets, shown) => {
    expect(displayCount(total, override, facets)).toBe(shown);
  });

  it("uses the catalogue text and counts in words", () => {
    expect(EMPTY_TEXT).toBe(
      "No results found for your search at this time. Please try adjusting the filters for more results.",
    );
    expect(resultCountText(1)).toBe("1 vehicle found");
    expect(resultCountText(1384)).toBe("1,384 vehicles found");
  });
});

describe("pagination's page numbers", () => {
  it.each([
    [0, 0, [0]],
    [1, 3, [0, 1, 2]],
    [0, 10, [0, 1, 2, 3, 4]],
    [2, 10, [0, 1, 2, 3, 4]],
    [3, 10, [1, 2, 3, 4, 5]],
    [5, 10, [3, 4, 5, 6, 7]],
    [8, 10, [5, 6, 7, 8, 9]],
    [9, 10, [5, 6, 7, 8, 9]],
  ] as const)("page %i of %i shows %j (two either side, five in all)", (current, total, expected) => {
    expect(pageWindow(current, total, 2)).toEqual(expected);
  });
});

describe("price slider handles", () => {
  it.each([
    ["min", 20000, [10000, 30000], [20000, 30000]],
    ["min", 30000, [10000, 30000], [29500, 30000]],
    ["min", 45000, [10000, 30000], [29500, 30000]],
    ["max", 15000, [10000, 30000], [10000, 15000]],
    ["max", 10000, [10000, 30000], [10000, 10500]],
    ["max", 0, [10000, 30000], [10000, 10500]],
  ] as const)(
    "moving %s to %i from %j gives %j (the handles never meet)",
    (handle, value, range, expected) => {
      expect(moveHandle(handle, value, range, 500)).toEqual(expected);
    },
  );
});

describe("price bands for the slider's facet counts", () => {
  it.each([
    [0, null],
    [-5, null],
    [1, 0],
    [2499, 0],
    [2500, 2500],
    [12990, 12500],
    [250000, 250000],
  ])("price %d is in band %j", (price, band) => {
    expect(priceBand(price)).toBe(band);
  });

  it("groups band counts into equal bars across the slider and scales them to the tallest", () => {
    const bars = priceHistogram({ "10000": 2, "12500": 1, "30000": 4, "57500": 1 }, [10000, 60000], 5);
    expect(bars.map((bar) => [bar.from, bar.to, bar.count])).toEqual([
      [10000, 20000, 3],
      [20000, 30000, 0],
      [30000, 40000, 4],
      [40000, 50000, 0],
      [50000, 60000, 1],
    ]);
    expect(bars.map((bar) => bar.share)).toEqual([0.75, 0, 1, 0, 0.25]);
  });

  it("puts bands outside the bounds on the end bars and ignores junk keys", () => {
    const bars = priceHistogram({ "0": 1, "90000": 2, NaN: 5 }, [5000, 25000], 2);
    expect(bars.map((bar) => bar.count)).toEqual([1, 2]);
  });

  it("draws nothing for an empty or inverted range", () => {
    expect(priceHistogram({ "5000": 1 }, [5000, 5000])).toEqual([]);
    expect(priceHistogram({}, [0, 100000], 3).every((bar) => bar.count === 0 && bar.share === 0)).toBe(true);
  });
});
