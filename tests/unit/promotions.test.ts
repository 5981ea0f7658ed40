/**
 * The home page's promotions slider (spec §9 540×1920 images): which promotions run, the position
 * it shows and when it moves on its own.
 */
import { describe, expect, it } from "vitest";
import { activeOffers } from "~/features/offers/offers";
import {
  autoplays,
  PROMOTION_HEIGHT,
  PROMOTION_WIDTH,
  slideAfter,
  slidePosition,
} from "~/features/offers/promotions";
import { siteImages } from "~/tenant/site-assets";
import { makeSite } from "./helpers";

const still = { count: 3, reducedMotion: false, paused: false, hovered: false, focused: false };

describe("spec §9 promotions slider: 540×1920 banners", () => {
  it("keeps the banners' shape, 1920 wide and 540 high", () => {
    expect([PROMOTION_WIDTH, PROMOTION_HEIGHT]).toEqual([1920, 540]);
  });

  it("takes the tenant's promotions from site.json, checks their links and images, and shows those running now", () => {
    const site = makeSite({
      home_promotions: [
        { id: "a", image: "/media/promotions/a.svg", alt: "A", href: "/service" },
        { id: "b", image: "/media/promotions/b.svg", alt: "B", expiry: "2026-06-01T00:00:00+10:00" },
        { id: "c", image: "/media/promotions/c.svg", alt: "C", start: "2026-07-01T00:00:00+10:00" },
      ],
    });
    expect(activeOffers(site.home_promotions, new Date("2026-06-15T02:00:00Z")).map((p) => p.id)).toEqual([
      "a",
    ]);
    expect(siteImages(site).map((image) => image.field)).toEqual([
      "logo.url",
      "home_promotions.0.image",
      "home_promotions.1.image",
      "home_promotions.2.image",
    ]);
    expect(() =>
      makeSite({ home_promotions: [{ id: "x", image: "/a.svg", alt: "X", href: "javascript:alert(1)" }] }),
    ).toThrow();
    expect(() => makeSite({ home_promotions: [{ id: "x", image: "/a.svg", alt: "" }] })).toThrow();
  });
});

describe("the slider's position and keyboard: previous and next go round", () => {
  it.each([
    [0, 1, 1],
    [2, 1, 0],
    [0, -1, 2],
    [1, -1, 0],
  ])("from slide %i, a step of %i shows slide %i of 3", (from, step, to) => {
    expect(slideAfter(from, 3, step)).toBe(to);
  });
  it("shows its position as 1 of 3", () => {
    expect(slidePosition(0, 3)).toBe("1 of 3");
    expect(slidePosition(2, 3)).toBe("3 of 3");
  });
});

describe("autoplay: paused on hover and focus, none under prefers-reduced-motion", () => {
  it.each<[string, Partial<typeof still>, boolean]>([
    ["three slides, nobody on them", {}, true],
    ["a pointer resting on the slider", { hovered: true }, false],
    ["focus inside the slider", { focused: true }, false],
    ["prefers-reduced-motion", { reducedMotion: true }, false],
    ["the Pause button pressed", { paused: true }, false],
    ["one slide", { count: 1 }, false],
  ])("%s: %s", (_, change, moves) => {
    expect(autoplays({ ...still, ...change })).toBe(moves);
  });
});
