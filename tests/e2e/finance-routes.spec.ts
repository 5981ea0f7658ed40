/**
 * Spec §2 Finance routes (a configured default link; /personalised/finance?car_id={id}) and §4 gated
 * routes (car-finance asks signed-out shoppers to sign in, with redirect and back), plus /sign-in
 * for a shopper who is already signed in.
 *
 * Tenants differ here only by gating: bayside-nissan links Get Finance to /personalised/finance and
 * gates it (site.json gating.car_finance); every other tenant leaves that page open, and they all
 * behave alike, so one of them (harbourside-toyota, which says car_finance: false outright) stands
 * for the rest.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, freshMobile, signInWithCode, tenantUrl, test } from "./support";

const PERSONALISED = "/personalised/finance";
const GATED = "bayside-nissan";
const OPEN = "harbourside-toyota";

/** bayside-nissan: new, in stock, $69,990, not Test Drive Only, so its page offers Get Finance. */
const NAVARA = {
  id: 550004,
  slug: "2026-nissan-navara-pro-4x-dual-cab-4x4-550004",
  name: "2026 Nissan Navara PRO-4X Dual Cab 4x4",
};
/** harbourside-toyota: new, in stock, $64,990. */
const HILUX = {
  id: 110014,
  slug: "2026-toyota-hilux-sr5-double-cab-4x4-110014",
  name: "2026 Toyota HiLux SR5 Double Cab 4x4",
};

const TEXTS = {
  gone: "We couldn't find that car. It may have been sold. You can still apply and our finance team will help you find another.",
  noCar: "No car was chosen. Tell us about the car you're after and our finance team will help.",
};

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

test(`${GATED}: Get Finance asks a signed-out shopper to sign in, applies for that car, and stays signed in`, async ({
  page,
}) => {
  await page.goto(tenantUrl(GATED, `/cars/${NAVARA.slug}`));
  await page.getByRole("link", { name: "Get Finance" }).first().click();

  // Spec §4: to /sign-in with type car-finance, back to the car, and this application as redirect.
  await expect(page).toHaveURL(/\/sign-in\?/);
  const params = Object.fromEntries(new URL(page.url()).searchParams);
  expect(params).toMatchObject({ type: "car-finance", back: `/cars/${NAVARA.slug}` });
  expect(params.redirect).toMatch(/^\/personalised\/finance\?.*car_id=550004.*#finance-form$/);
  await expect(page.getByText("Sign in to apply for finance.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", `/cars/${NAVARA.slug}`);
  const mobile = freshMobile();
  await signInWithCode(page, mobile);

  // Back on the application: the car it is for, then the form.
  await expect(page).toHaveURL(/\/personalised\/finance\?.*car_id=550004/);
  await expect(page.getByRole("heading", { level: 1, name: "Personalised Finance" })).toBeVisible();
  await expect(page.getByRole("link", { name: NAVARA.name, exact: true })).toHaveAttribute(
    "href",
    `/cars/${NAVARA.slug}`,
  );
  await expect(page.getByText("$69,990", { exact: true })).toBeVisible();
  await expect(page.getByText("New", { exact: true })).toBeVisible();
  await expect(page.getByText("Checking you're signed in…")).toHaveCount(0);
  const submit = page.getByRole("button", { name: "Apply Now" });
  await submit.scrollIntoViewIfNeeded();
  await expect(page.locator("astro-island:has(.lead-form)")).not.toHaveAttribute("ssr", /.*/);
  await expectNoAxeViolations(page);
  await fillApplication(page);
  // The forms' 3-second time-on-page rule, through the page clock rather than a real wait.
  await page.clock.fastForward(3_100);
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
  await submit.click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({ page_id: "personalised-finance", car_id: "550004", car_type: "new" });
  expect(Number(body.vehiclePriceBudget)).toBe(69990);
  await expect(page).toHaveURL(/\/success$/);

  // Signed in now: Get Finance goes straight to the application.
  await page.goto(tenantUrl(GATED, `/cars/${NAVARA.slug}`));
  await page.getByRole("link", { name: "Get Finance" }).first().click();
  await expect(page).toHaveURL(/\/personalised\/finance\?.*car_id=550004/);
  await expect(page.getByRole("link", { name: NAVARA.name, exact: true })).toBeVisible();

  // A car that is gone: the application stays open and says so.
  await page.goto(tenantUrl(GATED, `${PERSONALISED}?car_id=999999999`));
  await expect(page.getByText(TEXTS.gone)).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply Now" })).toBeVisible();
  await expect(page).toHaveURL(/\/personalised\/finance\?car_id=999999999$/);

  // Already signed in: /sign-in says so, Continue goes on, and "Not you?" signs out.
  await page.goto(tenantUrl(GATED, "/sign-in?type=car-finance&redirect=%2Fcompare&back=%2F"));
  await expect(page.getByText(`You're signed in as ${mobile.shown}.`)).toBeVisible();
  await expect(page.getByLabel("Mobile number")).toBeHidden();
  await expect(page.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/compare");
  await page.getByRole("button", { name: "Not you? Sign out" }).click();
  await expect(page.getByLabel("Mobile number")).toBeFocused();
  await page.goto(tenantUrl(GATED, `${PERSONALISED}?car_id=${NAVARA.id}`));
  await expect(page).toHaveURL(/\/sign-in\?.*type=car-finance/);
});

test(`${GATED}: without JavaScript the application says why it cannot be shown`, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(tenantUrl(GATED, `${PERSONALISED}?car_id=${NAVARA.id}`));
  await expect(page.getByText(/This form needs JavaScript/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply Now" })).toBeHidden();
  await context.close();
});

test(`${OPEN}: /personalised/finance is open: the car and the form, or a note when no car was chosen`, async ({
  page,
}) => {
  await page.goto(tenantUrl(OPEN, `${PERSONALISED}?car_id=${HILUX.id}`));
  await expect(page.getByRole("link", { name: HILUX.name, exact: true })).toHaveAttribute(
    "href",
    `/cars/${HILUX.slug}`,
  );
  await expect(page.getByText("$64,990", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply Now" })).toBeVisible();
  await page.goto(tenantUrl(OPEN, PERSONALISED));
  await expect(page.getByText(TEXTS.noCar)).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply Now" })).toBeVisible();
});
