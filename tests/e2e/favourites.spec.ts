/**
 * Favourites (spec §1 save favourites, §3 Favourite entry kept per dealership in local storage, §4
 * "Favourite/compare toggle saved/not saved; hidden when out of stock or storage setting off", §6
 * no sign-in), used the way a shopper would on every sample tenant: save from the vehicle page,
 * see the list, remove with the keyboard, and the toggle follows.
 */
import type { Page } from "@playwright/test";
import { favouriteToast } from "~/features/favourites/favourites";
import {
  type BuiltCar,
  builtTenant,
  expect,
  expectNoAxeViolations,
  openCarPage,
  TENANTS,
  tenantData,
  tenantUrl,
  test,
} from "./support";

const toggle = (page: Page) => page.getByRole("button", { name: "Favourite", exact: true });

for (const slug of TENANTS) {
  test.describe(`${slug} favourites`, () => {
    test("the Favourite toggle saves cars to this browser's list, and the list removes them", async ({
      page,
    }) => {
      test.slow();
      const { site } = tenantData(slug);
      const { cars } = builtTenant(slug);
      const inStock = cars.filter((car) => car.status === "in_stock");
      const sold = cars.find((car) => car.status === "sold");
      const [first, second] = inStock as [BuiltCar, BuiltCar];

      if (!site.features.favourites) {
        // Storage setting off: no toggle on any car, nothing to list.
        await openCarPage(page, slug, first);
        await expect(toggle(page)).toHaveCount(0);
        await expect(page.getByRole("link", { name: "View favourites" })).toHaveCount(0);
        return;
      }
      expect(TENANTS.some((other) => !tenantData(other).site.features.favourites)).toBe(true);

      await openCarPage(page, slug, first);
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
      await toggle(page).click();
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
      await expect(
        page.getByRole("status").filter({ hasText: favouriteToast(first.name, true) }),
      ).toBeVisible();
      await page.reload();
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");

      await openCarPage(page, slug, second);
      await toggle(page).press("Enter");
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
      await page.getByRole("link", { name: "View favourites" }).click();
      await expect(page).toHaveURL(tenantUrl(slug, "/favourites"));
      await expect(page.getByRole("heading", { level: 1, name: "Your favourites" })).toBeVisible();
      const list = page.getByRole("list", { name: "Saved cars" });
      // Newest first, each linking to its car.
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(list.getByRole("link")).toHaveText([second.name, first.name]);
      await expect(list.getByRole("link", { name: first.name })).toHaveAttribute(
        "href",
        `/cars/${first.slug}`,
      );
      await expect(page.getByText("2 saved cars.")).toBeVisible();
      await expectNoAxeViolations(page);

      // Keyboard removal keeps focus in the list, then on the heading once it is empty.
      await list.getByRole("button", { name: `Remove ${second.name}` }).focus();
      await page.keyboard.press("Enter");
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(list.getByRole("button", { name: `Remove ${first.name}` })).toBeFocused();
      await expect(page.getByRole("status").filter({ hasText: `Removed ${second.name}.` })).toBeVisible();
      await page.reload();
      await expect(list.getByRole("link")).toHaveText([first.name]);
      await list.getByRole("button", { name: `Remove ${first.name}` }).click();
      await expect(list.getByRole("listitem")).toHaveCount(0);
      await expect(page.getByText("You have no favourites yet.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Your favourites" })).toBeFocused();

      // Every page's footer leads back to the list.
      await page.goto(tenantUrl(slug));
      await page.getByRole("contentinfo").getByRole("link", { name: "Your Favourites" }).click();
      await expect(page.getByText("You have no favourites yet.")).toBeVisible();
      await openCarPage(page, slug, first);
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
      // Out of stock: no toggle.
      if (sold) {
        await openCarPage(page, slug, sold);
        await expect(toggle(page)).toHaveCount(0);
      }
    });

    test("without JavaScript the vehicle page shows no Favourite toggle and the list says why", async ({
      browser,
    }) => {
      const { site } = tenantData(slug);
      test.skip(!site.features.favourites, "this site keeps no favourites");
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const car = builtTenant(slug).cars.find((c) => c.status === "in_stock") as BuiltCar;
      await openCarPage(page, slug, car);
      await expect(toggle(page)).toBeHidden();
      await page.goto(tenantUrl(slug, "/favourites"));
      await expect(
        page.getByText("Your favourites are kept by your browser: turn on JavaScript to see them."),
      ).toBeVisible();
      await context.close();
    });
  });
}
