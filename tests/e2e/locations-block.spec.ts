/**
 * The home page's locations block in each variant the fixture tenants pick (site.json
 * `locations_block`): the group's Our Locations carousel, harbourside's dark grid, outback's single
 * card and bayside's plain grid. Screenshots at 390 and 1280 px go to /tmp for a person to look at.
 */
import type { Page } from "@playwright/test";
import { axeViolations, expect, tenantUrl, test, unexpectedShifts } from "./support";

const block = (page: Page) => page.getByRole("region", { name: "Our Locations" });

async function openHome(page: Page, slug: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(tenantUrl(slug));
  await block(page).scrollIntoViewIfNeeded();
}

for (const width of [390, 1280]) {
  test(`sunstate-motor-group at ${width} px: the carousel scrolls sideways through all 12 locations, with a swipe hint and wide items`, async ({
    page,
  }) => {
    await openHome(page, "sunstate-motor-group", width);
    const region = block(page);
    const list = region.getByRole("list", { name: "Our 12 locations, scroll sideways for more" });
    await expect(list.getByRole("listitem")).toHaveCount(12);
    await expect(region.getByText("Swipe for more locations →")).toBeVisible();
    await expect(region.getByRole("link", { name: "All 12 locations" })).toHaveCount(0);
    const sizes = await list.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      item: (el.firstElementChild as HTMLElement).getBoundingClientRect().width,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // The row scrolls inside itself: the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    // More than 4: each item min(85%, 320px) wide.
    expect(Math.round(sizes.item)).toBe(width === 390 ? Math.min(320, Math.round(sizes.client * 0.85)) : 320);
    // Keyboard: the row takes focus and scrolls with the arrow keys.
    await list.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await axeViolations(page, ".locations-block")).toEqual([]);
    expect(await unexpectedShifts(page)).toEqual([]);
  });

  test(`harbourside-toyota at ${width} px: the dark locations grid, light on near-black, AA contrast`, async ({
    page,
  }) => {
    await openHome(page, "harbourside-toyota", width);
    const region = block(page);
    await expect(region).toHaveAttribute("data-variant", "dark");
    await expect(region.getByRole("heading", { level: 3 })).toHaveCount(4);
    await expect(region).toHaveCSS("background-color", "rgb(20, 23, 28)");
    await expect(region.getByText(/^Swipe/)).toHaveCount(0);
    expect(await axeViolations(page, ".locations-block")).toEqual([]);
    expect(await unexpectedShifts(page)).toEqual([]);
  });
}

test("outback-caravans: the single card shows the main location and links to all 3", async ({ page }) => {
  await openHome(page, "outback-caravans", 1280);
  const region = block(page);
  await expect(region).toHaveAttribute("data-variant", "single");
  await expect(region.getByRole("heading", { level: 3 })).toHaveCount(1);
  await expect(region.getByRole("link", { name: "All 3 locations" })).toHaveAttribute(
    "href",
    "/dealer-locator",
  );
  expect(await axeViolations(page, ".locations-block")).toEqual([]);
});

test("bayside-nissan: the default grid shows its 3 locations, no swipe hint", async ({ page }) => {
  await openHome(page, "bayside-nissan", 1280);
  const region = block(page);
  await expect(region).toHaveAttribute("data-variant", "grid");
  await expect(region.getByRole("heading", { level: 3 })).toHaveCount(3);
  await expect(region.getByText(/^Swipe/)).toHaveCount(0);
});
