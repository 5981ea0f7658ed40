import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, siteJson, TENANTS, tenantGet, tenantUrl, test } from "./support";

/** Prices, bodies and makes/models of every published car, read straight from the built index. */
async function publishedCars(page: Page, slug: string) {
  const packed = await (await tenantGet(page.request, slug, "/search-data/cars.json")).json();
  const { price, body, make, model, id, certified, status } = packed.documents.columns;
  const decode = (column: { dict?: string[]; values: (number | null)[] }, i: number) => {
    const value = column.values[i];
    return value === null || value === undefined ? null : column.dict ? column.dict[value] : value;
  };
  return Array.from({ length: packed.documents.count as number }, (_, i) => ({
    price: decode(price, i) as number,
    body: decode(body, i) as string | null,
    make: decode(make, i) as string,
    model: decode(model, i) as string,
    id: decode(id, i) as number,
    certified: Boolean(decode(certified, i)),
    sold: decode(status, i) === "sold",
  }));
}

const searchCount = async (page: Page) => {
  const results = page.locator("#search-results");
  await expect(page.getByRole("searchbox", { name: "Search vehicles" })).toBeVisible();
  await expect(results).toHaveAttribute("aria-busy", "false");
  return Number(await results.getAttribute("data-result-count"));
};

for (const slug of TENANTS) {
  const site = siteJson(slug) as ReturnType<typeof siteJson> & { template?: string };
  const noun = site.template === "caravan" ? "Caravan" : "Car";

  test.describe(`${slug} home search tools`, () => {
    test("the budget finder counts cars for a budget and lands on the same results", async ({ page }) => {
      const cars = await publishedCars(page, slug);
      await page.goto(tenantUrl(slug, "/"));
      const finder = page.getByRole("region", { name: `Find ${noun.toLowerCase()}s for your budget` });
      await expect(finder).toBeVisible();
      await finder.getByRole("radio", { name: "Monthly" }).check();
      await finder.getByRole("textbox", { name: "Repayment" }).fill("700");
      await finder.getByRole("textbox", { name: "Deposit" }).fill("$5,000");
      const budget = 700 * 12 * 5 + 5000;
      await expect(finder.locator("output")).toHaveText("$47,000");
      const expected = cars.filter((car) => car.price > 1000 && car.price <= budget).length;
      const button = finder.getByRole("link", { name: new RegExp(`^View ${noun}s In This Range`) });
      await expect(button).toContainText(expected.toLocaleString("en-AU"));
      await finder.getByRole("radio", { name: "Weekly" }).check();
      await expect(finder.locator("output")).toHaveText(`$${(700 * 52 * 5 + 5000).toLocaleString("en-AU")}`);
      await finder.getByRole("radio", { name: "Monthly" }).check();
      await button.click();
      await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?range/);
      expect(await searchCount(page)).toBe(expected);
    });

    test("a body tile narrows the budget to that body", async ({ page }) => {
      const cars = await publishedCars(page, slug);
      await page.goto(tenantUrl(slug, "/"));
      const finder = page.getByRole("region", { name: /for your budget/ });
      const tiles = finder.getByRole("group", { name: "Body type" }).getByRole("radio");
      await expect(tiles.first()).toBeChecked();
      const tile = tiles.nth(1);
      const body = await tile.getAttribute("value");
      await tile.check({ force: true });
      await finder.getByRole("textbox", { name: "Repayment" }).fill("1,000,000");
      await finder.getByRole("textbox", { name: "Deposit" }).fill("0");
      const expected = cars.filter((car) => car.price > 1000 && car.body === body).length;
      const button = finder.getByRole("link", { name: new RegExp(`^View ${noun}s In This Range`) });
      await expect(button).toContainText(expected.toLocaleString("en-AU"));
      await button.click();
      await expect(page).toHaveURL(/refinementList/);
      expect(await searchCount(page)).toBe(expected);
    });

    test("a budget below every price reads '0 {car type}s Found'; junk input reads as 0", async ({
      page,
    }) => {
      await page.goto(tenantUrl(slug, "/"));
      const finder = page.getByRole("region", { name: /for your budget/ });
      const repayment = finder.getByRole("textbox", { name: "Repayment" });
      await repayment.fill("abc");
      await repayment.blur();
      await expect(repayment).toHaveValue("0");
      await finder.getByRole("textbox", { name: "Deposit" }).fill("500");
      await expect(finder.locator("output")).toHaveText("$500");
      await expect(finder.getByText(`0 ${noun}s Found`)).toBeVisible();
      await expect(finder.getByText(`No ${noun}s found for this budget`)).toBeVisible();
      await expect(finder.locator("[data-budget-go]")).toHaveAttribute("aria-disabled", "true");
      await expect(finder.locator("[data-budget-go]")).not.toHaveAttribute("href", /./);
      await expectNoAxeViolations(page);
    });

    test("the show-me-N-vehicles button follows the make and model picked", async ({ page }) => {
      const cars = await publishedCars(page, slug);
      await page.goto(tenantUrl(slug, "/"));
      const quick = page.getByRole("form", { name: "Quick search" });
      const button = quick.getByRole("link", { name: /^Show me [\d,]+ vehicles?$/ });
      await expect(button).toHaveText(`Show me ${cars.length.toLocaleString("en-AU")} vehicles`);
      const make = (await quick.getByLabel("Make").locator("option").nth(1).getAttribute("value")) as string;
      await quick.getByLabel("Make").selectOption(make);
      const models = cars.filter((car) => car.make === make);
      await expect(button).toHaveText(
        new RegExp(`^Show me ${models.length.toLocaleString("en-AU")} vehicles?$`),
      );
      const model = (await quick
        .getByLabel("Model")
        .locator("option")
        .nth(1)
        .getAttribute("value")) as string;
      await quick.getByLabel("Model").selectOption(model);
      const expected = models.filter((car) => car.model === model).length;
      await expect(button).toHaveText(new RegExp(`^Show me ${expected} vehicles?$`));
      await button.click();
      await expect(page).toHaveURL(/\/search\/[a-z0-9-]+\/[a-z0-9-]+$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(model);
      expect(await searchCount(page)).toBe(expected);
    });
  });
}

/** The sample tenants' fixed lists (site.json search.fixed_lists), judged from the index alone. */
const FIXED_LISTS: Record<string, { title: string; matches: (car: Car) => boolean; byPrice: boolean }> = {
  "sunstate-motor-group": {
    title: "Under $20,000",
    matches: (car) => car.price > 1000 && car.price <= 20000,
    byPrice: true,
  },
  "harbourside-toyota": {
    title: "Toyota Certified Pre-Owned",
    matches: (car) => car.certified && !car.sold,
    byPrice: false,
  },
};
type Car = Awaited<ReturnType<typeof publishedCars>>[number];

for (const [slug, list] of Object.entries(FIXED_LISTS)) {
  test(`${slug} home page shows its fixed list '${list.title}'`, async ({ page }) => {
    const cars = await publishedCars(page, slug);
    const matching = cars.filter(list.matches);
    await page.goto(tenantUrl(slug, "/"));
    const section = page.getByRole("region", { name: list.title });
    const ids = (await section
      .locator("[data-car-id]")
      .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute("data-car-id"))))) as number[];
    expect(ids.length).toBe(Math.min(4, matching.length));
    const byId = new Map(cars.map((car) => [car.id, car]));
    for (const carId of ids) expect(list.matches(byId.get(carId) as Car)).toBe(true);
    if (list.byPrice) {
      const cheapest = matching
        .map((car) => car.price)
        .sort((a, b) => a - b)
        .slice(0, ids.length);
      expect(ids.map((carId) => byId.get(carId)?.price)).toEqual(cheapest);
    }
  });
}
