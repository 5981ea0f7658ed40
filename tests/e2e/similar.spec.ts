/**
 * Similar Vehicles on the vehicle page (spec §9 rules, §8 failures logged only): six stand-ins in
 * the page, then the cars the search service answers once the row comes near. The same on every
 * tenant, so one tenant: bayside-nissan's 2024 X-Trail ST 2WD ($28,990, SUV), whose band
 * ($18,990–$38,990) holds no other X-Trail in stock, so the row is the newest SUVs in the band.
 */
import { expect, tenantUrl, test } from "./support";

const CAR = "/cars/2024-nissan-x-trail-st-2wd-550014";
const SIMILAR = [
  "2026 Nissan Qashqai ST+",
  "2025 Nissan Juke ST",
  "2025 Subaru Forester 2.5i",
  "2026 Nissan Juke ST",
  "2025 Nissan Juke ST",
  "2024 Hyundai Tucson Elite 2WD",
];

test("six stand-ins until the search answers, then the newest SUVs in the price band, each a link", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Hold the index file until the stand-ins have been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/search-data/cars.json", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(tenantUrl("bayside-nissan", CAR));
  const row = page.locator("section", { has: page.getByRole("heading", { name: "Similar Vehicles" }) });
  await row.scrollIntoViewIfNeeded();
  await expect(row).toHaveAttribute("aria-busy", "true");
  await expect(row.locator(".card-skeleton")).toHaveCount(6);
  // Stand-ins are hidden from assistive technology and hold no links to tab to.
  await expect(row.getByRole("article")).toHaveCount(0);
  await expect(row.getByRole("link")).toHaveCount(0);
  const before = await row.boundingBox();
  release();
  await expect(row.getByRole("heading", { level: 3 })).toHaveText(SIMILAR);
  await expect(row).not.toHaveAttribute("aria-busy", "true");
  await expect(row.locator(".card-skeleton")).toHaveCount(0);
  // The cards took the stand-ins' room: the row is as tall as before.
  expect((await row.boundingBox())?.height).toBe(before?.height);
  const first = row.getByRole("article").first();
  await expect(first.getByText("$36,990", { exact: true })).toBeVisible();
  await first.getByRole("link", { name: "2026 Nissan Qashqai ST+", exact: true }).click();
  await expect(page).toHaveURL(/\/cars\/2026-nissan-qashqai-st-550034$/);
  await expect(page.getByRole("heading", { level: 1, name: "2026 Nissan Qashqai ST+" })).toBeVisible();
});

test("a search that cannot answer is logged, and the row goes once it is out of sight", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await page.route("**/search-data/cars.json", (route) => route.fulfill({ status: 503, body: "down" }));
  await page.goto(tenantUrl("bayside-nissan", CAR));
  const row = page.locator("section", { has: page.getByRole("heading", { name: "Similar Vehicles" }) });
  await row.scrollIntoViewIfNeeded();
  await expect(row).toHaveAttribute("data-state", "failed");
  // On screen it stays as it was (nothing moves under the shopper's eyes) ...
  await expect(row).toBeVisible();
  expect(warnings.join("\n")).toContain("Similar cars could not load");
  // ... and once scrolled away it is gone.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  await expect(row).toBeHidden();
});

test("without JavaScript the page leaves the row out instead of showing stand-ins that never fill", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl("bayside-nissan", CAR));
  await expect(page.getByRole("heading", { level: 1, name: "2024 Nissan X-Trail ST 2WD" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Similar Vehicles" })).toBeHidden();
  await context.close();
});
