import { describe, expect, it } from "vitest";
import {
  COMPARE_LIMIT,
  type CompareEntry,
  compareKey,
  compareTable,
  compareToast,
  parseCompare,
  refreshCompare,
  toggleCompare,
  valuesDiffer,
} from "~/features/compare/compare";
import { compareEntry } from "~/features/compare/entry";
import { showsCompare } from "~/features/stock/stock";
import { type CarInput, makeCar, makeSite } from "./helpers";

const photo = [{ url: "https://cdn.example.com/a.jpg" }];

const entry = (id: number, rows: [string, string][] = [], price_text = "$10,990"): CompareEntry => ({
  id,
  name: `Car ${id}`,
  slug: `car-${id}`,
  make: "Toyota",
  model: "Corolla",
  primary_image_url: null,
  price_text,
  was_text: null,
  price_note: null,
  rows: rows.map(([label, value]) => ({ label, value })),
});

describe("spec §4/§5 compare toggle: hidden when not in stock or storage setting off; on certain sites when not used, price 0 or less, or no thumbnails and images", () => {
  const usedWithPhoto: Partial<CarInput> = { car_type: "used", price: 18990, images: photo };
  it.each<[string, Partial<CarInput>, { favourites?: boolean; strict?: boolean }, boolean]>([
    ["an in-stock used car", usedWithPhoto, {}, true],
    ["an in-stock new car with no photos and no price", { car_type: "new", price: 0 }, {}, true],
    ["a coming-soon car (not in stock)", { ...usedWithPhoto, status: "coming_soon" }, {}, false],
    ["a sold car", { ...usedWithPhoto, status: "sold", sold: true }, {}, false],
    ["a car marked sold while in stock", { ...usedWithPhoto, sold: true }, {}, false],
    ["a car on a site with the storage setting off", usedWithPhoto, { favourites: false }, false],
    ["strict site: an in-stock used car priced above 0 with a photo", usedWithPhoto, { strict: true }, true],
    [
      "strict site: a used car with thumbnails but no images",
      { ...usedWithPhoto, images: [], thumbnails: ["/media/t.jpg"] },
      { strict: true },
      true,
    ],
    ["strict site: a new car", { ...usedWithPhoto, car_type: "new" }, { strict: true }, false],
    ["strict site: a demo car", { ...usedWithPhoto, car_type: "demo" }, { strict: true }, false],
    ["strict site: a used car priced 0", { ...usedWithPhoto, price: 0 }, { strict: true }, false],
    ["strict site: a used car priced 1", { ...usedWithPhoto, price: 1 }, { strict: true }, true],
    [
      "strict site: a used car with no thumbnails and no images",
      { ...usedWithPhoto, images: [] },
      { strict: true },
      false,
    ],
    [
      "strict site: a used car whose only image is a video",
      { ...usedWithPhoto, images: [{ url: "https://www.youtube.com/embed/x", video: true }] },
      { strict: true },
      false,
    ],
  ])("%s", (_, car, { favourites = true, strict = false }, shown) => {
    const site = makeSite({ features: { favourites, compare_used_priced_with_photos: strict } });
    expect(showsCompare(makeCar(car), site)).toBe(shown);
  });
});

describe("compare entry: what the vehicle page showed, for the side-by-side table", () => {
  it("keeps the favourite fields, the price as displayed and the rows shoppers compare", () => {
    const car = makeCar({
      id: 9,
      price: 24990,
      before_price: 26990,
      price_type: "Drive Away",
      km: 45210,
      simple_body: "suv",
      vin: "JTNB11HK103456789",
      regplate: "ABC123",
      colour: "Red",
      images: photo,
    });
    const result = compareEntry(car, makeSite({ used_keyword: "Pre-Owned" }), "Test Motors Brisbane");
    expect(result).toMatchObject({
      id: 9,
      slug: car.slug,
      name: car.name,
      primary_image_url: "https://cdn.example.com/a.jpg",
      price_text: "$24,990",
      was_text: "$26,990",
      price_note: "Drive Away",
    });
    expect(result.rows.slice(0, 4)).toEqual([
      { label: "Type", value: "Pre-Owned" },
      { label: "Year", value: "2022" },
      { label: "Odometer", value: "45,210 km" },
      { label: "Body", value: "SUV" },
    ]);
    const labels = result.rows.map((row) => row.label);
    expect(labels).toContain("Colour");
    expect(labels.at(-1)).toBe("Location");
    // Identify one car, compare nothing; the year is not listed twice.
    for (const label of ["VIN", "Rego", "Stock number"]) expect(labels).not.toContain(label);
    expect(labels.filter((label) => label === "Year")).toHaveLength(1);
  });

  it("shows the price the page shows: no-price text, and no price note without a price", () => {
    const result = compareEntry(
      makeCar({ price: 0, price_type: "Drive Away" }),
      makeSite({ no_price_text: "Call for price" }),
      null,
    );
    expect(result).toMatchObject({ price_text: "Call for price", was_text: null, price_note: null });
    expect(result.rows.map((row) => row.label)).not.toContain("Location");
  });

  it("keeps one comparison per site", () => {
    expect(compareKey("westside-auto")).toBe("compare:westside-auto");
    expect(compareKey("westside-auto")).not.toBe(compareKey("bayside-nissan"));
  });
});

describe("compare list: read defensively", () => {
  it.each<[string, string | null, number[]]>([
    ["nothing stored", null, []],
    ["not JSON", "{oops", []],
    ["not a list", '{"id":1}', []],
    ["entries missing fields are dropped", JSON.stringify([{ id: 1, name: "x" }, entry(2)]), [2]],
    ["a car stored twice counts once", JSON.stringify([entry(1), entry(1), entry(2)]), [1, 2]],
    [
      `never more than ${COMPARE_LIMIT} cars`,
      JSON.stringify([entry(1), entry(2), entry(3), entry(4)]),
      [1, 2, 3],
    ],
  ])("%s", (_, raw, ids) => {
    expect(parseCompare(raw).map((saved) => saved.id)).toEqual(ids);
  });

  it("drops rows that are not label and value texts", () => {
    const stored = {
      ...entry(1),
      rows: [{ label: "Year", value: "2022" }, { label: "Seats", value: 5 }, null],
    };
    expect(parseCompare(JSON.stringify([stored]))[0]?.rows).toEqual([{ label: "Year", value: "2022" }]);
  });
});

describe("compare toggle: add at the end, remove when there, refuse past the limit", () => {
  it("adds cars left to right in the order pressed, then removes", () => {
    let list: CompareEntry[] = [];
    for (const id of [1, 2, 3]) {
      const next = toggleCompare(list, entry(id));
      expect(next.result).toBe("added");
      list = next.entries;
    }
    expect(list.map((saved) => saved.id)).toEqual([1, 2, 3]);
    const removed = toggleCompare(list, entry(2));
    expect(removed).toMatchObject({ result: "removed" });
    expect(removed.entries.map((saved) => saved.id)).toEqual([1, 3]);
  });

  it(`refuses a car once ${COMPARE_LIMIT} are lined up, and leaves the list as it was`, () => {
    const full = [entry(1), entry(2), entry(3)];
    const next = toggleCompare(full, entry(4));
    expect(next.result).toBe("full");
    expect(next.entries).toEqual(full);
  });

  it.each<[Parameters<typeof compareToast>[1], string]>([
    ["added", "2022 Toyota Corolla is now in your comparison"],
    ["removed", "2022 Toyota Corolla is no longer in your comparison"],
    ["full", "You can compare up to 3 cars. Remove one to add 2022 Toyota Corolla."],
  ])("toast when %s", (result, text) => {
    expect(compareToast("2022 Toyota Corolla", result)).toBe(text);
  });

  it("refreshes a compared car's entry in place from its page, and changes nothing otherwise", () => {
    const list = [entry(1), entry(2, [], "$10,990")];
    const repriced = entry(2, [], "$9,990");
    expect(refreshCompare(list, repriced)?.map((saved) => saved.price_text)).toEqual(["$10,990", "$9,990"]);
    expect(refreshCompare(list, entry(2, [], "$10,990"))).toBeNull();
    expect(refreshCompare(list, entry(3))).toBeNull();
  });
});

describe("compare table: every row any car lists, in the page's order, marking rows that differ", () => {
  it("merges each car's rows after their predecessor and leaves gaps empty", () => {
    const rows = compareTable([
      entry(1, [
        ["Year", "2022"],
        ["Odometer", "10 km"],
        ["Seats", "5"],
      ]),
      entry(2, [
        ["Year", "2022"],
        ["Body", "SUV"],
        ["Seats", "7"],
        ["Location", "Brisbane"],
      ]),
    ]);
    expect(rows).toEqual([
      { label: "Year", values: ["2022", "2022"], differs: false },
      { label: "Odometer", values: ["10 km", null], differs: true },
      { label: "Body", values: [null, "SUV"], differs: true },
      { label: "Seats", values: ["5", "7"], differs: true },
      { label: "Location", values: [null, "Brisbane"], differs: true },
    ]);
  });

  it.each<[(string | null)[], boolean]>([
    [["$10,990"], false],
    [["$10,990", "$10,990"], false],
    [["$10,990", "$9,990"], true],
    [["5", null], true],
    [[null, null], false],
  ])("values %j differ: %s", (values, differs) => {
    expect(valuesDiffer(values)).toBe(differs);
  });

  it("with one car nothing differs", () => {
    expect(compareTable([entry(1, [["Year", "2022"]])])).toEqual([
      { label: "Year", values: ["2022"], differs: false },
    ]);
  });
});
