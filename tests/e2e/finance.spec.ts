import type { Locator, Page } from "@playwright/test";
import {
  type CalculatorInput,
  calculateRepayment,
  calculatorSetup,
  ENQUIRE_FOR_FINANCE,
  financeDisclaimer,
  financeEstimate,
  financeLender,
  formatDollars,
} from "~/features/finance/finance";
import { formatFuelCost, fuelDefaults, isElectric, isTowed, weeklyFuelCost } from "~/features/finance/fuel";
import {
  autogaugeApplies,
  autogaugeResult,
  DEAL_PRICE_ANIMATION_MS,
  GAUGE_ANIMATION_MS,
  marketPriceBadge,
  priceGauge,
} from "~/features/finance/gauge";
import { localQuote, youxEstimate, youxQuoteRequest } from "~/features/finance/youx";
import type { Car } from "~/features/stock/car.schema";
import { formatMoney } from "~/features/stock/stock";
import type { Site } from "~/tenant/schema";
import {
  axeViolations,
  expect,
  TENANTS,
  tenantData,
  tenantGet,
  tenantUrl,
  test,
  vehiclePaths,
} from "./support";

/** The tenant's config and published cars, read the way the build reads them. */
/** Published vehicle pages whose car passes `keep`, in sitemap order. */
async function carPages(page: Page, slug: string, cars: Map<string, Car>, keep: (car: Car) => boolean) {
  const paths = await vehiclePaths(page.request, slug);
  return paths
    .map((pathname) => ({ pathname, car: cars.get(pathname.replace("/cars/", "")) }))
    .filter((entry): entry is { pathname: string; car: Car } => entry.car !== undefined && keep(entry.car));
}

/** Scroll an island into view (it hydrates `client:visible`) and wait until it has. */
async function hydrated(region: Locator): Promise<void> {
  await region.scrollIntoViewIfNeeded();
  await expect(region.locator("astro-island").first()).not.toHaveAttribute("ssr", /.*/);
}

/** The first published in-stock car priced over $10,000: the calculators' everyday case. */
async function pricedCar(page: Page, slug: string, cars: Map<string, Car>) {
  const [entry] = await carPages(page, slug, cars, (car) => car.status === "in_stock" && car.price > 10000);
  expect(entry, "an in-stock car with a price").toBeDefined();
  return entry as { pathname: string; car: Car };
}

const calculatorFor = (page: Page) => page.locator("#finance-calculator");

const CALCULATOR_TENANTS = ["harbourside-toyota", "bayside-nissan", "westside-auto"] as const;

for (const slug of CALCULATOR_TENANTS) {
  test.describe(`${slug} finance calculator`, () => {
    const { site, cars } = tenantData(slug);

    test("shows the default repayment without JavaScript, then recalculates every change", async ({
      page,
    }) => {
      const { pathname, car } = await pricedCar(page, slug, cars);
      const setup = calculatorSetup(site, car);

      // Server-rendered figures (what a shopper sees before any script runs).
      const html = await (await tenantGet(page.request, slug, pathname)).text();
      expect(html).toContain("Finance and running costs");
      expect(html).toContain(calculateRepayment(setup, setup.initial).repaymentText);

      await page.goto(tenantUrl(slug, pathname));
      await expect(page.getByRole("heading", { name: "Finance and running costs" })).toBeVisible();
      const calculator = calculatorFor(page);
      await hydrated(calculator);
      const repayment = calculator.getByTestId("finance-repayment");
      await expect(repayment).toContainText(calculateRepayment(setup, setup.initial).repaymentText);
      await expect(
        calculator.getByRole("radio", {
          name: { week: "Weekly", fortnight: "Fortnightly", month: "Monthly" }[setup.initial.frequency],
        }),
      ).toBeChecked();

      // Amount typed, term stepped down a year with the keyboard, interest typed, frequency picked.
      const amount = calculator.getByRole("textbox", { name: "Loan amount" });
      await amount.fill("45000");
      await amount.press("Tab");
      const term = calculator.getByRole("slider", { name: "Loan term" });
      await term.focus();
      await term.press("ArrowLeft");
      await term.press("ArrowLeft");
      const interest = calculator.getByRole("textbox", { name: "Interest rate" });
      await interest.fill("7.5");
      await interest.press("Tab");
      await calculator.getByRole("radio", { name: "Fortnightly" }).check();

      const changed: CalculatorInput = {
        ...setup.initial,
        amount: 45000,
        term: setup.initial.term - 1,
        interest: 7.5,
        frequency: "fortnight",
      };
      const expected = calculateRepayment(setup, changed);
      await expect(repayment).toHaveText(`${expected.repaymentText} per fortnight`);
      await expect(calculator.getByTestId("finance-total")).toHaveText(expected.totalText);
      await expect(calculator.getByRole("textbox", { name: "Loan term" })).toHaveValue(String(changed.term));

      // The first use fires analytics event 26 once, however many changes follow.
      const events = await page.evaluate(() =>
        (window.dataLayer ?? []).filter((entry) => entry.eventId === 26).map((entry) => entry.car_id),
      );
      expect(events).toEqual([car.id]);

      expect(await axeViolations(page, ".fin")).toEqual([]);
    });

    test("shows 'Enquire for Finance' and a blank total for a repayment of $25 or less", async ({ page }) => {
      const { pathname, car } = await pricedCar(page, slug, cars);
      const setup = calculatorSetup(site, car);
      await page.goto(tenantUrl(slug, pathname));
      const calculator = calculatorFor(page);
      await hydrated(calculator);
      const low: CalculatorInput = {
        ...setup.initial,
        amount: setup.amount.min,
        term: setup.term.max,
        interest: setup.interest.min,
      };
      expect(calculateRepayment(setup, low).repaymentText).toBe(ENQUIRE_FOR_FINANCE);
      await calculator.getByRole("textbox", { name: "Loan amount" }).fill(String(low.amount));
      await calculator.getByRole("textbox", { name: "Loan term" }).fill(String(low.term));
      await calculator.getByRole("textbox", { name: "Interest rate" }).fill(String(low.interest));
      await expect(calculator.getByTestId("finance-repayment")).toHaveText(ENQUIRE_FOR_FINANCE);
      await expect(calculator.getByTestId("finance-total")).toHaveText("");
    });

    test("a sold car shows no finance section", async ({ page }) => {
      const [sold] = await carPages(page, slug, cars, (car) => car.status === "sold" || car.sold === true);
      test.skip(!sold, "no sold car inside this tenant's sold window");
      await page.goto(tenantUrl(slug, (sold as { pathname: string }).pathname));
      await expect(page.getByText("Unfortunately this car recently sold")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Finance and running costs" })).toHaveCount(0);
    });
  });
}

// Every tenant: outback-caravans sells towed caravans and motorhomes side by side.
for (const slug of TENANTS) {
  test.describe(`${slug} fuel calculator`, () => {
    const { cars } = tenantData(slug);

    test("fuel calculator costs km / 100 × consumption × price, and is hidden for electric cars and towed caravans", async ({
      page,
    }) => {
      const [entry] = await carPages(
        page,
        slug,
        cars,
        (car) => !isElectric(car) && !isTowed(car) && car.status === "in_stock",
      );
      expect(entry, "an in-stock car that burns fuel").toBeDefined();
      const { pathname, car } = entry as { pathname: string; car: Car };
      await page.goto(tenantUrl(slug, pathname));
      const fuel = page.locator(".fin-card", { has: page.getByRole("heading", { name: "Fuel Calculator" }) });
      const defaults = fuelDefaults(car);
      await expect(fuel.getByTestId("fuel-cost")).toHaveText(
        `${formatFuelCost(weeklyFuelCost(defaults))} per week`,
      );
      await hydrated(fuel);
      await fuel.getByRole("textbox", { name: "Kilometres per week" }).fill("400");
      await fuel.getByRole("textbox", { name: "Fuel price" }).fill("2.05");
      const cost = weeklyFuelCost({ ...defaults, kmPerWeek: 400, pricePerLitre: 2.05 });
      await expect(fuel.getByTestId("fuel-cost")).toHaveText(`${formatFuelCost(cost)} per week`);

      for (const rule of [isElectric, isTowed]) {
        const [hidden] = await carPages(page, slug, cars, (car) => rule(car) && car.status === "in_stock");
        if (!hidden) continue;
        await page.goto(tenantUrl(slug, hidden.pathname));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Fuel Calculator" })).toHaveCount(0);
      }
    });
  });
}

test("outback-caravans: a towed caravan's calculator, alone in its section, spans the section on a desktop", async ({
  page,
}) => {
  const slug = "outback-caravans";
  const { site, cars } = tenantData(slug);
  // Towed: no fuel calculator; and none of the section's other cards applies.
  const alone = (car: Car) =>
    isTowed(car) &&
    car.status === "in_stock" &&
    !autogaugeApplies(car, site) &&
    !marketPriceBadge(car, site) &&
    !financeEstimate(car, site, new Date()) &&
    !youxEstimate(car, site);
  const [entry] = await carPages(page, slug, cars, alone);
  expect(entry, "an in-stock towed caravan with only the finance calculator").toBeDefined();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(tenantUrl(slug, (entry as { pathname: string }).pathname));
  const section = page.getByRole("region", { name: "Finance and running costs" });
  await expect(section.locator(".fin-card")).toHaveCount(1);
  const calculator = calculatorFor(page);
  await hydrated(calculator);
  const [card, grid] = await Promise.all([
    calculator.boundingBox(),
    section.locator(".fin-grid").boundingBox(),
  ]);
  expect(card?.width).toBeCloseTo(grid?.width ?? 0, 0);
  // The repayment sits beside the inputs, not under them.
  const result = await calculator.getByText("Estimated weekly repayment").boundingBox();
  const amount = await calculator.getByRole("textbox", { name: "Loan amount" }).boundingBox();
  expect(result?.x ?? 0).toBeGreaterThan((amount?.x ?? 0) + (amount?.width ?? 0));
});

test("harbourside-toyota: the lender's estimate shows its weekly figure and expands its disclaimer", async ({
  page,
}) => {
  const slug = "harbourside-toyota";
  const { site, cars } = tenantData(slug);
  // The build's clock only matters for Taurus; Angle's rules do not read it.
  const estimateOf = (car: Car) => financeEstimate(car, site, new Date());
  const [entry] = await carPages(page, slug, cars, (car) => estimateOf(car)?.disclaimer.collapsible === true);
  expect(entry, "a car with a lender estimate").toBeDefined();
  const { pathname, car } = entry as { pathname: string; car: Car };
  const estimate = estimateOf(car);
  await page.goto(tenantUrl(slug, pathname));
  const card = page.locator(".fin-card", { has: page.getByRole("heading", { name: /^Finance from / }) });
  await expect(card.locator(".fin-figure")).toHaveText(`${formatMoney(estimate?.weekly ?? 0)} per week*`);
  await expect(card.getByText(`*${estimate?.disclaimer.short}`)).toBeVisible();
  await expect(card.getByText(`*${estimate?.disclaimer.full}`)).toBeHidden();
  await card.getByText("Show More").click();
  await expect(card.getByText(`*${estimate?.disclaimer.full}`)).toBeVisible();
  await expect(card.getByText(`*${estimate?.disclaimer.short}`)).toBeHidden();
  await card.getByText("Show Less").click();
  await expect(card.getByText(`*${estimate?.disclaimer.short}`)).toBeVisible();
});

const sites = new Map(TENANTS.map((slug) => [slug, tenantData(slug)]));
const tenantsWhere = (keep: (site: Site) => boolean) =>
  TENANTS.filter((slug) => keep((sites.get(slug) as { site: Site }).site));

/** The gauge card, wherever its island is in its life (skeleton, gauge, or gone). */
const gaugeCard = (page: Page) =>
  page.locator(".fin-card", { has: page.getByRole("heading", { name: "Price Comparison" }) });

for (const slug of tenantsWhere((site) => site.autograb || site.plugins.includes("Autogauge"))) {
  test.describe(`${slug} price gauge (spec §4, §5, §8)`, () => {
    const { site, cars } = sites.get(slug) as ReturnType<typeof tenantData>;

    test("shows a skeleton, then the Autogauge result with its deal label, colour and market range", async ({
      page,
    }) => {
      const [entry] = await carPages(page, slug, cars, (car) => priceGauge(car, site) !== null);
      expect(entry, "a used car with a usable Autogauge result").toBeDefined();
      const { pathname, car } = entry as { pathname: string; car: Car };
      const view = priceGauge(car, site);
      if (!view) throw new Error("no gauge");

      // Hold the answer so the skeleton can be seen, then let it through.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/cars/*/autogauge", async (route) => {
        await held;
        await route.continue();
      });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(tenantUrl(slug, pathname));
      const card = gaugeCard(page);
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByTestId("gauge-skeleton")).toBeVisible();
      await expect(card).toHaveAttribute("aria-busy", "true");
      release();

      await expect(
        card.getByRole("img", { name: `${view.dealLabel}: price gauge at ${Math.round(view.fill * 100)}%` }),
      ).toBeVisible();
      await expect(card.getByTestId("gauge-skeleton")).toHaveCount(0);
      await expect(card.locator(`figure.pg-${view.colour}`)).toBeVisible();
      await expect(card.getByText(view.dealLabel, { exact: true })).toBeVisible();
      await expect(card.getByTestId("gauge-price")).toHaveText(formatMoney(view.listingPrice));
      await expect(
        card.getByText(`Market range ${formatMoney(view.marketMin)} – ${formatMoney(view.marketMax)}`),
      ).toBeVisible();
      expect(await axeViolations(page, ".fin")).toEqual([]);
    });

    test("the needle sweeps in over 2.5 s and our price counts down from the top of the market over 2 s (spec §9)", async ({
      page,
    }) => {
      // A car whose price sits well under the top of its market range, so the count is visible.
      const [entry] = await carPages(page, slug, cars, (car) => {
        const view = priceGauge(car, site);
        return view !== null && view.marketMax - view.listingPrice >= 1000;
      });
      expect(entry, "a used car priced $1,000 or more under the top of its market").toBeDefined();
      const { pathname, car } = entry as { pathname: string; car: Car };
      const view = priceGauge(car, site);
      if (!view) throw new Error("no gauge");
      expect([GAUGE_ANIMATION_MS, DEAL_PRICE_ANIMATION_MS]).toEqual([2500, 2000]);

      // Page time stands still until the test moves it (requestAnimationFrame and performance.now follow it).
      await page.clock.install({ time: new Date("2026-11-25T10:00:00+10:00") });
      await page.clock.pauseAt(new Date("2026-11-25T10:00:01+10:00"));
      await page.goto(tenantUrl(slug, pathname));
      const card = gaugeCard(page);
      await card.scrollIntoViewIfNeeded();
      const figure = card.getByRole("img", { name: new RegExp(`^${view.dealLabel}: price gauge`) });
      await expect(figure).toBeVisible();
      const shown = card.locator(".pg-price strong");
      const amount = async () => Number((await shown.textContent())?.replace(/[^0-9]/g, ""));

      const needle = await card
        .locator(".pg-needle")
        .evaluate((element) =>
          element.getAnimations().map((animation) => animation.effect?.getTiming().duration),
        );
      expect(needle).toEqual([GAUGE_ANIMATION_MS]);

      await expect(shown).toHaveText(formatMoney(view.marketMax));
      await page.clock.runFor(1000);
      const halfway = await amount();
      expect(halfway).toBeLessThan(view.marketMax);
      expect(halfway).toBeGreaterThan(view.listingPrice);
      await page.clock.runFor(500);
      expect(await amount()).toBeGreaterThan(view.listingPrice);
      await page.clock.runFor(600);
      await expect(shown).toHaveText(formatMoney(view.listingPrice));
      // Screen readers read our price all along.
      await expect(card.getByTestId("gauge-price")).toHaveText(formatMoney(view.listingPrice));
    });

    test("hides the panel when the result is too thin to show (spec §5 display rule)", async ({ page }) => {
      const [entry] = await carPages(
        page,
        slug,
        cars,
        (car) =>
          autogaugeApplies(car, site) && autogaugeResult(car) !== null && priceGauge(car, site) === null,
      );
      expect(entry, "a used car whose Autogauge result fails the display rule").toBeDefined();
      const answered = page.waitForResponse("**/cars/*/autogauge");
      await page.goto(tenantUrl(slug, (entry as { pathname: string }).pathname));
      await gaugeCard(page).scrollIntoViewIfNeeded();
      expect((await answered).status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Price Comparison" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Finance and running costs" })).toBeVisible();
    });

    test("logs an Autogauge failure and hides the panel (spec §8)", async ({ page }) => {
      const [entry] = await carPages(page, slug, cars, (car) => priceGauge(car, site) !== null);
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      await page.route("**/cars/*/autogauge", (route) => route.abort("failed"));
      await page.goto(tenantUrl(slug, (entry as { pathname: string }).pathname));
      await gaugeCard(page).scrollIntoViewIfNeeded();
      await expect(page.getByRole("heading", { name: "Price Comparison" })).toHaveCount(0);
      expect(warnings.some((text) => text.startsWith("Autogauge failure"))).toBe(true);
    });

    test("shows the market-price badge by its rule (spec §5)", async ({ page }) => {
      const used = await carPages(page, slug, cars, (car) => autogaugeApplies(car, site));
      const withBadge = used.find(({ car }) => marketPriceBadge(car, site) !== null);
      const withoutBadge = used.find(({ car }) => car.autograb_data && marketPriceBadge(car, site) === null);
      expect(withBadge && withoutBadge, "cars on both sides of the badge rule").toBeTruthy();
      const badged = withBadge as { pathname: string; car: Car };
      await page.goto(tenantUrl(slug, badged.pathname));
      await expect(page.getByText("Below Market Price", { exact: true })).toBeVisible();
      await expect(
        page.getByText(marketPriceBadge(badged.car, site)?.text ?? "", { exact: true }),
      ).toBeVisible();
      await page.goto(tenantUrl(slug, (withoutBadge as { pathname: string }).pathname));
      await expect(page.getByText("Below Market Price", { exact: true })).toHaveCount(0);
    });
  });
}

for (const slug of tenantsWhere((site) => site.features.youx_quote)) {
  test.describe(`${slug} YouX quote (spec §4, §7, §8)`, () => {
    const { site, cars } = sites.get(slug) as ReturnType<typeof tenantData>;
    const card = (page: Page) => page.locator(".fin-youx");

    test("fetches the quote late and fills the weekly estimate", async ({ page }) => {
      const [entry] = await carPages(page, slug, cars, (car) => youxEstimate(car, site)?.request != null);
      expect(entry, "a car without a quote in the feed").toBeDefined();
      const { pathname, car } = entry as { pathname: string; car: Car };
      const request = youxQuoteRequest(car, site);
      if (!request) throw new Error("no quote request");
      const quote = localQuote(request, new Date());

      const html = await (await tenantGet(page.request, slug, pathname)).text();
      expect(html).toContain('data-testid="youx-weekly">$–</span>');

      const sent = page.waitForRequest("**/api/youx/quote");
      await page.goto(tenantUrl(slug, pathname));
      await card(page).scrollIntoViewIfNeeded();
      expect((await sent).postDataJSON()).toEqual(request);
      await expect(card(page).getByTestId("youx-weekly")).toHaveText(
        formatMoney(quote.weeklyRepaymentAmount),
      );
      await expect(card(page).getByTestId("youx-advertised")).toHaveText(
        `${quote.advertisedRate.toFixed(2)}%`,
      );
      await expect(card(page).getByTestId("youx-comparison")).toHaveText(
        `${quote.comparisonRate.toFixed(2)}%`,
      );
    });

    test("keeps the dashes when the quote fails, silently", async ({ page }) => {
      const [entry] = await carPages(page, slug, cars, (car) => youxEstimate(car, site)?.request != null);
      const messages: string[] = [];
      page.on("console", (message) => messages.push(message.text()));
      await page.route("**/api/youx/quote", (route) => route.fulfill({ status: 500, body: "{}" }));
      const answered = page.waitForResponse("**/api/youx/quote");
      await page.goto(tenantUrl(slug, (entry as { pathname: string }).pathname));
      await card(page).scrollIntoViewIfNeeded();
      expect((await answered).status()).toBe(500);
      await expect(card(page)).not.toHaveAttribute("aria-busy", "true");
      await expect(card(page).getByTestId("youx-weekly")).toHaveText("$–");
      await expect(card(page).getByTestId("youx-advertised")).toHaveText("–%");
      expect(messages.filter((text) => /youx|quote/i.test(text))).toEqual([]);
    });

    test("shows the feed's quote without asking again", async ({ page }) => {
      const [entry] = await carPages(
        page,
        slug,
        cars,
        (car) => youxEstimate(car, site)?.weekly != null && youxQuoteRequest(car, site) === null,
      );
      expect(entry, "a car with a quote in the feed").toBeDefined();
      const { pathname, car } = entry as { pathname: string; car: Car };
      let asked = false;
      page.on("request", (req) => {
        if (req.url().includes("/api/youx/quote")) asked = true;
      });
      await page.goto(tenantUrl(slug, pathname));
      await card(page).scrollIntoViewIfNeeded();
      await expect(card(page).getByTestId("youx-weekly")).toHaveText(
        formatMoney(youxEstimate(car, site)?.weekly ?? 0),
      );
      await page.waitForTimeout(500);
      expect(asked).toBe(false);
    });
  });
}

for (const slug of tenantsWhere(
  (site) => site.finance_provider !== null && site.finance_provider !== "youx",
)) {
  test.describe(`${slug} finance disclaimer dialog (spec §2, §7)`, () => {
    const { site, cars } = sites.get(slug) as ReturnType<typeof tenantData>;
    const withDisclaimer = (car: Car) =>
      financeEstimate(car, site, new Date()) !== null &&
      Boolean(financeLender(car, site.finance_provider)?.disclaimer?.trim());

    test("opens from the lender's estimate, loads the lender's disclaimer, closes on Escape and returns focus", async ({
      page,
    }) => {
      const [entry] = await carPages(page, slug, cars, withDisclaimer);
      test.skip(!entry, "no published car with this lender's estimate");
      const { pathname, car } = entry as { pathname: string; car: Car };
      const expected = financeDisclaimer(financeLender(car, site.finance_provider)?.disclaimer);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/finance-disclaimer?*", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(tenantUrl(slug, pathname));
      const opener = page.getByRole("button", { name: "Finance disclaimer" });
      await opener.scrollIntoViewIfNeeded();
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Finance disclaimer" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText("Loading the finance disclaimer…")).toBeVisible();
      release();
      await expect(dialog.getByText(expected, { exact: true })).toBeVisible();
      expect(await axeViolations(page, "#finance-disclaimer-dialog")).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test("shows an error line when the disclaimer cannot be loaded", async ({ page }) => {
      const [entry] = await carPages(page, slug, cars, withDisclaimer);
      test.skip(!entry, "no published car with this lender's estimate");
      await page.route("**/api/finance-disclaimer?*", (route) => route.fulfill({ status: 503, body: "{}" }));
      await page.goto(tenantUrl(slug, (entry as { pathname: string }).pathname));
      await page.getByRole("button", { name: "Finance disclaimer" }).click();
      const dialog = page.getByRole("dialog", { name: "Finance disclaimer" });
      await expect(dialog.getByRole("alert")).toHaveText(
        "Sorry, we couldn't load the finance disclaimer. Please try again, or call us for the details.",
      );
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
    });
  });
}

for (const slug of tenantsWhere((site) => site.finance_calculator.variant === "dealer")) {
  test.describe(`${slug} dealer finance calculator (spec §5, §9 dealer variant)`, () => {
    const { site, cars } = sites.get(slug) as ReturnType<typeof tenantData>;

    test("starts at the car's price over 5 years at 8.5%, lists the dealer's fees and recalculates", async ({
      page,
    }) => {
      const { pathname, car } = await pricedCar(page, slug, cars);
      const setup = calculatorSetup(site, car);
      expect(setup.initial).toMatchObject({ amount: car.price, term: 5, interest: 8.5 });
      await page.goto(tenantUrl(slug, pathname));
      const calculator = calculatorFor(page);
      await hydrated(calculator);
      const repayment = calculator.getByTestId("finance-repayment");
      await expect(repayment).toContainText(calculateRepayment(setup, setup.initial).repaymentText);
      await expect(calculator.getByRole("textbox", { name: "Purchase price" })).toHaveValue(
        car.price.toLocaleString("en-AU"),
      );
      const fees = calculator.getByRole("list", { name: "Fees included" });
      for (const fee of setup.fees) {
        await expect(fees).toContainText(
          `${fee.label}: ${formatDollars(fee.amount)}${fee.per === "month" ? " per month" : ""}`,
        );
      }

      await calculator.getByRole("textbox", { name: "Deposit / trade-in" }).fill("5000");
      const interest = calculator.getByRole("textbox", { name: "Interest rate" });
      await interest.fill("25");
      await interest.press("Tab");
      await expect(interest).toHaveValue("20");
      const expected = calculateRepayment(setup, { ...setup.initial, tradeIn: 5000, interest: 20 });
      await expect(repayment).toHaveText(`${expected.repaymentText} per week`);
      await expect(calculator.getByTestId("finance-total")).toHaveText(expected.totalText);
    });

    test("flags a purchase price at or beyond its range with the spec's message", async ({ page }) => {
      const { pathname, car } = await pricedCar(page, slug, cars);
      const setup = calculatorSetup(site, car);
      await page.goto(tenantUrl(slug, pathname));
      const calculator = calculatorFor(page);
      await hydrated(calculator);
      const price = calculator.getByRole("textbox", { name: "Purchase price" });
      await price.fill(String(setup.amount.max));
      await expect(calculator.getByRole("alert")).toHaveText(
        "Cannot be less than $1,000 or more than $250,000",
      );
      await expect(price).toHaveAttribute("aria-invalid", "true");
      await price.fill("45000");
      await expect(calculator.getByRole("alert")).toHaveCount(0);
    });
  });
}
