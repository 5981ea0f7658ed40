import { describe, expect, it } from "vitest";
import { decodeColumnar, encodeColumnar } from "~/features/search/columnar";
import { searchDocuments } from "~/features/search/documents";
import { packIndex, rankOf, unpackIndex } from "~/features/search/pack";
import { makeCar, makeSite, NOW } from "./helpers";

describe("embedded index wire format", () => {
  it("round-trips every column type", () => {
    const rows = [
      { id: 1, make: "Toyota", price: 100, sold: false, features: ["ABS", "Tow Bar"], badge: null },
      { id: 2, make: "Mazda", price: 0, sold: true, features: [], badge: "GT" },
      { id: 3, make: "Toyota", price: 5, sold: false, features: ["Tow Bar"], badge: "SR5" },
    ];
    expect(decodeColumnar(encodeColumnar(rows))).toEqual(rows);
  });

  it("rebuilds derived fields exactly", () => {
    const site = makeSite({ used_keyword: "Pre-Owned" });
    const cars = [
      makeCar({
        id: 1,
        slug: "2022-toyota-corolla-ascent-sport-1",
        standardEquipment: ["ABS", "Cruise Control"],
        simple_body: "peopleMover",
      }),
      makeCar({ id: 2, slug: "custom-slug", status: "sold", sold_date_timestamp: 1, car_type: "new" }),
    ];
    const documents = searchDocuments(cars, site, NOW);
    const restored = unpackIndex(JSON.parse(JSON.stringify(packIndex(documents))));
    expect(restored).toEqual(documents);
    expect(restored[0]?.car_type_label).toBe("Pre-Owned");
  });

  it("ranks available cars before sold ones, newest first", () => {
    expect(rankOf("in_stock", 100)).toBeGreaterThan(rankOf("coming_soon", 200));
    expect(rankOf("coming_soon", 100)).toBeGreaterThan(rankOf("sold", 200));
    expect(rankOf("in_stock", 200)).toBeGreaterThan(rankOf("in_stock", 100));
  });
});
