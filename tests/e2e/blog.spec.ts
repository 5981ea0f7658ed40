/** Spec §2 /blog (category cards), /blog/vehicle-reviews and each post, on every sample tenant. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { blogCategories, newestFirst } from "~/features/content/blog";
import { formatCalendarDate } from "~/lib/dates";
import { expect, expectNoAxeViolations, TENANTS, TENANTS_DIR, tenantGet, tenantUrl, test } from "./support";

/** The tenant's posts' frontmatter, read from tenants/<slug>/blog/*.md. */
function posts(slug: string) {
  const dir = path.join(TENANTS_DIR, slug, "blog");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => {
      const head = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(dir, file), "utf8"))?.[1] ?? "";
      const field = (name: string) =>
        JSON.parse(new RegExp(`^${name}: (.*)$`, "m").exec(head)?.[1] ?? '""') as string;
      return {
        slug: file.replace(/\.md$/, ""),
        title: field("title"),
        description: field("description"),
        category: field("category"),
        date: field("date"),
      };
    });
}

test("some sample sites keep a blog and some do not", () => {
  expect(TENANTS.some((slug) => posts(slug).length > 0)).toBe(true);
  expect(TENANTS.some((slug) => posts(slug).length === 0)).toBe(true);
});

for (const slug of TENANTS) {
  const list = posts(slug);
  if (list.length === 0) {
    test(`${slug}: no posts, so no Blog link and no /blog`, async ({ page, request }) => {
      await page.goto(tenantUrl(slug));
      await expect(
        page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }),
      ).toHaveCount(0);
      expect((await tenantGet(request, slug, "/blog")).status()).toBe(404);
    });
    continue;
  }

  test(`${slug}: the footer's Blog shows the category cards; a category lists its posts; a post reads in full`, async ({
    page,
    request,
  }) => {
    const categories = blogCategories(list);
    await page.goto(tenantUrl(slug));
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    const cards = page.getByRole("region", { name: "Categories" }).getByRole("link");
    await expect(cards).toHaveText(
      categories.map((c) => new RegExp(`${c.name}\\s*${c.count} ${c.count === 1 ? "article" : "articles"}`)),
    );
    await expect(
      page.getByRole("region", { name: "Latest articles" }).getByRole("heading", { level: 3 }),
    ).toHaveText(newestFirst(list).map((p) => p.title));
    await expectNoAxeViolations(page);

    const reviews =
      categories.find((c) => c.slug === "vehicle-reviews") ?? (categories[0] as (typeof categories)[0]);
    await cards.filter({ hasText: reviews.name }).click();
    await expect(page).toHaveURL(new RegExp(`${reviews.path}/?$`));
    await expect(page.getByRole("heading", { level: 1, name: reviews.name })).toBeVisible();
    const inCategory = newestFirst(list.filter((p) => p.category === reviews.name));
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(
      inCategory.map((p) => p.title),
    );

    const first = inCategory[0] as (typeof inCategory)[0];
    await page.getByRole("link", { name: first.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
    await expect(page.getByText(formatCalendarDate(first.date), { exact: true })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: reviews.name }),
    ).toHaveAttribute("href", reviews.path);
    await expectNoAxeViolations(page);
    const sitemap = await (await tenantGet(request, slug, "/sitemap.xml")).text();
    expect(sitemap).toContain(`${reviews.path}/${first.slug}</loc>`);
  });
}
