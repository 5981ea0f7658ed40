import { setPersistentEngine } from "@nanostores/persistent";
import { beforeEach, describe, expect, it } from "vitest";
import {
  parseViewed,
  recordView,
  shownViewed,
  type ViewedCar,
  viewedCar,
  viewedKey,
} from "~/features/recently-viewed/recently-viewed";
import { clearViewedIn, recordViewIn, viewedStore } from "~/features/recently-viewed/recently-viewed.store";
import { makeCar } from "./helpers";

const viewed = (id: number, sold = false): ViewedCar => ({
  id,
  stocknum: `S${id}`,
  make: "Toyota",
  model: "Corolla",
  body: "Hatchback",
  simple_body: "Hatch",
  name: `Car ${id}`,
  slug: `car-${id}`,
  primary_image_url: null,
  sold,
});
const ids = (entries: readonly ViewedCar[]) => entries.map((entry) => entry.id);

describe("spec §3 viewed-car record: id, stocknum, make, model, body, simple_body; local, per dealership", () => {
  it("keeps the spec's fields and what the card shows", () => {
    const car = makeCar({
      id: 7,
      stocknum: "TM7",
      bodyconfiguration: "Hatchback",
      simple_body: "Hatch",
      primary_image_url: "https://cdn.example.com/a.jpg",
    });
    expect(viewedCar(car, false)).toEqual({
      id: 7,
      stocknum: "TM7",
      make: "Toyota",
      model: "Corolla",
      body: "Hatchback",
      simple_body: "Hatch",
      name: "2022 Toyota Corolla Ascent Sport",
      slug: "2022-toyota-corolla-ascent-sport",
      primary_image_url: "https://cdn.example.com/a.jpg",
      sold: false,
    });
  });

  it("keeps one list per dealership", () => {
    expect(viewedKey("bayside-nissan")).toBe("recently-viewed:bayside-nissan");
    expect(viewedKey("westside-auto")).toBe("recently-viewed:westside-auto");
  });

  it.each<[string, string | null, number[]]>([
    ["nothing stored", null, []],
    ["not JSON", "{oops", []],
    ["not a list", '{"id":1}', []],
    ["a valid list", JSON.stringify([viewed(1), viewed(2)]), [1, 2]],
    ["records missing fields", JSON.stringify([{ id: 3 }, viewed(4), { ...viewed(5), stocknum: 5 }]), [4]],
    ["a record without its sold flag", JSON.stringify([{ ...viewed(6), sold: "no" }]), []],
  ])("reads %s", (_, raw, expected) => {
    expect(ids(parseViewed(raw))).toEqual(expected);
  });
});

describe("Recently Viewed strip: newest first, up to 8, the current car left out", () => {
  it("puts the car just viewed first and a car viewed again moves to the front, counted once", () => {
    let entries: ViewedCar[] = [];
    for (const id of [1, 2, 3, 1]) entries = recordView(entries, viewed(id));
    expect(ids(entries)).toEqual([1, 3, 2]);
  });

  it("refreshes a car's record when it is viewed again (a car now sold is marked)", () => {
    const entries = recordView([viewed(1), viewed(2)], viewed(2, true));
    expect(entries.map((entry) => [entry.id, entry.sold])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it("shows at most 8 and leaves the page's own car out, still showing 8", () => {
    let entries: ViewedCar[] = [];
    for (let id = 1; id <= 12; id += 1) entries = recordView(entries, viewed(id));
    expect(ids(entries)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(ids(shownViewed(entries, null))).toEqual([12, 11, 10, 9, 8, 7, 6, 5]);
    expect(ids(shownViewed(entries, 12))).toEqual([11, 10, 9, 8, 7, 6, 5, 4]);
    expect(ids(shownViewed(entries, 7))).toEqual([12, 11, 10, 9, 8, 6, 5, 4]);
  });
});

describe("Recently Viewed store: kept in the browser, cleared on request", () => {
  let storage: Record<string, string>;
  beforeEach(() => {
    storage = {};
    setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
  });

  it("writes under recently-viewed:<site> and clears to an empty list", () => {
    const store = viewedStore("recently-viewed:store-test");
    recordViewIn(store, viewed(1));
    recordViewIn(store, viewed(2, true));
    expect(JSON.parse(storage["recently-viewed:store-test"] ?? "null")).toEqual([viewed(2, true), viewed(1)]);
    clearViewedIn(store);
    expect(storage["recently-viewed:store-test"]).toBe("[]");
    expect(store.get()).toEqual([]);
  });
});
