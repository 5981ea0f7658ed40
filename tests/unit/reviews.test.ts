/** Customer reviews (spec §3 Review; §9 Reviews: minimum rating 4, 12 listed, config minimum average, stars 4 full plus partial, sample 297 at 4.4). */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  formatAverage,
  ratingLabel,
  reviewCountText,
  reviewDate,
  shownReviews,
  showsReviews,
  starFills,
} from "~/features/reviews/reviews";
import { ConfigError } from "~/tenant/errors";
import { loadReviews, loadSite } from "~/tenant/load";
import type { Review, ReviewsFile } from "~/tenant/schemas/review-list";
import { makeSite } from "./helpers";

const review = (id: number, rating: number, review_date: string, extra: Partial<Review> = {}): Review => ({
  id,
  customer_name: `Customer ${id}`,
  text: `Review ${id}`,
  rating,
  review_date,
  ...extra,
});

const DEFAULTS = makeSite().reviews;

describe("settings (site.json reviews)", () => {
  it("defaults to the spec's numbers: minimum rating 4, 12 listed, a minimum average of 4, Google", () => {
    expect(DEFAULTS).toEqual({ min_rating: 4, limit: 12, min_average: 4, source: "Google", hidden: [] });
  });
});

describe("stars: 4 full plus partial", () => {
  it.each<[number, number[]]>([
    [4.4, [1, 1, 1, 1, 0.4]],
    [5, [1, 1, 1, 1, 1]],
    [4, [1, 1, 1, 1, 0]],
    [3.75, [1, 1, 1, 0.8, 0]],
    [4.44, [1, 1, 1, 1, 0.4]],
    [0.5, [0.5, 0, 0, 0, 0]],
    [0, [0, 0, 0, 0, 0]],
    [7, [1, 1, 1, 1, 1]],
    [-2, [0, 0, 0, 0, 0]],
  ])("%s is %j", (rating, fills) => {
    expect(starFills(rating)).toEqual(fills);
  });

  it.each([
    [4.4, "Rated 4.4 out of 5", "4.4"],
    [5, "Rated 5 out of 5", "5.0"],
    [4.66, "Rated 4.7 out of 5", "4.7"],
  ])("%s reads %j and shows %j", (rating, label, shown) => {
    expect(ratingLabel(rating)).toBe(label);
    expect(formatAverage(rating)).toBe(shown);
  });
});

describe("which reviews are listed", () => {
  it("only those rated 4 or more, newest first", () => {
    const listed = shownReviews(
      [
        review(1, 5, "2026-10-01"),
        review(2, 3, "2026-11-01"),
        review(3, 4, "2026-11-02"),
        review(4, 1, "2026-11-03"),
      ],
      DEFAULTS,
    );
    expect(listed.map((r) => r.id)).toEqual([3, 1]);
  });

  it("at most 12 (the newest), or the site's own limit and minimum", () => {
    const many = Array.from({ length: 16 }, (_, i) =>
      review(i + 1, 5, `2026-10-${String(i + 1).padStart(2, "0")}`),
    );
    expect(shownReviews(many, DEFAULTS).map((r) => r.id)).toEqual([
      16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5,
    ]);
    expect(shownReviews(many, { min_rating: 4, limit: 3 })).toHaveLength(3);
    expect(
      shownReviews([review(1, 4, "2026-10-01"), review(2, 5, "2026-10-02")], { min_rating: 5, limit: 12 }),
    ).toEqual([review(2, 5, "2026-10-02")]);
  });

  it("leaves out a rating with no words and no reply; a reply alone is enough", () => {
    const listed = shownReviews(
      [
        review(1, 5, "2026-10-01", { text: "" }),
        review(2, 5, "2026-10-02", { text: "", reply_text: "Thanks for the five stars!" }),
      ],
      DEFAULTS,
    );
    expect(listed.map((r) => r.id)).toEqual([2]);
  });

  it("hides the reviews the dealer lists by id or title, and lists the next ones instead", () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      review(i + 1, 5, `2026-10-${String(i + 1).padStart(2, "0")}`),
    );
    const titled = many.map((r) => (r.id === 12 ? { ...r, title: "Wrong dealership, sorry!" } : r));
    const listed = shownReviews(titled, { ...DEFAULTS, hidden: [14, "  wrong DEALERSHIP, sorry! "] });
    expect(listed.map((r) => r.id)).toEqual([13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    // A title never matches a review without one, and an id given as text still matches.
    expect(shownReviews([review(5, 5, "2026-10-01")], { ...DEFAULTS, hidden: ["5"] })).toEqual([]);
    expect(
      showsReviews(
        { average_rating: 4.5, count: 2, reviews: [review(7, 5, "2026-10-01")] },
        { ...DEFAULTS, hidden: [7] },
        true,
      ),
    ).toBe(false);
  });

  it("same-day reviews keep a stable order", () => {
    const a = shownReviews([review(2, 5, "2026-10-01"), review(1, 5, "2026-10-01")], DEFAULTS);
    const b = shownReviews([review(1, 5, "2026-10-01"), review(2, 5, "2026-10-01")], DEFAULTS);
    expect(a).toEqual(b);
  });
});

describe("whether the block shows", () => {
  const file = (average_rating: number, reviews: Review[] = [review(1, 5, "2026-10-01")]): ReviewsFile => ({
    average_rating,
    count: 297,
    reviews,
  });
  it.each<[string, ReviewsFile | null, Partial<typeof DEFAULTS>, boolean, boolean]>([
    ["the spec's sample, 4.4 from 297", file(4.4), {}, true, true],
    ["an average exactly at the minimum", file(4), {}, true, true],
    ["an average below the configured minimum", file(3.9), {}, true, false],
    ["a site that lowers its minimum", file(3.9), { min_average: 3.5 }, true, true],
    ["reviews turned off for the site", file(4.8), {}, false, false],
    ["no reviews.json", null, {}, true, false],
    ["no review good enough to list", file(4.2, [review(1, 3, "2026-10-01")]), {}, true, false],
    ["a count of 0", { average_rating: 5, count: 0, reviews: [review(1, 5, "2026-10-01")] }, {}, true, false],
  ])("%s", (_, data, settings, enabled, shows) => {
    expect(showsReviews(data, { ...DEFAULTS, ...settings }, enabled)).toBe(shows);
  });
});

describe("texts", () => {
  it.each([
    [297, "Google", "Based on 297 Google reviews"],
    [1, "Google", "Based on 1 Google review"],
    [2971, "Google", "Based on 2,971 Google reviews"],
    [40, "", "Based on 40 reviews"],
  ])("%s from %j reads %j", (count, source, text) => {
    expect(reviewCountText(count, source)).toBe(text);
  });

  it("dates read like 19 Nov 2026", () => {
    expect(reviewDate("2026-11-19")).toBe("19 Nov 2026");
  });
});

describe("reviews.json", () => {
  function tenantWith(reviews: unknown): string {
    const dir = mkdtempSync(path.join(tmpdir(), "reviews-"));
    mkdirSync(path.join(dir, "test-motors"));
    if (reviews !== undefined)
      writeFileSync(path.join(dir, "test-motors", "reviews.json"), JSON.stringify(reviews));
    return dir;
  }

  it("is optional", () => {
    expect(loadReviews(tenantWith(undefined), makeSite())).toBeNull();
  });

  it("refuses a rating outside 1–5 or a date that is not YYYY-MM-DD, naming the file and field", () => {
    const dir = tenantWith({
      average_rating: 4.4,
      count: 2,
      reviews: [
        { id: 1, customer_name: "Ann", text: "Great", rating: 6, review_date: "2026-11-01" },
        { id: 2, customer_name: "Bob", text: "Good", rating: 4, review_date: "1 Nov 2026" },
      ],
    });
    let error: unknown;
    try {
      loadReviews(dir, makeSite());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain(path.join("test-motors", "reviews.json"));
    expect(message).toMatch(/reviews\[0\]\.rating: Too big: expected number to be <=5 \(got 6\)/);
    expect(message).toContain('reviews[1].review_date: must be a date like 2026-11-19 (got "1 Nov 2026")');
  });
});

describe("sample data", () => {
  it("one sample site has the spec's sample: 297 reviews averaging 4.4", () => {
    const file = loadReviews("tenants", loadSite("tenants", "bayside-nissan"));
    expect(file).toMatchObject({ average_rating: 4.4, count: 297 });
    expect(file?.reviews.filter((r) => r.rating < 4).length).toBeGreaterThan(0);
    expect(shownReviews(file?.reviews ?? [], DEFAULTS)).toHaveLength(12);
  });
});
