/**
 * Promo nodes in the search results (spec §3, §5) on the fixture tenant that has them
 * (sunstate-motor-group site.json): at their slot, inside their window at the shopper's clock,
 * a strictDisplay one only when its car type is chosen, prerendered, and never counted.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, tenantUrl, test } from "./support";

const SLUG = "sunstate-motor-group";
const DEFAULT = "/search/new-used-and-demo-cars";

const results = (page: Page) => page.locator("#search-results");
const tiles = (page: Page) => results(page).locator(".grid > article");
const promoTitles = (page: Page) => results(page).locator("[data-promo] h3").allTextContents();

async function islandReady(page: Page) {
  await expect(page.getByRole("searchbox", { name: "Search vehicles" })).toBeVisible();
  await expect(results(page)).toHaveAttribute("aria-busy", "false");
}

test("the first page is prerendered with its promos; one not yet open stays hidden without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl(SLUG, DEFAULT));
  const grid = page.locator("#static-results .grid");
  // Built at 15 Dec 2026: the Boxing Day sale (from 26 Dec) is in the page, hidden; the expired
  // Spring Clearance and the strict new-car deal (no car type chosen) are not.
  await expect(grid.locator("> article").nth(2)).toContainText("Summer Service Special");
  await expect(grid.getByRole("heading", { name: "Boxing Day Sale", includeHidden: true })).toBeHidden();
  await expect(grid.locator("[data-promo]")).toHaveCount(2);
  expect(await page.content()).not.toContain("Spring Clearance");
  await expect(grid.locator("[data-car-id]")).toHaveCount(21);
  await context.close();
});

test("promo tiles sit at their slots, inside their windows, and count as no vehicle", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(tenantUrl(SLUG, DEFAULT));
  await islandReady(page);
  expect(await promoTitles(page)).toEqual(["Summer Service Special"]);
  // Position 3: the third tile of the grid.
  await expect(tiles(page).nth(2)).toHaveAttribute("data-promo", "");
  await expect(tiles(page).nth(2)).toContainText("Summer Service Special");
  await expect(results(page).getByText("61 vehicles found")).toBeVisible();
  await expect(results(page).locator("[data-car-id]")).toHaveCount(21);
  await expectNoAxeViolations(page);

  // strictDisplay: the new-car deal shows once the shopper chooses New, at its slot (6).
  await page
    .getByRole("complementary", { name: "Filters" })
    .getByRole("group", { name: "Condition" })
    .getByRole("checkbox", { name: /^New\b/ })
    .check();
  await expect(results(page).getByText("22 vehicles found")).toBeVisible();
  await islandReady(page);
  expect(await promoTitles(page)).toEqual(["Summer Service Special", "New Mitsubishi Drive-Away Deals"]);
  await expect(tiles(page).nth(5)).toContainText("New Mitsubishi Drive-Away Deals");
  await expect(results(page).locator("[data-car-id]")).toHaveCount(21);

  // Page 2 has no promos.
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await islandReady(page);
  expect(await promoTitles(page)).toEqual([]);
});

test("a promo opens at the shopper's clock, not the build's", async ({ page }) => {
  await page.clock.setSystemTime(new Date("2026-12-27T09:00:00+10:00"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(tenantUrl(SLUG, DEFAULT));
  await islandReady(page);
  // No position: it follows the page's cards.
  expect(await promoTitles(page)).toEqual(["Summer Service Special", "Boxing Day Sale"]);
  await expect(tiles(page).last()).toContainText("Boxing Day Sale");
});
