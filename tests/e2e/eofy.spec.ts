/**
 * Spec §2 /pages/eofy-sale and /eofy: a sale that is on shows its rows of cars; one that has ended
 * says so and points to the offers; sites without one have neither page. Each fixture site that
 * matters is here for what its site.json eofy_sale holds (E2E_NOW is 2026-12-15T23:30Z).
 */
import { expect, expectNoAxeViolations, tenantGet, tenantUrl, test } from "./support";

/** eofy_sale "EOFY Sale" from 2026-05-01 to 2030-06-30: on at E2E_NOW. No finance_link, so Get Finance goes to /finance. */
const ON = "sunstate-motor-group";
/** eofy_sale "EOFY Sale" from 2026-05-15 to 2026-06-30: ended before E2E_NOW. */
const ENDED = "bayside-nissan";
/** No eofy_sale in their site.json. */
const WITHOUT = ["harbourside-toyota", "outback-caravans", "westside-auto"];

test(`${ON}: the footer leads to the sale's cars, and /eofy is the same page`, async ({ page }) => {
  await page.goto(tenantUrl(ON));
  await page.getByRole("contentinfo").getByRole("link", { name: "EOFY Sale", exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/eofy-sale\/?$/);
  await expect(page.getByRole("heading", { level: 1, name: "EOFY Sale" })).toBeVisible();
  const hero = page.getByRole("region", { name: "EOFY Sale" });
  await expect(hero.getByRole("link", { name: "Enquire now" })).toHaveAttribute("href", "/contact-us");
  await expect(hero.getByRole("link", { name: "Get Finance" })).toHaveAttribute("href", "/finance");
  // "New cars in the sale": new, not sold, price above 1000, cheapest first, at most 8 of the 18
  // that qualify: from the $19,990 Picanto to the $45,990 Mazda3.
  const newCars = page.getByRole("region", { name: "New cars in the sale" }).getByRole("article");
  await expect(newCars).toHaveCount(8);
  await expect(newCars.first().getByRole("link").first()).toHaveAttribute(
    "href",
    "/cars/2026-kia-picanto-s-330004",
  );
  await expect(newCars.last().getByRole("link").first()).toHaveAttribute(
    "href",
    "/cars/2026-mazda-mazda3-g25-astina-330030",
  );
  // "Demo cars in the sale": limit 4, with 8 demo cars that qualify.
  await expect(page.getByRole("region", { name: "Demo cars in the sale" }).getByRole("article")).toHaveCount(
    4,
  );
  await expect(
    page.getByText(
      "Drive away prices include dealer delivery, registration and stamp duty. While stocks last; see the dealership for details.",
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // The short address on the ads shows the same page, which names the long one as canonical.
  await page.goto(tenantUrl(ON, "/eofy"));
  await expect(page.getByRole("heading", { level: 1, name: "EOFY Sale" })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    "https://www.sunstate-motor-group.example.com.au/pages/eofy-sale",
  );
  // Search engines hear of it while it runs.
  const sitemap = await (await tenantGet(page.request, ON, "/sitemap.xml")).text();
  expect(sitemap).toContain("https://www.sunstate-motor-group.example.com.au/pages/eofy-sale</loc>");
});

test(`${ENDED}: an ended sale says so, shows no cars, and is no longer in the footer`, async ({ page }) => {
  await page.goto(tenantUrl(ENDED, "/pages/eofy-sale"));
  await expect(
    page.getByRole("status").filter({
      hasText: "Our EOFY Sale has ended. Thank you for your interest; see our latest offers instead.",
    }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "See our latest offers" })).toHaveAttribute(
    "href",
    "/special-offers",
  );
  await expect(page.getByRole("article")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "EOFY Sale" }).getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "EOFY Sale" })).toHaveCount(0);
  const sitemap = await (await tenantGet(page.request, ENDED, "/sitemap.xml")).text();
  expect(sitemap).not.toContain("eofy");
  await expectNoAxeViolations(page);
});

test("sites without a sale have neither /pages/eofy-sale nor /eofy", async ({ request }) => {
  for (const slug of WITHOUT) {
    expect((await tenantGet(request, slug, "/pages/eofy-sale")).status(), slug).toBe(404);
    expect((await tenantGet(request, slug, "/eofy")).status(), slug).toBe(404);
  }
});
