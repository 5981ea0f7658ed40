/** Spec §2 /blog (category cards), /blog/vehicle-reviews and each post. */
import { expect, expectNoAxeViolations, tenantGet, tenantUrl, test } from "./support";

/**
 * Whether a tenant keeps a blog is the only difference between tenants here, so one of each:
 * bayside-nissan has three posts (two in Vehicle Reviews, one in Buying Tips: the "article" and
 * "articles" counts); westside-auto has none.
 */
const WITH_POSTS = "bayside-nissan";
const WITHOUT_POSTS = "westside-auto";

test(`${WITHOUT_POSTS}: no posts, so no Blog link and no /blog`, async ({ page, request }) => {
  await page.goto(tenantUrl(WITHOUT_POSTS));
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true })).toHaveCount(0);
  expect((await tenantGet(request, WITHOUT_POSTS, "/blog")).status()).toBe(404);
});

test(`${WITH_POSTS}: the footer's Blog shows the category cards; a category lists its posts; a post reads in full`, async ({
  page,
  request,
}) => {
  await page.goto(tenantUrl(WITH_POSTS));
  await page.getByRole("contentinfo").getByRole("link", { name: "Blog", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const cards = page.getByRole("region", { name: "Categories" }).getByRole("link");
  await expect(cards).toHaveText([/Vehicle Reviews\s*2 articles/, /Buying Tips\s*1 article\s*$/]);
  // Newest first.
  await expect(
    page.getByRole("region", { name: "Latest articles" }).getByRole("heading", { level: 3 }),
  ).toHaveText([
    "2026 Nissan Navara PRO-4X review",
    "Nissan X-Trail e-POWER: a hybrid that drives like an EV",
    "Five ways to get more for your trade-in",
  ]);
  await expectNoAxeViolations(page);

  await cards.filter({ hasText: "Vehicle Reviews" }).click();
  await expect(page).toHaveURL(/\/blog\/vehicle-reviews\/?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Vehicle Reviews" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
    "2026 Nissan Navara PRO-4X review",
    "Nissan X-Trail e-POWER: a hybrid that drives like an EV",
  ]);

  await page.getByRole("link", { name: "2026 Nissan Navara PRO-4X review" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "2026 Nissan Navara PRO-4X review" }),
  ).toBeVisible();
  await expect(page.getByText("14 Oct 2026", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Vehicle Reviews" }),
  ).toHaveAttribute("href", "/blog/vehicle-reviews");
  await expectNoAxeViolations(page);
  const sitemap = await (await tenantGet(request, WITH_POSTS, "/sitemap.xml")).text();
  expect(sitemap).toContain(
    "https://www.bayside-nissan.example.com.au/blog/vehicle-reviews/2026-nissan-navara-pro-4x-review</loc>",
  );
});
