/**
 * The header shows its row of links only where the tenant's own links fit on one line: the build's
 * estimate from the labels (the first paint's media query) and the logo's drawn width.
 */
import { describe, expect, it } from "vitest";
import { headerBarMedia, headerBarMinWidth, logoWidth } from "~/features/navigation/header-bar";

/** Every sample tenant's logo: 240 × 56. */
const LOGO = { width: 240, height: 56 };
const group = { children: [{}] };

describe("the header's logo", () => {
  it.each([
    ["a sample tenant's 240 × 56 logo is 40 px high, 171 px wide", LOGO, 171.4],
    ["a square 80 px logo keeps its own 80 px width", { width: 80, height: 80 }, 80],
    ["a square 300 px logo is at least 100 px wide", { width: 300, height: 300 }, 100],
    ["a very wide logo is at most 240 px wide", { width: 900, height: 60 }, 240],
  ])("%s", (_case, logo, width) => {
    expect(logoWidth(logo)).toBeCloseTo(width, 1);
  });
});

describe("where the tenant's links fit on one line", () => {
  it("sunstate-motor-group's eight links, one a group, with its phone: from 1235 px", () => {
    // Labels: 68 characters × 0.64 em × 15 px = 652.8; padding 8 × 19.2; one caret 15.6; 7 gaps
    // of 2: 836. Logo 171.43 + gap 16; phone "07 5550 3100": gap 16 + icon 23.6 + 12 × 0.64 × 16
    // = 162.48. Content 1185.91 + gutters 32 + scrollbar 17 = 1234.91.
    const items = [
      { label: "Home" },
      { label: "New Cars", ...group },
      { label: "Used Cars" },
      { label: "Special Offers" },
      { label: "Finance" },
      { label: "Service" },
      { label: "Dealerships" },
      { label: "About Us" },
    ];
    expect(headerBarMinWidth(items, LOGO, "07 5550 3100")).toBe(1235);
  });

  it("bayside-nissan's default links, four of them groups: from 1138 px, so a menu at 1024", () => {
    // 53 characters × 9.6 = 508.8; padding 153.6; four carets 62.4; gaps 14: 738.8. With the logo,
    // gap and phone: 1088.71 + 49.
    const items = [
      { label: "Home" },
      { label: "Vehicles", ...group },
      { label: "Stock" },
      { label: "Offers" },
      { label: "Finance", ...group },
      { label: "Trade In" },
      { label: "Service", ...group },
      { label: "About Us", ...group },
    ];
    const from = headerBarMinWidth(items, LOGO, "03 5550 5100");
    expect(from).toBe(1138);
    expect(headerBarMedia(from)).toBe("(min-width: 1138px)");
  });

  it("without a phone the row needs less room", () => {
    // Logo 171.43 + gap 16 + "Home" 38.4 + its padding 19.2 + 49.
    expect(headerBarMinWidth([{ label: "Home" }], LOGO, null)).toBe(295);
  });

  it("links too many for the widest page always hide behind the Menu button", () => {
    const items = Array.from({ length: 14 }, (_, i) => ({ label: `Department ${i + 1}` }));
    expect(headerBarMinWidth(items, LOGO, "07 5550 3100")).toBeNull();
    expect(headerBarMedia(null)).toBe("not all");
  });
});
