/**
 * Reserve or buy online (spec §2 /cars/{slug}/checkout, /checkout-journey?car_id={slug}; §5 only
 * when checkout is enabled for the car, amount hidden if missing or $0; §9 deposit, 48 hours, 100%
 * refundable), used as a shopper would: from a result card's Reserve Now or Online Purchase, through
 * both steps, to /success.
 *
 * Only harbourside-toyota turns checkout on (site.json features.checkout) and it gates checkout
 * behind sign-in (gating.checkout). The four tenants without it each render cards with a different
 * template (franchise, caravan, group, independent), so each is checked for the missing buttons.
 */
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  fillDialogContact,
  freshMobile,
  signInWithCode,
  tenantUrl,
  test,
} from "./support";

const SEARCH = "/search/new-used-and-demo-cars";
const SHOP = "harbourside-toyota";
const NOT_OFFERED = "This vehicle can't be reserved or bought online. Please enquire and our team will help.";

/** harbourside-toyota, in stock, reserve_deposit 1000: the car's own deposit beats the site's $500. */
const BZ4X = { id: 110016, slug: "2025-toyota-bz4x-fwd-110016", name: "2025 Toyota bZ4X FWD" };
/** harbourside-toyota, reserve_deposit 0: Reserve Now without an amount (spec §5). */
const YARIS_NO_DEPOSIT = { name: "2025 Toyota Yaris Cross GX 2WD" };
/** harbourside-toyota, new, in stock, $62,990, deposit 500, sold from the Hamilton yard: bought on finance. */
const HILUX = {
  id: 110032,
  slug: "2026-toyota-hilux-sr5-double-cab-4x4-110032",
  name: "2026 Toyota HiLux SR5 Double Cab 4x4",
};
/** harbourside-toyota: sold 1 hour before E2E_NOW, inside the 3-day sold window, so its page is up. */
const SOLD_BZ4X = { slug: "2026-toyota-bz4x-fwd-110000", name: "2026 Toyota bZ4X FWD" };

/** Spec §9 payment logos, in this order. */
const PAYMENT_METHODS = ["Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"];

/** A result card's actions, by the car's name. */
const cardFor = (page: Page, name: string) => page.getByRole("list", { name: `More for ${name}` });

/**
 * Spec §4 gated routes: harbourside-toyota sends a signed-out shopper to /sign-in (type checkout,
 * back to the car) and brings them back after the code. Returns the number they signed in with.
 */
async function passSignIn(page: Page, carSlug: string, checkoutPath: RegExp) {
  await expect(page).toHaveURL(/\/sign-in\?/);
  const params = Object.fromEntries(new URL(page.url()).searchParams);
  expect(params).toMatchObject({ type: "checkout", back: `/cars/${carSlug}` });
  expect(params.redirect).toMatch(checkoutPath);
  await expect(page.getByText("Sign in to reserve or buy a car online.")).toBeVisible();
  const mobile = freshMobile();
  await signInWithCode(page, mobile);
  await expect(page).toHaveURL(checkoutPath);
  return mobile;
}

/**
 * A deploy without a payment provider (the e2e server has the local test one): view.json says the
 * deposit is not taken here, as it does there. The page then sends the request-only lead.
 */
async function withoutProvider(page: Page) {
  await page.route(/\/view\.json\?/, async (route) => {
    // Node cannot resolve <slug>.localhost: the same request to the same server, by its address.
    const url = new URL(route.request().url());
    const host = url.host;
    url.hostname = "127.0.0.1";
    const response = await route.fetch({ url: url.href, headers: { ...route.request().headers(), host } });
    await route.fulfill({ response, json: { ...(await response.json()), deposit_online: false } });
  });
}
const NO_PAYMENT =
  "No payment is taken on this website and the car is not held for you: this is a request. The dealer will contact you to confirm it and take any payment securely.";

const plan = (page: Page) => page.getByRole("form", { name: "Step 1 of 2: Your plan" });
const details = (page: Page) => page.getByRole("region", { name: "Step 2 of 2: Your details" });

test.describe(`${SHOP} checkout`, () => {
  test("without a payment provider, Reserve Now on a card says nothing is paid or held and sends a Reserve Online lead", async ({
    page,
  }) => {
    await withoutProvider(page);
    await page.goto(tenantUrl(SHOP, SEARCH));
    // Spec §5: the deposit amount is hidden when it is $0.
    await expect(cardFor(page, YARIS_NO_DEPOSIT.name).getByRole("link", { name: /^Reserve Now/ })).toHaveText(
      "Reserve Now",
    );
    const link = cardFor(page, BZ4X.name).getByRole("link", { name: /^Reserve Now/ });
    await expect(link).toHaveText("Reserve Now ($1,000 deposit)");
    await link.click();
    const checkout = new RegExp(`/cars/${BZ4X.slug}/checkout$`);
    const mobile = await passSignIn(page, BZ4X.slug, checkout);
    await expect(page.getByRole("heading", { level: 1, name: "Reserve or buy online" })).toBeVisible();
    const summary = page.getByRole("complementary", { name: "Your vehicle" });
    await expect(summary.getByText(BZ4X.name, { exact: true })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Back to the vehicle" })).toHaveAttribute(
      "href",
      `/cars/${BZ4X.slug}`,
    );
    await expect(plan(page).getByRole("radio", { name: "Reserve with a $1,000 deposit" })).toBeChecked();
    await expect(plan(page)).toContainText("48 hours");
    await expect(plan(page)).toContainText("100% refundable");
    await expect(plan(page)).toContainText(NO_PAYMENT);
    // Payment is asked only when buying.
    await expect(plan(page).getByRole("group", { name: "How would you like to pay?" })).toBeHidden();
    const methods = plan(page).getByRole("list", { name: "The dealer accepts" }).getByRole("img");
    await expect(methods).toHaveCount(PAYMENT_METHODS.length);
    for (const [i, method] of PAYMENT_METHODS.entries())
      await expect(methods.nth(i)).toHaveAccessibleName(method);
    await expectNoAxeViolations(page);

    // Continue with nothing answered: the spec's error list, each field marked.
    await plan(page).getByRole("button", { name: "Continue" }).click();
    const alert = plan(page).getByRole("alert");
    await expect(alert).toBeFocused();
    await expect(alert).toContainText("Please fix the following errors:");
    await expect(alert.getByRole("listitem")).toHaveText([
      "Please answer Yes or No.",
      "Please choose pick-up or delivery.",
    ]);
    await expect(plan(page).getByRole("radio", { name: "Yes" })).toHaveAttribute("aria-invalid", "true");

    await plan(page).getByRole("radio", { name: "No" }).check();
    await plan(page).getByRole("radio", { name: "Pick up from Harbourside Toyota Pre-Owned Nundah" }).check();
    await plan(page).getByRole("button", { name: "Continue" }).click();
    await expect(plan(page)).toBeHidden();
    await expect(page.getByRole("heading", { name: "Step 2 of 2: Your details" })).toBeFocused();
    await expect(
      page.getByRole("list", { name: "Checkout steps" }).getByRole("listitem").nth(1),
    ).toHaveAttribute("aria-current", "step");
    await expect(details(page).getByRole("list").first().getByRole("listitem")).toHaveText([
      "I would like to reserve the 2025 Toyota bZ4X FWD with a $1,000 refundable deposit.",
      "Trade-in: no.",
      "Pick-up from Harbourside Toyota Pre-Owned Nundah.",
    ]);
    // Signed in: the form already has their number.
    await expect(details(page).getByLabel("Phone")).toHaveValue(mobile.shown);
    await expectNoAxeViolations(page);
    await fillDialogContact(details(page));
    // The anti-spam time on page (3 s), through the page clock rather than a real wait.
    await page.clock.fastForward(3_100);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
    await details(page).getByRole("button", { name: "Reserve Now with $1,000" }).click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({
      kind: "enquiry",
      subcategory: "Reserve Online",
      car_id: "110016",
      "do-you-have-a-trade-in": "No",
      page_id: "checkout",
    });
    expect(body.message).toContain("I would like to reserve the 2025 Toyota bZ4X FWD");
    await expect(page).toHaveURL(/\/success$/, { timeout: 15_000 });
  });

  test("without a payment provider, Online Purchase on a card: buy on finance, delivered, change the plan and send it", async ({
    page,
  }) => {
    await withoutProvider(page);
    await page.goto(tenantUrl(SHOP, SEARCH));
    // Two HiLux SR5s are on the first page (110014 and 110032): this one by its address.
    await page
      .getByRole("link", { name: "Online Purchase" })
      .and(page.locator(`[href="/checkout-journey?car_id=${HILUX.slug}"]`))
      .click();
    const journey = new RegExp(`/checkout-journey\\?car_id=${HILUX.slug}$`);
    await passSignIn(page, HILUX.slug, journey);
    await expect(plan(page).getByRole("radio", { name: /^Buy it online/ })).toBeChecked();
    const payment = plan(page).getByRole("group", { name: "How would you like to pay?" });
    await expect(payment).toBeVisible();
    await expect(plan(page)).toContainText(NO_PAYMENT);

    // A delivery postcode must be four digits (spec §5 text).
    const postcodeField = plan(page).getByLabel("Delivery postcode");
    await expect(postcodeField).toBeHidden();
    await plan(page).getByRole("radio", { name: "Deliver to me" }).check();
    await postcodeField.fill("40");
    await payment.getByRole("radio", { name: "Finance" }).check();
    await plan(page).getByRole("radio", { name: "Yes" }).check();
    await plan(page).getByRole("button", { name: "Continue" }).click();
    await expect(plan(page).getByRole("alert").getByRole("listitem")).toHaveText([
      "Invalid postcode. Please enter a 4-digit number.",
    ]);
    await expect(postcodeField).toHaveAttribute("aria-invalid", "true");

    // 4000 is in harbourside-toyota's first delivery region (SEQ metro, 4000–4230, $250).
    await postcodeField.fill("4000");
    await plan(page).getByRole("button", { name: "Continue" }).click();
    const lines = details(page).getByRole("list").first().getByRole("listitem");
    await expect(lines).toHaveText([
      "I would like to buy the 2026 Toyota HiLux SR5 Double Cab 4x4 ($62,990).",
      "Payment: finance.",
      "Trade-in: yes.",
      "Delivery to postcode 4000 (estimate: SEQ metro, $250).",
    ]);

    // Back to step 1 keeps every answer; switching to pick-up changes the request.
    await details(page).getByRole("button", { name: "Change your plan" }).click();
    await expect(page.getByRole("heading", { name: "Step 1 of 2: Your plan" })).toBeFocused();
    await expect(payment.getByRole("radio", { name: "Finance" })).toBeChecked();
    await plan(page).getByRole("radio", { name: "Pick up from Harbourside Toyota Hamilton" }).check();
    await plan(page).getByRole("button", { name: "Continue" }).click();
    await expect(lines.last()).toHaveText("Pick-up from Harbourside Toyota Hamilton.");

    await fillDialogContact(details(page));
    await page.clock.fastForward(3_100);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
    await details(page).getByRole("button", { name: "Send Purchase Request" }).click();
    const body = (await sent).postDataJSON();
    expect(body).toMatchObject({
      kind: "enquiry",
      subcategory: "Online Purchase",
      car_id: "110032",
      "do-you-have-a-trade-in": "Yes",
    });
    expect(body.message).toContain("Payment: finance.");
    await expect(page).toHaveURL(/\/success$/, { timeout: 15_000 });
  });

  test("a sold car, or one that is gone, cannot be checked out; the page says why", async ({ page }) => {
    await page.goto(tenantUrl(SHOP, `/cars/${SOLD_BZ4X.slug}/checkout`));
    await expect(page.getByText(NOT_OFFERED)).toBeVisible();
    await expect(page.getByRole("link", { name: `View the ${SOLD_BZ4X.name}` })).toHaveAttribute(
      "href",
      `/cars/${SOLD_BZ4X.slug}`,
    );
    await expect(page.getByRole("form")).toBeHidden();
    await page.goto(tenantUrl(SHOP, "/checkout-journey?car_id=1999-no-such-car-1"));
    await expect(
      page.getByText("We couldn't find that vehicle. It may have been sold or removed."),
    ).toBeVisible();
  });

  test("without JavaScript the page says how else to buy", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(tenantUrl(SHOP, `/cars/${HILUX.slug}/checkout`));
    await expect(page.getByText("This page needs JavaScript.", { exact: false })).toBeVisible();
    await context.close();
  });
});

/** An in-stock car of each tenant without checkout. */
const WITHOUT_CHECKOUT = [
  { slug: "bayside-nissan", car: "2026-nissan-navara-pro-4x-dual-cab-4x4-550004" },
  { slug: "outback-caravans", car: "2026-jayco-journey-outback-19-61-5-440008" },
  { slug: "sunstate-motor-group", car: "2024-mitsubishi-asx-ls-330002" },
  { slug: "westside-auto", car: "2022-hyundai-i30-active-220006" },
];

for (const { slug, car } of WITHOUT_CHECKOUT) {
  test(`${slug}: checkout is off, so cards offer no Reserve Now and the address says so`, async ({
    page,
  }) => {
    await page.goto(tenantUrl(slug, SEARCH));
    await expect(page.getByRole("list", { name: /^More for / }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^Reserve Now|^Online Purchase$/ })).toHaveCount(0);
    await page.goto(tenantUrl(slug, `/cars/${car}/checkout`));
    await expect(page.getByText(NOT_OFFERED)).toBeVisible();
  });
}
