/**
 * Recently Viewed (spec §3 viewed-car record, local per dealership): the strip on the home, search
 * and vehicle pages, newest first, the page's own car left out, the sold car marked, cleared on
 * request, and drawn from the shopper's own browser (no request carries it). One tenant,
 * bayside-nissan: the strip is the same on every template.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openCarPage, tenantUrl, test } from "./support";

const SITE = "bayside-nissan";
/** Two in-stock used cars and the car sold an hour before E2E_NOW (sold_tag_name "Sold"). */
const FIRST = { slug: "2024-nissan-x-trail-st-2wd-550014", name: "2024 Nissan X-Trail ST 2WD" };
const SECOND = {
  slug: "2025-mitsubishi-triton-glx-double-cab-4x4-550024",
  name: "2025 Mitsubishi Triton GLX Double Cab 4x4",
};
const SOLD = { slug: "2020-kia-seltos-sport-2wd-550000", name: "2020 Kia Seltos Sport+ 2WD" };

const strip = (page: Page) => page.getByRole("region", { name: "Recently Viewed" });

test(`${SITE}: Recently Viewed shows the cars opened here, newest first, and clears`, async ({ page }) => {
  test.slow();
  // The home and search pages draw the strip: nothing they request may name a viewed car. (The
  // vehicle page's own view counter is its business, so watching starts after it.)
  const carried: string[] = [];
  let watching = false;
  page.on("request", (request) => {
    if (!watching) return;
    const sent = `${request.url()} ${request.postData() ?? ""}`;
    if (
      ["fetch", "xhr", "beacon", "ping"].includes(request.resourceType()) &&
      /550000|550014|550024/.test(sent)
    )
      carried.push(sent);
  });

  // Nothing viewed yet: no strip, and no room kept for one.
  await page.goto(tenantUrl(SITE));
  await expect(page.getByRole("heading", { name: "Recently Viewed" })).toBeHidden();

  await openCarPage(page, SITE, FIRST);
  await expect(strip(page)).toBeHidden();
  await openCarPage(page, SITE, SECOND);
  await expect(strip(page).getByRole("link")).toHaveText([FIRST.name]);
  await openCarPage(page, SITE, SOLD);
  // The vehicle page leaves its own car out.
  await expect(strip(page).getByRole("link")).toHaveText([SECOND.name, FIRST.name]);

  watching = true;
  await page.goto(tenantUrl(SITE));
  const cards = strip(page).getByRole("listitem");
  await expect(strip(page).getByRole("link")).toHaveText([SOLD.name, SECOND.name, FIRST.name]);
  await expect(cards.nth(0).getByText("Sold", { exact: true })).toBeVisible();
  await expect(cards.nth(1).getByText("Sold", { exact: true })).toHaveCount(0);
  await expect(strip(page).getByRole("link", { name: FIRST.name })).toHaveAttribute(
    "href",
    `/cars/${FIRST.slug}`,
  );
  await expectNoAxeViolations(page);

  await page.goto(tenantUrl(SITE, "/search/new-used-and-demo-cars"));
  await expect(strip(page).getByRole("link")).toHaveText([SOLD.name, SECOND.name, FIRST.name]);

  await strip(page).getByRole("button", { name: "Clear recently viewed" }).click();
  await expect(page.getByRole("heading", { name: "Recently Viewed" })).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Recently Viewed" })).toBeHidden();
  await page.goto(tenantUrl(SITE));
  await expect(page.getByRole("heading", { name: "Recently Viewed" })).toBeHidden();
  expect(carried).toEqual([]);
});
