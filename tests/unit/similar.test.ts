import { describe, expect, it } from "vitest";
import type { CarSearchDocument } from "~/features/search/documents";
import { priceBand, similarCarsIndex } from "~/features/search/similar";

let nextId = 1;
function doc(overrides: Partial<CarSearchDocument>): CarSearchDocument {
  return {
    id: nextId++,
    make: "Toyota",
    model: "Corolla",
    body: "hatch",
    price: 30000,
    status: "in_stock",
    sold: false,
    car_type: "used",
    ...overrides,
  } as CarSearchDocument;
}

describe("similar cars", () => {
  it.each([
    [30000, [20000, 40000]],
    [49999, [39999, 59999]],
    [50000, [25000, 75000]],
    [120000, [95000, 145000]],
  ])("price %i has band %j", (price, band) => expect(priceBand(price)).toEqual(band));

  it("puts the same model first, then the same body, in stock and within the band, deduplicated, first 6", () => {
    const car = doc({});
    const sameModel = [doc({ price: 25000 }), doc({ price: 39000 })];
    const outOfBand = doc({ price: 45000 });
    const sold = doc({ status: "sold", sold: true });
    const coming = doc({ status: "coming_soon" });
    const sameBody = Array.from({ length: 6 }, (_, i) =>
      doc({ make: "Mazda", model: "3", price: 28000 + i }),
    );
    const otherBody = doc({ make: "Mazda", model: "CX-5", body: "suv" });
    const index = similarCarsIndex([car, ...sameModel, outOfBand, sold, coming, ...sameBody, otherBody]);
    const found = index.find(car);
    expect(found.map((d) => d.id)).toEqual([...sameModel, ...sameBody].slice(0, 6).map((d) => d.id));
    expect(found).not.toContain(car);
  });

  it("falls back to in-stock cars of the same type when nothing is similar", () => {
    const car = doc({ make: "Ferrari", model: "Roma", body: "coupe", price: 400000, car_type: "used" });
    const other = doc({ make: "Kia", model: "Rio", body: "hatch", price: 15000, car_type: "used" });
    const newCar = doc({ make: "Kia", model: "EV6", body: "suv", price: 70000, car_type: "new" });
    expect(
      similarCarsIndex([car, other, newCar])
        .find(car)
        .map((d) => d.id),
    ).toEqual([other.id]);
  });

  it("shows the site's number of similar cars", () => {
    const car = doc({});
    const others = Array.from({ length: 9 }, () => doc({}));
    expect(similarCarsIndex([car, ...others], 4).find(car)).toHaveLength(4);
  });
});
