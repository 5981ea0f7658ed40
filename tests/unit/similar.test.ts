/**
 * Similar cars (spec §9): the requests the vehicle page sends, and the row they give, answered by
 * the embedded engine as the browser's worker answers them.
 */
import { describe, expect, it } from "vitest";
import type { CarSearchDocument } from "~/features/search/documents";
import { createEngine } from "~/features/search/engine";
import { CAR_INDEX_SETTINGS } from "~/features/search/settings";
import {
  fallbackQuery,
  findSimilar,
  type MultiSearch,
  pickSimilar,
  priceBand,
  similarQueries,
} from "~/features/search/similar";

/** A document; `rank` falls as the id rises, so the index's order is the ids' order. */
function doc(overrides: Partial<CarSearchDocument> & { id: number }): CarSearchDocument {
  const { id } = overrides;
  return {
    name: `Car ${id}`,
    make: "Toyota",
    model: "Corolla",
    body: "hatch",
    price: 30000,
    status: "in_stock",
    sold: false,
    car_type: "used",
    rank: 1000 - id,
    ...overrides,
  } as CarSearchDocument;
}

/** The engine behind a multi-search, counting the requests sent. */
function engineSearch(docs: CarSearchDocument[]): { search: MultiSearch; requests: number[] } {
  const engine = createEngine(docs, CAR_INDEX_SETTINGS);
  const requests: number[] = [];
  const search: MultiSearch = async (queries) => {
    requests.push(queries.length);
    return engine.multiSearch({ queries }).results.map((result) => result.hits as never[]);
  };
  return { search, requests };
}

describe("similar cars", () => {
  it.each([
    [30000, [20000, 40000]],
    [49999, [39999, 59999]],
    [50000, [25000, 75000]],
    [120000, [95000, 145000]],
  ])("price %i has band %j", (price, band) => expect(priceBand(price)).toEqual(band));

  it("asks for the same model, then the same body, in stock and in the price band, 10 each", () => {
    const car = { id: 7, make: 'Mazda "Zoom"', model: "CX-5", body: "suv", car_type: "used", price: 60000 };
    expect(similarQueries(car, "cars-fixture")).toEqual([
      {
        indexUid: "cars-fixture",
        filter: [
          '"make"="Mazda \\"Zoom\\""',
          '"model"="CX-5"',
          '"status"="in_stock"',
          '"price">=35000',
          '"price"<=85000',
        ],
        limit: 10,
        highlightPreTag: "<mark>",
        highlightPostTag: "</mark>",
      },
      {
        indexUid: "cars-fixture",
        filter: ['"body"="suv"', '"status"="in_stock"', '"price">=35000', '"price"<=85000'],
        limit: 10,
        highlightPreTag: "<mark>",
        highlightPostTag: "</mark>",
      },
    ]);
    expect(similarQueries({ ...car, body: null }, "cars-fixture")).toHaveLength(1);
    expect(fallbackQuery(car, "cars-fixture")).toEqual({
      indexUid: "cars-fixture",
      filter: ['"car_type"="used"', '"status"="in_stock"'],
      limit: 10,
      highlightPreTag: "<mark>",
      highlightPostTag: "</mark>",
    });
  });

  it("picks in query order, without repeats or the car itself, the first N", () => {
    const hits = (...ids: number[]) => ids.map((id) => ({ id }));
    expect(pickSimilar({ id: 1 }, [hits(1, 2, 3), hits(3, 4, 1, 5)]).map((h) => h.id)).toEqual([2, 3, 4, 5]);
    expect(pickSimilar({ id: 1 }, [hits(2, 3, 4, 5), hits(6, 7, 8)]).map((h) => h.id)).toEqual([
      2, 3, 4, 5, 6, 7,
    ]);
    expect(pickSimilar({ id: 1 }, [hits(2, 3, 4, 5), hits(6, 7, 8)], 3).map((h) => h.id)).toEqual([2, 3, 4]);
    expect(pickSimilar({ id: 1 }, [hits(1), []])).toEqual([]);
  });

  it("shows the same model first, then the same body, in stock and within the band, first 6", async () => {
    const { search, requests } = engineSearch([
      doc({ id: 1 }),
      doc({ id: 2, price: 25000 }),
      doc({ id: 3, price: 45000 }), // out of the band
      doc({ id: 4, status: "sold", sold: true }),
      doc({ id: 5, status: "coming_soon" }),
      doc({ id: 6, make: "Mazda", model: "3", price: 28000 }),
      doc({ id: 7, price: 39000 }),
      doc({ id: 8, make: "Mazda", model: "3", price: 28001 }),
      doc({ id: 9, make: "Mazda", model: "CX-5", body: "suv" }), // another body
      doc({ id: 10, make: "Kia", model: "Cerato", price: 21000 }),
      doc({ id: 11, make: "Kia", model: "Rio", price: 19000 }), // out of the band
      doc({ id: 12, make: "Hyundai", model: "i30", price: 32000 }),
      doc({ id: 13, make: "Hyundai", model: "i30", price: 33000 }),
    ]);
    const car = { id: 1, make: "Toyota", model: "Corolla", body: "hatch", car_type: "used", price: 30000 };
    const found = await findSimilar<CarSearchDocument>(car, "cars", search);
    expect(found.map((d) => d.id)).toEqual([2, 7, 6, 8, 10, 12]);
    expect(requests).toEqual([2]);
    expect((await findSimilar<CarSearchDocument>(car, "cars", search, 4)).map((d) => d.id)).toEqual([
      2, 7, 6, 8,
    ]);
  });

  it("falls back to in-stock cars of the same type when nothing is similar", async () => {
    const { search, requests } = engineSearch([
      doc({ id: 21, make: "Ferrari", model: "Roma", body: "coupe", price: 400000 }),
      doc({ id: 22, make: "Kia", model: "Rio", body: "hatch", price: 15000, status: "sold", sold: true }),
      doc({ id: 23, make: "Kia", model: "EV6", body: "suv", price: 70000, car_type: "new" }),
      doc({ id: 24, make: "Kia", model: "Rio", body: "hatch", price: 15000 }),
    ]);
    const car = { id: 21, make: "Ferrari", model: "Roma", body: "coupe", car_type: "used", price: 400000 };
    expect((await findSimilar<CarSearchDocument>(car, "cars", search)).map((d) => d.id)).toEqual([24]);
    expect(requests).toEqual([2, 1]);
  });
});
