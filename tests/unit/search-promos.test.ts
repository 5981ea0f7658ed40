import { describe, expect, it } from "vitest";
import {
  chosenCarTypes,
  orderPromos,
  type PromoNode,
  placePromos,
  promoActive,
  promoShown,
} from "~/features/search/promos";
import { siteSchema } from "~/tenant/schema";
import { makeSite } from "./helpers";

const promo = (over: Partial<PromoNode> = {}): PromoNode => ({
  title: "Service special",
  href: "/service",
  cta: "Find out more",
  display: [],
  strictDisplay: false,
  ...over,
});

describe("promo window: active on/after start and on/before expiry (spec §5)", () => {
  it.each([
    [{}, "2026-12-15T00:00:00Z", true],
    [{ start: "2026-12-01T00:00:00+10:00" }, "2026-11-30T13:59:59Z", false],
    [{ start: "2026-12-01T00:00:00+10:00" }, "2026-11-30T14:00:00Z", true],
    [{ expiry: "2026-12-31T23:59:59+10:00" }, "2026-12-31T13:59:59Z", true],
    [{ expiry: "2026-12-31T23:59:59+10:00" }, "2026-12-31T14:00:00Z", false],
    [{ start: "2027-01-01T00:00:00Z", expiry: "2027-01-31T00:00:00Z" }, "2026-12-15T00:00:00Z", false],
  ])("%j at %s is active: %s", (window, now, active) => {
    expect(promoActive(window, new Date(now))).toBe(active);
  });
});

describe("promo order: positioned first by position, the rest after (spec §5)", () => {
  const a = promo({ title: "A" });
  const b = promo({ title: "B", position: 7 });
  const c = promo({ title: "C" });
  const d = promo({ title: "D", position: 2 });
  it.each([
    [
      [a, b, c, d],
      ["D", "B", "A", "C"],
    ],
    [
      [a, c],
      ["A", "C"],
    ],
    [
      [b, d],
      ["D", "B"],
    ],
  ])("%#: orders as %j", (promos, titles) => {
    expect(orderPromos(promos).map((p) => p.title)).toEqual(titles);
  });

  it("shuffles only the unpositioned ones when the site shuffles", () => {
    const e = promo({ title: "E" });
    // random() = 0 always: each step swaps with the first, so [A, C, E] becomes [C, E, A].
    expect(orderPromos([a, b, c, d, e], () => 0).map((p) => p.title)).toEqual(["D", "B", "C", "E", "A"]);
  });
});

describe("promo display and strictDisplay (spec §5)", () => {
  const all = { path: "/search/new-used-and-demo-cars", carTypes: [] };
  const usedOnly = { path: "/search/used-cars", carTypes: ["used"] };
  const newTicked = { path: "/search/new-used-and-demo-cars", carTypes: ["new"] };
  const newAndDemo = { path: "/search/new-and-demo-cars", carTypes: ["new", "demo"] };
  it.each([
    ["no display, no filter", promo(), all, true],
    ["new only, no car-type filter", promo({ display: ["new"] }), all, true],
    ["new only, used chosen", promo({ display: ["new"] }), usedOnly, false],
    ["new only, new ticked", promo({ display: ["new"] }), newTicked, true],
    ["strict new, no car-type filter", promo({ display: ["new"], strictDisplay: true }), all, false],
    ["strict new, new and demo", promo({ display: ["new"], strictDisplay: true }), newAndDemo, false],
    ["strict new, new ticked", promo({ display: ["new"], strictDisplay: true }), newTicked, true],
    ["strict new, used chosen", promo({ display: ["new"], strictDisplay: true }), usedOnly, false],
    ["a route, on it", promo({ display: ["/search/used-cars"] }), usedOnly, true],
    ["a route, elsewhere", promo({ display: ["/search/used-cars"] }), all, false],
    ["a route with a trailing slash", promo({ display: ["/search/Used-Cars/"] }), usedOnly, true],
  ] as const)("%s: shown %s", (_, node, context, shown) => {
    expect(promoShown(node, context)).toBe(shown);
  });

  it.each([
    [[], undefined, []],
    [[], ["used"], ["used"]],
    [["new", "demo"], undefined, ["new", "demo"]],
    [["new", "demo"], ["demo"], ["demo"]],
  ] as const)("route %j with Condition %j narrows to %j", (path, refined, chosen) => {
    expect(chosenCarTypes(path, refined)).toEqual(chosen);
  });
});

describe("promos take their slots in the first page and count as no vehicle", () => {
  it.each([
    [[promo({ title: "P", position: 3 })], ["1", "2", "P", "3", "4"]],
    [
      [promo({ title: "P", position: 1 }), promo({ title: "Q", position: 3 })],
      ["P", "1", "Q", "2", "3", "4"],
    ],
    [[promo({ title: "P", position: 40 })], ["1", "2", "3", "4", "P"]],
    [[promo({ title: "P" })], ["1", "2", "3", "4", "P"]],
  ])("%#: %j", (promos, tiles) => {
    const items = placePromos(["1", "2", "3", "4"], promos);
    expect(items.map((item) => (item.kind === "car" ? item.car : item.promo.title))).toEqual(tiles);
    expect(items.filter((item) => item.kind === "car")).toHaveLength(4);
  });
});

describe("promo nodes in site.json", () => {
  it("reads a promo node with its defaults and refuses an unknown display entry", () => {
    const base = makeSite();
    const parsed = siteSchema.parse({
      ...base,
      search: { ...base.search, promos: [{ title: "Service special", href: "/service", position: 3 }] },
    });
    expect(parsed.search.promos).toEqual([
      {
        title: "Service special",
        href: "/service",
        cta: "Find out more",
        position: 3,
        display: [],
        strictDisplay: false,
      },
    ]);
    expect(() =>
      siteSchema.parse({
        ...base,
        search: { ...base.search, promos: [{ title: "X", href: "/x", display: ["vintage"] }] },
      }),
    ).toThrow();
  });
});
