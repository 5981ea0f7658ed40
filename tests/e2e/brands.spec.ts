/** Spec §2 /brands (brand tiles), /{brand}/overview and /{model slug}. */
import { expect, expectNoAxeViolations, tenantGet, tenantUrl, test } from "./support";

/**
 * The brand tiles: the dealer's own (franchised) makes first, in its configured order, then every
 * other make with unsold stock, most cars first, ties by name. Tenants differ only in which makes
 * they hold a franchise for, so three cases:
 * - bayside-nissan: one own make (Nissan); its sold-only make Kia (550000 Seltos) has no tile;
 * - sunstate-motor-group: six own makes, then five others;
 * - westside-auto: no own make (an independent dealer), so no overview links.
 */
const BRANDS = [
  { slug: "bayside-nissan", tiles: ["Nissan", "Isuzu", "Hyundai", "Mitsubishi", "Subaru"], own: 1 },
  {
    slug: "sunstate-motor-group",
    tiles: [
      "Mazda",
      "Hyundai",
      "Kia",
      "Ford",
      "Mitsubishi",
      "Volkswagen",
      "Toyota",
      "Nissan",
      "Holden",
      "Subaru",
      "Suzuki",
    ],
    own: 6,
  },
  {
    slug: "westside-auto",
    tiles: [
      "Nissan",
      "Toyota",
      "Hyundai",
      "Ford",
      "Holden",
      "Isuzu",
      "Kia",
      "Mitsubishi",
      "Volkswagen",
      "Honda",
      "LDV",
      "Mazda",
      "MG",
      "Subaru",
      "Suzuki",
    ],
    own: 0,
  },
] as const;

for (const { slug, tiles, own } of BRANDS) {
  test(`${slug}: the footer's Our Brands tiles each make with stock, own makes first, each own make with its overview`, async ({
    page,
    request,
  }) => {
    await page.goto(tenantUrl(slug));
    await page.getByRole("contentinfo").getByRole("link", { name: "Our Brands", exact: true }).click();
    await expect(page).toHaveURL(/\/brands$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Brands" })).toBeVisible();
    await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText([...tiles]);
    await expect(page.getByRole("link", { name: /overview$/ })).toHaveText(
      tiles.slice(0, own).map((make) => new RegExp(`${make} overview`)),
    );
    const sitemap = await (await tenantGet(request, slug, "/sitemap.xml")).text();
    expect(sitemap).toContain(`https://www.${slug}.example.com.au/brands</loc>`);
  });
}

test("bayside-nissan: an own make's overview lists its models in stock; a model's page lists its cars", async ({
  page,
  request,
}) => {
  // The brand pages are the same on every franchised tenant: bayside-nissan's Nissan.
  await page.goto(tenantUrl("bayside-nissan", "/brands"));
  await expectNoAxeViolations(page);
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Nissan", exact: true }) })
    .getByRole("link", { name: "Nissan overview" })
    .click();
  await expect(page).toHaveURL(/\/nissan\/overview\/?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Nissan at Bayside Nissan" })).toBeVisible();
  const sitemap = await (await tenantGet(request, "bayside-nissan", "/sitemap.xml")).text();
  expect(sitemap).toContain("https://www.bayside-nissan.example.com.au/nissan/overview</loc>");
  // Unsold Nissans by model, most in stock first (ties by name), each "from" its lowest price.
  const modelLinks = page.getByRole("region", { name: "Nissan models in stock" }).getByRole("link");
  await expect(modelLinks).toHaveText([
    /Nissan Juke\s*6 in stock · from \$12,990/,
    /Nissan Qashqai\s*5 in stock · from \$35,990/,
    /Nissan X-Trail\s*5 in stock · from \$28,990/,
    /Nissan Ariya\s*4 in stock · from \$60,990/,
    /Nissan LEAF\s*2 in stock · from \$58,990/,
    /Nissan Navara\s*2 in stock · from \$69,990/,
    /Nissan Pathfinder\s*1 in stock · from \$50,990/,
    /Nissan Z\s*1 in stock · from \$58,990/,
  ]);
  await expectNoAxeViolations(page);

  // The most-stocked model: its page lists its six cars and links to the full search.
  await modelLinks.first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Nissan Juke" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View all 6" })).toHaveAttribute("href", "/search/nissan/juke");
  await expect(page.getByRole("region", { name: "Nissan Juke in stock" }).getByRole("article")).toHaveCount(
    6,
  );
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Nissan" }),
  ).toHaveAttribute("href", "/nissan/overview");
  await expectNoAxeViolations(page);
});
