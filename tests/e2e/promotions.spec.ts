/**
 * The home page's promotions slider (spec §9 540×1920 banners) on bayside-nissan, the fixture
 * tenant with `home_promotions` (three running, one expired before E2E_NOW): position, buttons and
 * arrow keys, autoplay that stops on hover and focus and never runs under prefers-reduced-motion,
 * the first banner in the HTML and the rest lazy, and a home page that moves nothing while it loads.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, tenantUrl, test, unexpectedShifts } from "./support";

const SITE = "bayside-nissan";
const slider = (page: Page) => page.getByRole("region", { name: "Promotions" });
const position = (page: Page) => slider(page).locator("[data-promo-position]");

test(`${SITE}: the promotions slider shows the running banners, moves on its own and stops on hover and focus`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(tenantUrl(SITE));
  await page.mouse.move(0, 0);
  const slides = slider(page).getByRole("group");
  await expect(slides).toHaveCount(3);
  // In site.json's order; the expired one is left out.
  expect(
    await slides.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("alt"))),
  ).toEqual([
    "Service special: logbook servicing from $249",
    "Finance offer: low-rate finance on selected stock",
    "Trade-in bonus: an extra $1,000 for your trade-in",
  ]);
  await expect(
    slides.nth(0).getByRole("img", { name: "Service special: logbook servicing from $249" }),
  ).toHaveAttribute("loading", "eager");
  await expect(slides.nth(1).locator("img")).toHaveAttribute("loading", "lazy");
  await expect(slides.nth(2).locator("img")).toHaveAttribute("loading", "lazy");
  await expect(position(page)).toHaveText("1 of 3");
  await expectNoAxeViolations(page);

  // Autoplay: the next banner after 6 seconds.
  await page.clock.runFor(6_100);
  await expect(position(page)).toHaveText("2 of 3");
  // A pointer resting on it stops it.
  await slider(page).hover();
  await page.clock.runFor(13_000);
  await expect(position(page)).toHaveText("2 of 3");
  await page.mouse.move(0, 0);

  // Buttons and arrow keys go round; focus inside stops the autoplay.
  await slider(page).getByRole("button", { name: "Next promotion" }).click();
  await expect(position(page)).toHaveText("3 of 3");
  await page.keyboard.press("ArrowRight");
  await expect(position(page)).toHaveText("1 of 3");
  await page.keyboard.press("ArrowLeft");
  await expect(position(page)).toHaveText("3 of 3");
  await page.clock.runFor(13_000);
  await expect(position(page)).toHaveText("3 of 3");
  await expect(slides.nth(2).getByRole("link")).toHaveAttribute("href", "/trade-in");

  // Pause keeps it still once focus and pointer have left.
  await slider(page).getByRole("button", { name: "Pause" }).click();
  await expect(slider(page).getByRole("button", { name: "Play" })).toBeVisible();
  await page.locator("h1").click();
  await page.clock.runFor(13_000);
  await expect(position(page)).toHaveText("3 of 3");
});

test(`${SITE}: under prefers-reduced-motion the promotions slider never moves on its own`, async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(tenantUrl(SITE));
  await page.mouse.move(0, 0);
  await expect(position(page)).toHaveText("1 of 3");
  await expect(slider(page).getByRole("button", { name: "Pause" })).toBeHidden();
  await page.clock.runFor(20_000);
  await expect(position(page)).toHaveText("1 of 3");
  await slider(page).getByRole("button", { name: "Next promotion" }).click();
  await expect(position(page)).toHaveText("2 of 3");
});

test(`${SITE}: the home page with its slider and a Recently Viewed strip moves nothing while it loads (CLS 0)`, async ({
  page,
}) => {
  await page.goto(tenantUrl(SITE, "/cars/2024-nissan-x-trail-st-2wd-550014"));
  for (const { width, height } of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(tenantUrl(SITE));
    await expect(page.getByRole("heading", { name: "Recently Viewed" })).toBeAttached();
    const shifts = await unexpectedShifts(page);
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(cls < 0.0005, `${width}px: CLS ${cls.toFixed(5)} ${JSON.stringify(shifts)}`).toBe(true);
  }
});
