/**
 * Favourites (spec §1 save favourites, §3 Favourite entry kept per dealership in local storage, §4
 * "Favourite/compare toggle saved/not saved; hidden when out of stock or storage setting off", §6
 * no sign-in), used the way a shopper would: save from the vehicle page, see the list, remove
 * with the keyboard, and the toggle follows.
 *
 * The vehicle page and /favourites are one page for every template, so the journey runs on ONE
 * tenant, bayside-nissan (a franchise site; compare.spec.ts runs its journey on westside-auto, so
 * the two lists' pages are audited on two themes). Tenants differ only in the storage setting
 * (features.favourites): outback-caravans has it off. Elsewhere: a sold car shows no Favourite and
 * a coming-soon car does (compare.spec.ts "Compare is hidden…"); without JavaScript or storage
 * (compare.spec.ts, both lists).
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openCarPage, tenantUrl, test } from "./support";

const SITE = "bayside-nissan";
/** Two in-stock used cars on bayside-nissan (favourites on by default). */
const FIRST = { slug: "2024-nissan-x-trail-st-2wd-550014", name: "2024 Nissan X-Trail ST 2WD" };
const SECOND = {
  slug: "2025-mitsubishi-triton-glx-double-cab-4x4-550024",
  name: "2025 Mitsubishi Triton GLX Double Cab 4x4",
};
/** outback-caravans: site.json features.favourites false (the storage setting off); an in-stock used caravan. */
const NO_LISTS_SITE = "outback-caravans";
const NO_LISTS_CAR = {
  slug: "2024-jayco-journey-outback-19-61-5-440017",
  name: "2024 Jayco Journey Outback 19.61-5",
};

const toggle = (page: Page) => page.getByRole("button", { name: "Favourite", exact: true });

test(`${SITE}: the Favourite toggle saves cars to this browser's list, and the list removes them`, async ({
  page,
}) => {
  test.slow();
  // Every page's footer leads to the list, empty to start with.
  await page.goto(tenantUrl(SITE));
  await page.getByRole("contentinfo").getByRole("link", { name: "Your Favourites" }).click();
  await expect(page).toHaveURL(tenantUrl(SITE, "/favourites"));
  await expect(page.getByText("You have no favourites yet.")).toBeVisible();

  await openCarPage(page, SITE, FIRST);
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
  await expect(
    page.getByRole("status").filter({ hasText: "2024 Nissan X-Trail ST 2WD is now in your favourites" }),
  ).toBeVisible();
  await page.reload();
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");

  await openCarPage(page, SITE, SECOND);
  await toggle(page).press("Enter");
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("link", { name: "View favourites" }).click();
  await expect(page).toHaveURL(tenantUrl(SITE, "/favourites"));
  await expect(page.getByRole("heading", { level: 1, name: "Your favourites" })).toBeVisible();
  const list = page.getByRole("list", { name: "Saved cars" });
  // Newest first, each linking to its car.
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("link")).toHaveText([SECOND.name, FIRST.name]);
  await expect(list.getByRole("link", { name: FIRST.name })).toHaveAttribute(
    "href",
    "/cars/2024-nissan-x-trail-st-2wd-550014",
  );
  await expect(page.getByText("2 saved cars.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Keyboard removal keeps focus in the list, then on the heading once it is empty.
  await list.getByRole("button", { name: `Remove ${SECOND.name}` }).focus();
  await page.keyboard.press("Enter");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("button", { name: `Remove ${FIRST.name}` })).toBeFocused();
  await expect(
    page.getByRole("status").filter({ hasText: "Removed 2025 Mitsubishi Triton GLX Double Cab 4x4." }),
  ).toBeVisible();
  await page.reload();
  await expect(list.getByRole("link")).toHaveText([FIRST.name]);
  await list.getByRole("button", { name: `Remove ${FIRST.name}` }).click();
  await expect(list.getByRole("listitem")).toHaveCount(0);
  await expect(page.getByText("You have no favourites yet.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your favourites" })).toBeFocused();

  await openCarPage(page, SITE, FIRST);
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
});

test(`${NO_LISTS_SITE}: the storage setting is off, so no Favourite or Compare toggle and no links to the lists`, async ({
  page,
}) => {
  await openCarPage(page, NO_LISTS_SITE, NO_LISTS_CAR);
  await expect(toggle(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Compare", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "View favourites" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^View comparison/ })).toHaveCount(0);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Compare Cars" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "Your Favourites" })).toHaveCount(0);
});
