import type { Page } from "@playwright/test";
import { weeklyChip } from "~/features/finance/finance";
import { bodyLabel } from "~/features/stock/specs";
import {
  builtTenant,
  expect,
  expectNoAxeViolations,
  siteJson,
  TENANTS,
  tenantData,
  tenantGet,
  tenantUrl,
  test,
} from "./support";

const DEFAULT = "/search/new-used-and-demo-cars";

/** Published cars per make, read from the built index (independent of the widgets and the engine's filters). */
async function indexCounts(page: Page, slug: string) {
  const packed = await (await tenantGet(page.request, slug, "/search-data/cars.json")).json();
  const { make, id, price, body } = packed.documents.columns;
  const bodies = new Map<string, number>();
  for (const code of body.values as (number | null)[]) {
    if (code !== null) bodies.set(body.dict[code], (bodies.get(body.dict[code]) ?? 0) + 1);
  }
  const counts = new Map<string, number>();
  for (const code of make.values as number[])
    counts.set(make.dict[code], (counts.get(make.dict[code]) ?? 0) + 1);
  const prices = new Map<string, number>(
    (id.values as number[]).map((carId, i) => [String(carId), price.values[i]]),
  );
  return { total: packed.documents.count as number, makes: counts, prices, bodies };
}

const results = (page: Page) => page.locator("#search-results");
const cards = (page: Page) => results(page).locator("[data-car-id]");

async function resultCount(page: Page): Promise<number> {
  return Number(await results(page).getAttribute("data-result-count"));
}

/** The island has taken over once its search box is there and results are not pending. */
async function islandReady(page: Page) {
  await expect(page.getByRole("searchbox", { name: "Search vehicles" })).toBeVisible();
  await expect(results(page)).toHaveAttribute("aria-busy", "false");
}

for (const slug of TENANTS) {
  const site = siteJson(slug);

  test.describe(`${slug} search`, () => {
    test("the default route lists every published car, first page prerendered", async ({ page, browser }) => {
      const { total } = await indexCounts(page, slug);
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const staticPage = await noJs.newPage();
      await staticPage.goto(tenantUrl(slug, DEFAULT));
      await expect(staticPage.locator("[data-result-count]")).toHaveAttribute(
        "data-result-count",
        String(total),
      );
      await expect(staticPage.locator("[data-car-id]").first()).toBeVisible();
      await expect(staticPage.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new URL(DEFAULT, site.url).href,
      );
      await noJs.close();

      await page.goto(tenantUrl(slug, DEFAULT));
      await islandReady(page);
      expect(await resultCount(page)).toBe(total);
      await expect(page.getByRole("status").filter({ hasText: "vehicles found" })).toContainText(
        `${total.toLocaleString("en-AU")} vehicles found`,
      );
    });

    test("without JavaScript the sidebar browses makes and models by link", async ({ page, browser }) => {
      const { makes } = await indexCounts(page, slug);
      const [make, expected] = [...makes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] as [
        string,
        number,
      ];
      const noJs = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 1280, height: 900 },
      });
      const staticPage = await noJs.newPage();
      await staticPage.goto(tenantUrl(slug, DEFAULT));
      const browse = staticPage.getByRole("navigation", { name: "Browse stock" });
      await expect(browse.getByRole("heading", { name: "Condition" })).toBeVisible();
      const link = browse.getByRole("link", { name: make, exact: true });
      await expect(link.locator("xpath=..")).toContainText(String(expected));
      await link.click();
      await expect(staticPage.getByRole("heading", { level: 1 })).toContainText(make);
      await expect(staticPage.locator("[data-result-count]")).toHaveAttribute(
        "data-result-count",
        String(expected),
      );
      await expect(
        staticPage
          .getByRole("navigation", { name: "Browse stock" })
          .getByRole("heading", { name: `${make} models` }),
      ).toBeVisible();
      await noJs.close();
    });

    test("a make filter narrows results to that make and lands in the URL", async ({ page }) => {
      const { makes } = await indexCounts(page, slug);
      const [make, expected] = [...makes].sort((a, b) => b[1] - a[1])[0] as [string, number];
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(tenantUrl(slug, DEFAULT));
      await islandReady(page);
      await page
        .getByRole("group", { name: "Make" })
        .getByRole("checkbox", { name: new RegExp(`^${make}\\b`) })
        .check();
      await expect(page).toHaveURL(
        new RegExp(
          `refinementList%5Bmake%5D%5B0%5D=${encodeURIComponent(make)}|refinementList\\[make\\]\\[0\\]=${make}`,
        ),
      );
      await expect.poll(() => resultCount(page)).toBe(expected);
      await page.goBack();
      await expect.poll(() => resultCount(page)).toBe((await indexCounts(page, slug)).total);
    });

    test("cards show the lender's weekly estimate (spec §5 weekly chip), prerendered and from the island", async ({
      page,
      browser,
    }) => {
      // Two renderings of the first page: the prerendered HTML (no JavaScript) and the island's.
      test.slow();
      const data = tenantData(slug);
      const now = new Date(builtTenant(slug).now);
      const byId = new Map([...data.cars.values()].map((car) => [String(car.id), car]));
      /** Every card's chip against the rule; returns how many cards show one. */
      async function checkChips(target: Page): Promise<number> {
        const shown = target.locator("[data-result-count] [data-car-id]");
        await expect(shown.first()).toBeVisible();
        const actual = await shown.evaluateAll((nodes) =>
          nodes.map((node) => [
            node.getAttribute("data-car-id") as string,
            node.querySelector(".weekly-chip")?.textContent ?? null,
          ]),
        );
        const expected = actual.map(([id]) => {
          const car = byId.get(id as string);
          expect(car, `card ${id} is a car in the feed`).toBeDefined();
          const weekly = weeklyChip(car as NonNullable<typeof car>, data.site, now);
          return [id, weekly === null ? null : `Finance from $${weekly.toLocaleString("en-AU")}/wk per week`];
        });
        expect(actual).toEqual(expected);
        const chips = shown.locator(".weekly-chip");
        if ((await chips.count()) > 0) await expect(chips.first()).toBeVisible();
        return expected.filter(([, text]) => text !== null).length;
      }
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const staticPage = await noJs.newPage();
      await staticPage.goto(tenantUrl(slug, DEFAULT));
      const prerendered = await checkChips(staticPage);
      await noJs.close();

      await page.goto(tenantUrl(slug, DEFAULT));
      await islandReady(page);
      await page.getByLabel("Sort by").selectOption({ label: "Highest Price" });
      await expect(page).toHaveURL(/sortBy=price_desc/);
      await islandReady(page);
      const rendered = await checkChips(page);
      // Nissan Finance quotes monthly only, so its cars never show a weekly chip; every other lender does.
      if (data.site.finance_provider === "Nissan Finance") expect(prerendered + rendered).toBe(0);
      else expect(Math.min(prerendered, rendered)).toBeGreaterThan(0);
    });

    test("lowest price first skips unpriced cars; pages and back/forward keep state", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(tenantUrl(slug, DEFAULT));
      await islandReady(page);
      await page.getByLabel("Sort by").selectOption({ label: "Lowest Price" });
      await expect(page).toHaveURL(/sortBy=price_asc/);
      await islandReady(page);
      // Prices from the index by card id: display text hides small placeholder prices.
      const { prices } = await indexCounts(page, slug);
      const ids = await cards(page).evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute("data-car-id")),
      );
      const numbers = ids.map((carId) => prices.get(carId as string) as number);
      expect(numbers.length).toBeGreaterThan(0);
      expect(numbers.every((n) => n > 0)).toBe(true);
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);

      const firstOnPage1 = await cards(page).first().getAttribute("data-car-id");
      await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(cards(page).first()).not.toHaveAttribute("data-car-id", firstOnPage1 as string);
      await page.goBack();
      await expect(cards(page).first()).toHaveAttribute("data-car-id", firstOnPage1 as string);
      await page.goForward();
      await expect(page).toHaveURL(/page=2/);
    });

    test("the price slider moves by 500 and its handles never cross", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(tenantUrl(slug, DEFAULT));
      await islandReady(page);
      const total = await resultCount(page);
      const minimum = page.getByRole("slider", { name: "Minimum price" });
      const maximum = page.getByRole("slider", { name: "Maximum price" });
      const top = Number(await maximum.getAttribute("value"));
      await minimum.focus();
      await page.keyboard.press("End");
      await expect(minimum).toHaveValue(String(top - 500));
      await expect(page).toHaveURL(/range%5Bprice%5D=|range\[price\]=/);
      await expect.poll(() => resultCount(page)).toBeLessThan(total);
    });

    test("a search with no matches shows the empty state", async ({ page }) => {
      await page.goto(tenantUrl(slug, `${DEFAULT}?query=zzqxwv`));
      await expect(page.getByRole("heading", { name: "No Results Available" })).toBeVisible();
      await expect(
        page.getByText(
          "No results found for your search at this time. Please try adjusting the filters for more results.",
        ),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Clear Filters" })).toHaveAttribute(
        "href",
        site.search?.clear_filters_href ?? "/special-offers",
      );
    });

    test("the mobile filter drawer opens, filters and passes axe", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(tenantUrl(slug, DEFAULT));
      await islandReady(page);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Filters" }).click();
      const drawer = page.getByRole("dialog", { name: "Filters" });
      await expect(drawer).toBeVisible();
      await expectNoAxeViolations(page);
      await drawer.getByRole("group", { name: "Condition" }).getByRole("checkbox").first().check();
      const showMe = drawer.getByRole("button", { name: /^Show me [\d,]+ vehicles?$/ });
      await expect(page).toHaveURL(/refinementList/);
      await expect(results(page)).toHaveAttribute("aria-busy", "false");
      const shown = Number((await showMe.textContent())?.replace(/\D/g, ""));
      await showMe.click();
      await expect(drawer).toBeHidden();
      expect(await resultCount(page)).toBe(shown);
    });

    test("cards in a row line up their titles, prices and Details buttons", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(tenantUrl(slug, DEFAULT));
      await islandReady(page);
      const rows = await cards(page).evaluateAll((articles) => {
        const top = (el: Element | null) => (el ? Math.round(el.getBoundingClientRect().top) : null);
        const byRow = new Map<number, (number | null)[][]>();
        for (const card of articles) {
          const parts = [".title", ".price-line", ".card-foot .btn"].map((s) => top(card.querySelector(s)));
          const row = top(card) as number;
          byRow.set(row, [...(byRow.get(row) ?? []), parts]);
        }
        return [...byRow.values()];
      });
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) for (const card of row) expect(card).toEqual(row[0]);
    });

    test("the Body Type filter names body types as the cards do, and filters by them", async ({ page }) => {
      const { bodies } = await indexCounts(page, slug);
      const byCount = [...bodies].sort((a, b) => b[1] - a[1]);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(tenantUrl(slug, DEFAULT));
      await islandReady(page);
      const group = page.getByRole("group", { name: "Body Type" });
      const names = await group
        .getByRole("checkbox")
        .evaluateAll((boxes) =>
          boxes.map((box) => box.closest("label")?.querySelector("span")?.textContent ?? ""),
        );
      // The first ten by count (Show more has the rest), each by its shown name.
      expect(names).toHaveLength(Math.min(10, bodies.size));
      expect(byCount.map(([body]) => bodyLabel(body))).toEqual(expect.arrayContaining(names));
      // The most common body ("SUV", not "suv"), checked by its shown name.
      const [body, expected] = byCount[0] as [string, number];
      await group.getByRole("checkbox", { name: new RegExp(`^${bodyLabel(body)}\\b`) }).check();
      await expect.poll(() => resultCount(page)).toBe(expected);
      await expect(cards(page).first()).toContainText(bodyLabel(body));
    });

    test("old /models?body= links land on the search refined by body", async ({ page }) => {
      const { bodies } = await indexCounts(page, slug);
      const [body, expected] = [...bodies].sort((a, b) => b[1] - a[1])[0] as [string, number];
      await page.goto(tenantUrl(slug, `/models?body=${body}`));
      await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?refinementList/);
      await islandReady(page);
      await expect.poll(() => resultCount(page)).toBe(expected);
    });

    test("make routes show only that make", async ({ page }) => {
      const { makes } = await indexCounts(page, slug);
      const [make, expected] = [...makes].sort((a, b) => b[1] - a[1])[0] as [string, number];
      const path = `/search/${make.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
      const response = await page.goto(tenantUrl(slug, path));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(make);
      await islandReady(page);
      expect(await resultCount(page)).toBe(expected);
    });
  });
}
