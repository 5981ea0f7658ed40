/**
 * Compare (spec §1 compare, §4 "Favourite/compare toggle saved/not saved; hidden when out of
 * stock or storage setting off", §5 "Compare hidden when not in stock; on certain sites when not
 * used, price 0 or less, or no thumbnails and images", §6 local storage, no sign-in), used the way
 * a shopper would on every sample tenant: line cars up from their pages, read them side by side on
 * /compare, narrow to what differs, remove with the keyboard.
 */
import type { Page } from "@playwright/test";
import { COMPARE_LIMIT, compareKey, compareToast } from "~/features/compare/compare";
import { showsCompare } from "~/features/stock/stock";
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

const toggle = (page: Page) => page.getByRole("button", { name: "Compare", exact: true });
const comparisonLink = (page: Page) => page.getByRole("link", { name: /^View comparison/ });
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** Published cars of a tenant whose page shows Compare, and some that must not. */
function carsFor(slug: string) {
  const { site, cars } = tenantData(slug);
  const published = builtTenant(slug).cars;
  const shows = (car: BuiltCar) => {
    const full = cars.get(car.slug);
    return full ? showsCompare(full, site) : false;
  };
  return {
    site,
    comparable: published.filter(shows),
    hidden: published.filter((car) => !shows(car)),
  };
}

for (const slug of TENANTS) {
  test.describe(`${slug} compare`, () => {
    test("Compare lines up to three cars side by side on /compare, and the table removes them", async ({
      page,
    }) => {
      test.slow();
      const { site, comparable, hidden } = carsFor(slug);
      if (!site.features.favourites) {
        // Storage setting off: no toggle on any car.
        await openCarPage(
          page,
          slug,
          builtTenant(slug).cars.find((c) => c.status === "in_stock") as BuiltCar,
        );
        await expect(toggle(page)).toHaveCount(0);
        await expect(comparisonLink(page)).toHaveCount(0);
        await expect(page.getByRole("contentinfo").getByRole("link", { name: "Compare Cars" })).toHaveCount(
          0,
        );
        return;
      }
      expect(comparable.length).toBeGreaterThan(COMPARE_LIMIT);
      const [a, b, c, d] = comparable as [BuiltCar, BuiltCar, BuiltCar, BuiltCar];

      await openCarPage(page, slug, a);
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
      await toggle(page).click();
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
      await expect(toast(page, compareToast(a.name, "added"))).toBeVisible();
      await expect(comparisonLink(page)).toHaveText("View comparison (1)");
      await page.reload();
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");

      await openCarPage(page, slug, b);
      await toggle(page).press("Enter");
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
      await openCarPage(page, slug, c);
      await toggle(page).click();
      await expect(comparisonLink(page)).toHaveText(`View comparison (${COMPARE_LIMIT})`);
      // A fourth car is refused, and says how to make room.
      await openCarPage(page, slug, d);
      await toggle(page).click();
      await expect(toast(page, compareToast(d.name, "full"))).toBeVisible();
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");

      await comparisonLink(page).click();
      await expect(page).toHaveURL(tenantUrl(slug, "/compare"));
      await expect(page.getByRole("heading", { level: 1, name: "Compare cars" })).toBeVisible();
      const table = page.getByRole("table", { name: "Cars compared side by side" });
      const headers = table.getByRole("columnheader");
      // The order the cars were added, each linking to its page.
      await expect(headers.getByRole("link")).toHaveText([a.name, b.name, c.name]);
      await expect(headers.getByRole("link", { name: a.name })).toHaveAttribute("href", `/cars/${a.slug}`);
      // A column's header is the car alone: a screen reader names each value by the car.
      await expect(headers).toHaveText([a.name, b.name, c.name]);
      await expect(page.getByText("3 cars to compare.")).toBeVisible();
      const rowCells = (label: string) =>
        table
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) })
          .getByRole("cell");
      await expect(rowCells("Year")).toHaveText(
        [a, b, c].map((car) => String(tenantData(slug).cars.get(car.slug)?.year)),
      );
      await expect(rowCells("Price")).toHaveCount(3);
      await expectNoAxeViolations(page);

      // Only the rows that differ: every row left reads differently across the cars.
      await page.getByLabel("Only show rows that differ").check();
      const visibleRows = await table
        .locator("tbody tr:visible")
        .evaluateAll((rows) =>
          rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent)),
        );
      expect(visibleRows.length).toBeGreaterThan(0);
      for (const values of visibleRows) expect(new Set(values).size).toBeGreaterThan(1);
      await page.getByLabel("Only show rows that differ").uncheck();

      // On a phone the table scrolls sideways inside its region; the page does not.
      await page.setViewportSize({ width: 390, height: 844 });
      const region = page.getByRole("region", { name: "Cars compared side by side" });
      expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Keyboard removal keeps focus on a Remove button, then on the heading once the table is empty.
      await table.getByRole("button", { name: `Remove ${b.name}` }).focus();
      await page.keyboard.press("Enter");
      await expect(headers.getByRole("link")).toHaveText([a.name, c.name]);
      await expect(table.getByRole("button", { name: `Remove ${c.name}` })).toBeFocused();
      await expect(
        page.getByRole("status").filter({ hasText: `Removed ${b.name}. 2 cars to compare.` }),
      ).toBeVisible();
      await table.getByRole("button", { name: `Remove ${c.name}` }).press("Enter");
      await expect(page.getByText("Add another car to compare it side by side.")).toBeVisible();
      await expect(page.getByLabel("Only show rows that differ")).toBeHidden();
      await table.getByRole("button", { name: `Remove ${a.name}` }).click();
      await expect(table).toBeHidden();
      await expect(page.getByText("You have no cars to compare yet.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "Compare cars" })).toBeFocused();

      await openCarPage(page, slug, a);
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
      await expect(comparisonLink(page)).toHaveText("View comparison");

      // Hidden where the rules say so: not in stock (coming soon, sold), and on strict sites a car
      // that is not used, has no price or no photos. The Favourite toggle still shows where it may.
      for (const car of [
        hidden.find((h) => h.status === "coming_soon"),
        hidden.find((h) => h.status === "sold"),
        hidden.find((h) => h.status === "in_stock"),
      ]) {
        if (!car) continue;
        await openCarPage(page, slug, car);
        await expect(toggle(page)).toHaveCount(0);
      }
      if (site.features.compare_used_priced_with_photos) {
        const newCar = hidden.find((h) => h.status === "in_stock" && h.car_type !== "used");
        expect(newCar, "a strict site's sample shows a new or demo car in stock").toBeTruthy();
        await openCarPage(page, slug, newCar as BuiltCar);
        await expect(toggle(page)).toHaveCount(0);
        await expect(page.getByRole("button", { name: "Favourite", exact: true })).toBeVisible();
      }
    });

    test("a compared car that has left the site says so; without JavaScript the page says why it is empty", async ({
      page,
      browser,
    }) => {
      const { site, comparable } = carsFor(slug);
      test.skip(!site.features.favourites, "this site keeps no comparison");
      const car = comparable[0] as BuiltCar;
      // Every page's footer leads to the comparison, empty to start with.
      await page.goto(tenantUrl(slug));
      await page.getByRole("contentinfo").getByRole("link", { name: "Compare Cars" }).click();
      await expect(page.getByText("You have no cars to compare yet.")).toBeVisible();
      await openCarPage(page, slug, car);
      await toggle(page).click();
      await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
      // A car sold and taken off the site since it was added: its page is gone.
      await page.evaluate(
        ({ key, slug: goneSlug }) => {
          const list = JSON.parse(localStorage.getItem(key) ?? "[]");
          list.push({ ...list[0], id: 1, slug: goneSlug, name: "A car that left" });
          localStorage.setItem(key, JSON.stringify(list));
        },
        { key: compareKey(slug), slug: "a-car-that-left-999999" },
      );
      await page.goto(tenantUrl(slug, "/compare"));
      const gone = page.getByRole("columnheader").filter({ hasText: "A car that left" });
      await expect(gone.getByText("No longer listed")).toBeVisible();
      await expect(
        page.getByRole("columnheader").filter({ hasText: car.name }).getByText("No longer listed"),
      ).toHaveCount(0);

      const context = await browser.newContext({ javaScriptEnabled: false });
      const noJs = await context.newPage();
      await openCarPage(noJs, slug, car);
      await expect(toggle(noJs)).toBeHidden();
      await noJs.goto(tenantUrl(slug, "/compare"));
      await expect(
        noJs.getByText("Your comparison is kept by your browser: turn on JavaScript to see it."),
      ).toBeVisible();
      await context.close();
    });
    test("where the browser blocks storage, neither toggle shows and the lists say why", async ({ page }) => {
      const { site, comparable } = carsFor(slug);
      test.skip(!site.features.favourites, "this site keeps no lists");
      // As some private modes do: touching localStorage throws.
      await page.addInitScript(() => {
        Object.defineProperty(window, "localStorage", {
          get() {
            throw new DOMException("The operation is insecure.", "SecurityError");
          },
        });
      });
      await openCarPage(page, slug, comparable[0] as BuiltCar);
      await expect(toggle(page)).toBeHidden();
      await expect(page.getByRole("button", { name: "Favourite", exact: true })).toBeHidden();
      await page.goto(tenantUrl(slug, "/compare"));
      await expect(
        page.getByText("Your browser is blocking storage, so your comparison can't be shown."),
      ).toBeVisible();
      await page.goto(tenantUrl(slug, "/favourites"));
      await expect(
        page.getByText("Your browser is blocking storage, so favourites can't be shown."),
      ).toBeVisible();
    });
  });
}
