/**
 * The browser stores (favourites, compare, promo dismissal) over an in-memory storage: their
 * actions write the same keys and JSON the site has always kept, and leave the list alone when
 * the browser refuses to store.
 */
import { setPersistentEngine } from "@nanostores/persistent";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CompareEntry } from "~/features/compare/compare";
import {
  compareStore,
  refreshCompareIn,
  removeCompareFrom,
  toggleCompareIn,
} from "~/features/compare/compare.store";
import type { FavouriteEntry } from "~/features/favourites/favourites";
import {
  favouritesStore,
  removeFavouriteFrom,
  toggleFavouriteIn,
} from "~/features/favourites/favourites.store";
import { dismissedPromo, dismissPromo, promoDismissedStore } from "~/features/offers/promo.store";

let storage: Record<string, string>;
const noEvents = { addEventListener() {}, removeEventListener() {} };

beforeEach(() => {
  storage = {};
  setPersistentEngine(storage, noEvents);
});

/** A storage that refuses every write, as a full or private-mode browser does. */
function refusingStorage(): Record<string, string> {
  return new Proxy<Record<string, string>>(
    {},
    {
      set() {
        throw new Error("QuotaExceededError");
      },
    },
  );
}

const car = (id: number, name: string): FavouriteEntry => ({
  id,
  name,
  slug: `car-${id}`,
  make: "Toyota",
  model: "HiLux",
  primary_image_url: null,
});
const compared = (id: number, name: string, price: string): CompareEntry => ({
  ...car(id, name),
  price_text: price,
  was_text: null,
  price_note: "Drive Away",
  rows: [{ label: "Odometer", value: "12,000 km" }],
});

describe("favourites store", () => {
  it("saves newest first under favourites:<site> and removes", () => {
    const store = favouritesStore("favourites:fav-a");
    expect(toggleFavouriteIn(store, car(1, "2021 Toyota HiLux"))).toBe(true);
    expect(toggleFavouriteIn(store, car(2, "2020 Toyota RAV4"))).toBe(true);
    expect(
      JSON.parse(storage["favourites:fav-a"] ?? "null").map((entry: FavouriteEntry) => entry.id),
    ).toEqual([2, 1]);
    expect(toggleFavouriteIn(store, car(2, "2020 Toyota RAV4"))).toBe(false);
    removeFavouriteFrom(store, 1);
    expect(storage["favourites:fav-a"]).toBe("[]");
  });

  it("reads a list saved before, dropping what it cannot read", () => {
    storage["favourites:fav-b"] = JSON.stringify([car(7, "2019 Nissan Navara"), { id: "x" }]);
    expect(favouritesStore("favourites:fav-b").get()).toEqual([car(7, "2019 Nissan Navara")]);
  });

  it("throws and keeps the list when the browser refuses to store", () => {
    setPersistentEngine(refusingStorage(), noEvents);
    const store = favouritesStore("favourites:fav-c");
    expect(() => toggleFavouriteIn(store, car(1, "2021 Toyota HiLux"))).toThrow();
    expect(store.get()).toEqual([]);
  });
});

describe("compare store", () => {
  it("adds up to three cars in order under compare:<site> and refuses a fourth", () => {
    const store = compareStore("compare:cmp-a");
    expect(toggleCompareIn(store, compared(1, "Car One", "$10,000"))).toBe("added");
    expect(toggleCompareIn(store, compared(2, "Car Two", "$20,000"))).toBe("added");
    expect(toggleCompareIn(store, compared(3, "Car Three", "$30,000"))).toBe("added");
    expect(toggleCompareIn(store, compared(4, "Car Four", "$40,000"))).toBe("full");
    expect(JSON.parse(storage["compare:cmp-a"] ?? "null").map((entry: CompareEntry) => entry.id)).toEqual([
      1, 2, 3,
    ]);
    expect(toggleCompareIn(store, compared(2, "Car Two", "$20,000"))).toBe("removed");
    removeCompareFrom(store, 1);
    expect(JSON.parse(storage["compare:cmp-a"] ?? "null").map((entry: CompareEntry) => entry.id)).toEqual([
      3,
    ]);
  });

  it("refreshes a compared car with what its page shows, and leaves other cars out", () => {
    const store = compareStore("compare:cmp-b");
    toggleCompareIn(store, compared(1, "Car One", "$10,000"));
    refreshCompareIn(store, compared(1, "Car One", "$9,500"));
    refreshCompareIn(store, compared(2, "Car Two", "$20,000"));
    expect(store.get().map((entry) => entry.price_text)).toEqual(["$9,500"]);
  });
});

describe("promo dismissal store", () => {
  it("keeps the dismissed promo's id as plain text under promo-dismissed:<site>", () => {
    const store = promoDismissedStore("promo-dismissed:promo-a");
    expect(dismissedPromo(store)).toBeNull();
    dismissPromo(store, "summer-sale");
    expect(storage["promo-dismissed:promo-a"]).toBe("summer-sale");
    expect(dismissedPromo(store)).toBe("summer-sale");
  });

  it("stays dismissed for the page view when the browser refuses to store", () => {
    setPersistentEngine(refusingStorage(), noEvents);
    const store = promoDismissedStore("promo-dismissed:promo-b");
    expect(() => dismissPromo(store, "summer-sale")).not.toThrow();
    // Closed for this page view all the same: the popup reads this and stays shut.
    expect(dismissedPromo(store)).toBe("summer-sale");
  });
});

describe("remembered account store", () => {
  it("keeps the account as JSON under account:<site> and forgets it on sign-out", async () => {
    vi.stubGlobal("localStorage", storage);
    const { readAccount, writeAccount } = await import("~/features/account/account.store");
    storage["account:acct-a"] = JSON.stringify({ phone: "+61412345678", ids: [4, 9] });
    expect(readAccount("acct-a")).toEqual({ phone: "+61412345678", ids: [4, 9] });
    writeAccount("acct-b", { phone: "+61412345678", ids: [12] });
    expect(JSON.parse(storage["account:acct-b"] ?? "null")).toEqual({ phone: "+61412345678", ids: [12] });
    writeAccount("acct-b", null);
    expect("account:acct-b" in storage).toBe(false);
    vi.unstubAllGlobals();
  });
});
