/**
 * Spec §2 Finance routes (a configured default link; /personalised/finance?car_id={id}) and §4 gated
 * routes (car-finance and finance ask signed-out shoppers to sign in, with redirect and back), plus
 * /sign-in for a shopper who is already signed in.
 */
import type { Page } from "@playwright/test";
import { FINANCE_CAR_TEXTS } from "~/features/finance/finance-car.client";
import { financeSignIn, PERSONALISED_FINANCE_PATH } from "~/features/finance/finance-link";
import { carTypeLabel, priceDisplay } from "~/features/stock/stock";
import {
  builtTenant,
  expect,
  expectNoAxeViolations,
  freshMobile,
  signInWithCode,
  TENANTS,
  tenantData,
  tenantUrl,
  test,
} from "./support";

const gatedPersonalised = TENANTS.filter((slug) => {
  const { site } = tenantData(slug);
  return (
    site.finance_link === PERSONALISED_FINANCE_PATH && financeSignIn(PERSONALISED_FINANCE_PATH, site.gating)
  );
});
const openPersonalised = TENANTS.filter(
  (slug) => financeSignIn(PERSONALISED_FINANCE_PATH, tenantData(slug).site.gating) === null,
);

/** An in-stock car with Get Finance on its page (priced, not Test Drive Only). */
function financeCar(slug: string) {
  const car = builtTenant(slug).cars.find(
    (c) => c.status === "in_stock" && c.price > 1000 && c.tag !== "Test Drive Only",
  );
  if (!car) throw new Error(`${slug} has no car to finance`);
  return tenantData(slug).cars.get(car.slug) ?? (car as never);
}

async function fillApplication(page: Page) {
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Nguyen");
  await page.getByLabel("Email").fill("alex@example.com");
  const phone = page.getByLabel("Phone");
  if (!(await phone.inputValue())) await phone.fill("0412 345 678");
  const comments = page.getByLabel(/^Comments/);
  if (await comments.count()) await comments.fill("Happy with a 5 year term.");
  const dealership = page.getByLabel(/^Dealership/);
  if ((await dealership.count()) && !(await dealership.inputValue()))
    await dealership.selectOption({ index: 1 });
  const terms = page.getByLabel("I agree to the terms of use");
  if (await terms.count()) await terms.check();
}

test("one sample site sends Get Finance to a signed-in personalised application, and others leave it open", () => {
  expect(gatedPersonalised.length).toBeGreaterThan(0);
  expect(openPersonalised.length).toBeGreaterThan(0);
});

for (const slug of gatedPersonalised) {
  test(`${slug}: Get Finance asks a signed-out shopper to sign in, then applies for that car`, async ({
    page,
  }) => {
    const { site } = tenantData(slug);
    const car = financeCar(slug);
    await page.goto(tenantUrl(slug, `/cars/${car.slug}`));
    await page.getByRole("link", { name: "Get Finance" }).first().click();

    // Spec §4: to /sign-in with type car-finance, back to the car, and this application as redirect.
    await expect(page).toHaveURL(/\/sign-in\?/);
    const params = Object.fromEntries(new URL(page.url()).searchParams);
    expect(params).toMatchObject({ type: "car-finance", back: `/cars/${car.slug}` });
    expect(params.redirect).toMatch(
      new RegExp(`^${PERSONALISED_FINANCE_PATH}\\?.*car_id=${car.id}.*#finance-form$`),
    );
    await expect(page.getByText("Sign in to apply for finance.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", `/cars/${car.slug}`);
    await signInWithCode(page, freshMobile());

    // Back on the application: the car it is for, then the form.
    await expect(page).toHaveURL(new RegExp(`${PERSONALISED_FINANCE_PATH}\\?.*car_id=${car.id}`));
    await expect(page.getByRole("heading", { level: 1, name: "Personalised Finance" })).toBeVisible();
    await expect(page.getByRole("link", { name: car.name, exact: true })).toHaveAttribute(
      "href",
      `/cars/${car.slug}`,
    );
    await expect(page.getByText(priceDisplay(car, site).text, { exact: true })).toBeVisible();
    await expect(page.getByText(carTypeLabel(car.car_type, site), { exact: true })).toBeVisible();
    await expect(page.getByText("Checking you're signed in…")).toHaveCount(0);
    const submit = page.getByRole("button", { name: "Apply Now" });
    await submit.scrollIntoViewIfNeeded();
    await expect(page.locator("astro-island:has(.lead-form)")).not.toHaveAttribute("ssr", /.*/);
    await expectNoAxeViolations(page);
    await fillApplication(page);
    await page.waitForTimeout(3_100);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
    await submit.click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({
      page_id: "personalised-finance",
      car_id: String(car.id),
      car_type: car.car_type,
    });
    expect(Number(body.vehiclePriceBudget)).toBe(car.price);
    await expect(page).toHaveURL(/\/success$/);
  });

  test(`${slug}: a signed-in shopper goes straight to the application; /sign-in offers to continue`, async ({
    page,
  }) => {
    const mobile = freshMobile();
    await page.goto(tenantUrl(slug, "/sign-in?type=car-finance&redirect=/favourites&back=/"));
    await signInWithCode(page, mobile);
    await expect(page).toHaveURL(/\/favourites$/);

    // A car that is gone: the application stays open and says so.
    await page.goto(tenantUrl(slug, `${PERSONALISED_FINANCE_PATH}?car_id=999999999`));
    await expect(page.getByText(FINANCE_CAR_TEXTS.gone)).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply Now" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PERSONALISED_FINANCE_PATH}\\?car_id=999999999$`));

    // Already signed in: /sign-in says so, Continue goes on, and "Not you?" signs out.
    await page.goto(tenantUrl(slug, "/sign-in?type=car-finance&redirect=%2Fcompare&back=%2F"));
    await expect(page.getByText(`You're signed in as ${mobile.shown}.`)).toBeVisible();
    await expect(page.getByLabel("Mobile number")).toBeHidden();
    await expect(page.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/compare");
    await page.getByRole("button", { name: "Not you? Sign out" }).click();
    await expect(page.getByLabel("Mobile number")).toBeFocused();
    await page.goto(tenantUrl(slug, `${PERSONALISED_FINANCE_PATH}?car_id=1`));
    await expect(page).toHaveURL(/\/sign-in\?.*type=car-finance/);
  });

  test(`${slug}: without JavaScript the application says why it cannot be shown`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(tenantUrl(slug, `${PERSONALISED_FINANCE_PATH}?car_id=${financeCar(slug).id}`));
    await expect(page.getByText(/This form needs JavaScript/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply Now" })).toBeHidden();
    await context.close();
  });
}

for (const slug of openPersonalised) {
  test(`${slug}: /personalised/finance is open: the car and the form, or a note when no car was chosen`, async ({
    page,
  }) => {
    const { site } = tenantData(slug);
    const car = financeCar(slug);
    await page.goto(tenantUrl(slug, `${PERSONALISED_FINANCE_PATH}?car_id=${car.id}`));
    await expect(page.getByRole("link", { name: car.name, exact: true })).toHaveAttribute(
      "href",
      `/cars/${car.slug}`,
    );
    await expect(page.getByText(priceDisplay(car, site).text, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply Now" })).toBeVisible();
    await page.goto(tenantUrl(slug, PERSONALISED_FINANCE_PATH));
    await expect(page.getByText(FINANCE_CAR_TEXTS.noCar)).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply Now" })).toBeVisible();
  });
}
