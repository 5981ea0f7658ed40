/** The blog (spec §2 /blog, /blog/vehicle-reviews, blog category cards) and its posts (blog/*.md). */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blogCategories, categoryPath, newestFirst, postPath, postsIn } from "~/features/content/blog";
import { loadBlogPosts } from "~/features/content/content.server";
import { chromePages, footerGroups } from "~/features/navigation/navigation";
import { ConfigError } from "~/tenant/errors";
import type { BlogPostMeta } from "~/tenant/schemas/content";
import { makeSite } from "./helpers";

const post = (slug: string, category: string, date: string, title = slug): BlogPostMeta => ({
  slug,
  title,
  description: `About ${slug}`,
  category,
  date,
});

const POSTS = [
  post("navara", "Vehicle Reviews", "2026-10-14"),
  post("trade-in-tips", "Buying Tips", "2026-11-01"),
  post("x-trail", "Vehicle Reviews", "2026-09-02"),
  post("hilux", "Vehicle Reviews", "2026-10-14", "HiLux"),
];

describe("addresses", () => {
  it("a category lives at /blog/{category slug} and a post under it", () => {
    expect(categoryPath("Vehicle Reviews")).toBe("/blog/vehicle-reviews");
    expect(postPath(post("navara", "Vehicle Reviews", "2026-10-14"))).toBe("/blog/vehicle-reviews/navara");
  });
});

describe("category cards", () => {
  it("each category with its count and newest post, the most recently posted category first", () => {
    expect(blogCategories(POSTS).map((c) => [c.name, c.slug, c.count, c.latest.slug, c.path])).toEqual([
      ["Buying Tips", "buying-tips", 1, "trade-in-tips", "/blog/buying-tips"],
      ["Vehicle Reviews", "vehicle-reviews", 3, "hilux", "/blog/vehicle-reviews"],
    ]);
  });

  it("a category's posts newest first, same-day posts by title", () => {
    expect(postsIn(POSTS, "vehicle-reviews").map((p) => p.slug)).toEqual(["hilux", "navara", "x-trail"]);
    expect(newestFirst(POSTS)[0]?.slug).toBe("trade-in-tips");
  });

  it("no posts, no categories", () => {
    expect(blogCategories([])).toEqual([]);
  });
});

describe("blog/*.md", () => {
  function tenantWith(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), "blog-"));
    mkdirSync(path.join(dir, "blog"));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, "blog", name), text);
    return dir;
  }
  const GOOD = `---\ntitle: "A review"\ndescription: "Short"\ncategory: "Vehicle Reviews"\ndate: "2026-10-14"\nimage: "/media/a.jpg"\n---\n\n# Heading\n\nBody <script>alert(1)</script>`;

  it("reads the frontmatter and renders the body as sanitized HTML (no second h1, no scripts)", () => {
    const [loaded] = loadBlogPosts(tenantWith({ "a-review.md": GOOD }));
    expect(loaded).toMatchObject({
      slug: "a-review",
      title: "A review",
      category: "Vehicle Reviews",
      date: "2026-10-14",
      image: "/media/a.jpg",
    });
    expect(loaded?.html).toContain("<h2>Heading</h2>");
    expect(loaded?.html).not.toContain("<script");
  });

  it("is optional", () => {
    expect(loadBlogPosts(mkdtempSync(path.join(tmpdir(), "blog-none-")))).toEqual([]);
  });

  it.each([
    [
      "a date that is not YYYY-MM-DD",
      { "a.md": GOOD.replace('"2026-10-14"', '"14 Oct 2026"') },
      /date: must be a date like 2026-11-19/,
    ],
    ["no category", { "a.md": GOOD.replace('category: "Vehicle Reviews"\n', "") }, /category/],
    [
      "an image on another site over http",
      { "a.md": GOOD.replace('"/media/a.jpg"', '"http://x.example/a.jpg"') },
      /must be a path on this site/,
    ],
    ["a file name that is not a URL slug", { "A Review.md": GOOD }, /must be a URL slug/],
    ["no frontmatter", { "a.md": "# Just text" }, /title, description, category, date/],
  ])("refuses %s, naming the file", (_, files, message) => {
    let error: unknown;
    try {
      loadBlogPosts(tenantWith(files));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
  });
});

describe("the footer's Blog link", () => {
  const links = (posts: BlogPostMeta[]) =>
    footerGroups(makeSite(), [], new Set(chromePages({ pages: [], posts }).map((p) => p.slug)))
      .flatMap((group) => group.links)
      .map((link) => link.href);
  it("shows only when the site has posts", () => {
    expect(links(POSTS)).toContain("/blog");
    expect(links([])).not.toContain("/blog");
  });
});
