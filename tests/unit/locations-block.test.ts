/** The home page's locations block (spec §2 single card, grid, dark; §9 carousel rules). */
import { describe, expect, it } from "vitest";
import { locationsBlockView } from "~/features/locations/locations";
import { siteSchema } from "~/tenant/schema";
import { makeLocation, makeSite } from "./helpers";

const many = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeLocation({
      id: i + 1,
      name: `Test Motors ${String.fromCharCode(65 + i)}`,
      slug: `test-motors-${i + 1}`,
    }),
  );

describe("Our Locations carousel: more than 3 locations removes the swipe-hint hiding; more than 4 widens items", () => {
  it.each([
    [1, false, false],
    [3, false, false],
    [4, true, false],
    [5, true, true],
    [13, true, true],
  ])("%i locations: swipe hint %s, wide items %s", (count, swipeHint, wide) => {
    const view = locationsBlockView("carousel", many(count));
    expect(view.swipeHint).toBe(swipeHint);
    expect(view.wide).toBe(wide);
    expect(view.shown).toHaveLength(count);
  });

  it("never hints or widens outside the carousel", () => {
    for (const variant of ["grid", "dark", "single"] as const) {
      expect(locationsBlockView(variant, many(13))).toMatchObject({ swipeHint: false, wide: false });
    }
  });
});

describe("location blocks: single card, grid and dark variants (spec §2)", () => {
  it("shows one card, the main location by sales, service, parts order, in the single variant", () => {
    const locations = [
      makeLocation({ id: 1, name: "Test Motors Parts", location_type: "parts" }),
      makeLocation({ id: 2, name: "Test Motors Service", location_type: "service" }),
      makeLocation({ id: 3, name: "Test Motors Sales", location_type: "sales" }),
    ];
    const view = locationsBlockView("single", locations);
    expect(view.shown.map((l) => l.name)).toEqual(["Test Motors Sales"]);
    expect(view.total).toBe(3);
  });

  it.each(["grid", "dark"] as const)(
    "shows up to 6 cards in the %s variant, of all the tenant's",
    (variant) => {
      const view = locationsBlockView(variant, many(13));
      expect(view.shown.map((l) => l.name)).toEqual([
        "Test Motors A",
        "Test Motors B",
        "Test Motors C",
        "Test Motors D",
        "Test Motors E",
        "Test Motors F",
      ]);
      expect(view.total).toBe(13);
    },
  );

  it("is the grid unless site.json picks another, and refuses a variant it does not know", () => {
    expect(makeSite().locations_block).toBe("grid");
    expect(() => siteSchema.parse({ ...makeSite(), locations_block: "slider" })).toThrow();
  });
});
