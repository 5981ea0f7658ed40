import { describe, expect, it } from "vitest";
import {
  collapseSoldRuns,
  displayCount,
  EMPTY_TEXT,
  moveHandle,
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
