import { describe, expect, it } from "vitest";
import {
  type FavouriteEntry,
  favouriteEntry,
  favouritesKey,
  favouriteToast,
  isFavourite,
  parseFavourites,
  removeFavourite,
  toggleFavourite,
} from "~/features/favourites/favourites";
import { showsFavourite } from "~/features/stock/stock";
import { type CarInput, makeCar, makeSite } from "./helpers";

const entry = (id: number, name = `Car ${id}`): FavouriteEntry => ({
  id,
  name,
  slug: `car-${id}`,
  make: "Toyota",
  model: "Corolla",
  primary_image_url: null,
});

describe("spec §4 favourite/compare toggle: hidden when out of stock or storage setting off", () => {
  it.each<[string, Partial<CarInput>, boolean, boolean]>([
    ["an in-stock car", {}, true, true],
    ["a coming-soon car", { status: "coming_soon", price: 0 }, true, true],
    ["a sold car", { status: "sold", sold: true }, true, false],
    ["a car marked sold while in stock", { sold: true }, true, false],
    ["an in-stock car on a site with favourites off", {}, false, false],
  ])("%s", (_, car, favourites, shown) => {
    expect(showsFavourite(makeCar(car), makeSite({ features: { favourites } }))).toBe(shown);
  });
});

describe("spec §3 favourite entry (local storage per dealership)", () => {
  it("keeps id, name, slug, make, model and primary_image_url", () => {
    const car = makeCar({ id: 7, primary_image_url: "https://cdn.example.com/a.jpg" });
    expect(favouriteEntry(car)).toEqual({
      id: 7,
      name: "2022 Toyota Corolla Ascent Sport",
      slug: "2022-toyota-corolla-ascent-sport",
      make: "Toyota",
      model: "Corolla",
      primary_image_url: "https://cdn.example.com/a.jpg",
    });
  });

  it("falls back to the first photo, never a video, for the picture", () => {
    const car = makeCar({
      primary_image_url: null,
      images: [
        { url: "https://www.youtube.com/embed/abc", video: true },
        { url: "https://cdn.example.com/b.jpg" },
      ],
    });
    expect(favouriteEntry(car).primary_image_url).toBe("https://cdn.example.com/b.jpg");
  });

  it("keeps one list per site", () => {
    expect(favouritesKey("bayside-nissan")).toBe("favourites:bayside-nissan");
    expect(favouritesKey("westside-auto")).not.toBe(favouritesKey("bayside-nissan"));
  });

  it.each<[string, string | null, number[]]>([
    ["nothing stored", null, []],
    ["not JSON", "{oops", []],
    ["not a list", '{"id":1}', []],
    ["a valid list", JSON.stringify([entry(1), entry(2)]), [1, 2]],
    ["a car saved twice", JSON.stringify([entry(1), entry(1)]), [1]],
    ["entries missing fields", JSON.stringify([{ id: 3 }, entry(4), { ...entry(5), slug: "" }]), [4]],
    ["a non-integer id", JSON.stringify([{ ...entry(6), id: "6" }]), []],
  ])("reads %s", (_, raw, ids) => {
    expect(parseFavourites(raw).map((saved) => saved.id)).toEqual(ids);
  });
});

describe("saving and removing", () => {
  it("toggles saved / not saved, newest first", () => {
    const first = toggleFavourite([], entry(1));
    expect(first).toEqual({ entries: [entry(1)], saved: true });
    const second = toggleFavourite(first.entries, entry(2));
    expect(second.entries.map((saved) => saved.id)).toEqual([2, 1]);
    expect(isFavourite(second.entries, 1)).toBe(true);
    const removed = toggleFavourite(second.entries, entry(1));
    expect(removed).toEqual({ entries: [entry(2)], saved: false });
    expect(isFavourite(removed.entries, 1)).toBe(false);
  });

  it("removes by id from the list page", () => {
    expect(removeFavourite([entry(1), entry(2), entry(3)], 2).map((saved) => saved.id)).toEqual([1, 3]);
    expect(removeFavourite([entry(1)], 9)).toEqual([entry(1)]);
  });

  it("announces the change with the car's name", () => {
    expect(favouriteToast("2022 Toyota Corolla", true)).toBe("2022 Toyota Corolla is now in your favourites");
    expect(favouriteToast("2022 Toyota Corolla", false)).toBe(
      "2022 Toyota Corolla is no longer in your favourites",
    );
  });
});
