/**
 * The third-party 360° viewer by spin_code (harbourside-toyota's provider, site.json
 * `spin_viewer`): the HiLux GR Sport 110046 has a spin_code and no spin frames. The viewer loads
 * only when the shopper opens Spin; when the provider cannot be reached (as here: no internet) the
 * box says so and the photos stay one click away.
 */
import type { Page } from "@playwright/test";
import { axeViolations, expect, tenantUrl, test, unexpectedShifts } from "./support";

const CAR = {
  slug: "2026-toyota-hilux-gr-sport-double-cab-4x4-110046",
  name: "2026 Toyota HiLux GR Sport Double Cab 4x4",
};
const PROVIDER = "https://viewer.spinview.example.com";
const VIEWER = `${PROVIDER}/embed/HTS-HTN10046`;

async function openCar(page: Page, provider: (requests: string[]) => Parameters<Page["route"]>[1]) {
  const requests: string[] = [];
  await page.route(`${PROVIDER}/**`, provider(requests));
  await page.goto(tenantUrl("harbourside-toyota", `/cars/${CAR.slug}`));
  await expect(page.getByRole("heading", { level: 1, name: CAR.name })).toBeVisible();
  return requests;
}

const media = (page: Page) => page.getByRole("region", { name: "Photos and videos" });

test("the provider's viewer is framed only once the shopper opens Spin", async ({ page }) => {
  const requests = await openCar(page, (seen) => async (route) => {
    seen.push(route.request().url());
    await route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>360</title><p>360 view</p>",
    });
  });
  await expect(media(page).getByRole("radio", { name: "Gallery" })).toBeChecked();
  await expect(media(page).locator("iframe")).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(requests).toEqual([]);

  await media(page).getByRole("radio", { name: "Spin" }).check();
  const frame = media(page).locator(`iframe[src="${VIEWER}"]`);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute("title", `${CAR.name}: 360° view by SpinView`);
  await expect(page.frameLocator(`iframe[src="${VIEWER}"]`).getByText("360 view")).toBeVisible();
  expect(await axeViolations(page, ".car-media")).toEqual([]);
});

test("when the provider cannot be reached, Spin says so and the photos stay in Gallery", async ({ page }) => {
  await openCar(page, () => (route) => route.abort("internetdisconnected"));
  await media(page).getByRole("radio", { name: "Spin" }).check();
  await expect(media(page).getByRole("status")).toHaveText(
    "The 360° view cannot load right now. The photos are all in Gallery.",
  );
  await expect(media(page).locator("iframe")).toHaveCount(0);
  await media(page).getByRole("button", { name: "See the photos" }).click();
  await expect(media(page).getByRole("radio", { name: "Gallery" })).toBeChecked();
  await expect(media(page).getByRole("img").first()).toBeVisible();
  expect(await axeViolations(page, ".car-media")).toEqual([]);
  expect(await unexpectedShifts(page)).toEqual([]);
});

test("a car with its own spin frames keeps its own spin; no provider is asked", async ({ page }) => {
  const requests = await openCar(page, (seen) => (route) => {
    seen.push(route.request().url());
    return route.abort();
  });
  await page.goto(tenantUrl("harbourside-toyota", "/cars/2026-toyota-hilux-gr-sport-double-cab-4x4-110035"));
  await expect(media(page).getByRole("radio", { name: "Spin" })).toBeChecked();
  await expect(media(page).locator("[data-spin-frame]").first()).toBeVisible();
  await expect(media(page).locator("[data-spin-embed]")).toHaveCount(0);
  expect(requests).toEqual([]);
});
