/**
 * Reserve or buy online (spec §2 /cars/{slug}/checkout, /checkout-journey?car_id={slug}; §5 only
 * when checkout is enabled for the car; §9 deposit, 48 hours, 100% refundable), used as a shopper
 * would: from a result card's Reserve Now or Online Purchase, through both steps, to /success.
 */
import type { Page } from "@playwright/test";
import { checkoutNeedsSignIn } from "~/features/account/account";
import { checkoutSummary } from "~/features/checkout/checkout";
import { PAYMENT_METHODS } from "~/features/checkout/payment-methods";
import { deliveryEstimate, formatDeliveryPrice } from "~/features/delivery/delivery";
import { formatMoney, priceDisplay } from "~/features/stock/stock";
import {
  builtTenant,
  expect,
  expectNoAxeViolations,
  fillDialogContact,
  freshMobile,
  signInWithCode,
  TENANTS,
  tenantData,
  tenantUrl,
  test,
} from "./support";

const SEARCH = "/search/new-used-and-demo-cars";
const withCheckout = TENANTS.filter((slug) => tenantData(slug).site.features.checkout);
const withoutCheckout = TENANTS.filter((slug) => !tenantData(slug).site.features.checkout);

/** The first result card's link named `name`, and the car it is for (by the slug in its address). */
async function cardLink(page: Page, slug: string, name: RegExp | string) {
  await page.goto(tenantUrl(slug, SEARCH));
  const link = page
    .getByRole("list", { name: /^More for / })
    .getByRole("link", { name })
    .first();
  const href = (await link.getAttribute("href")) ?? "";
  const carSlug =
    /^\/cars\/([^/]+)\/checkout$/.exec(href)?.[1] ?? new URL(href, "http://x").searchParams.get("car_id");
  const car = tenantData(slug).cars.get(carSlug ?? "");
  if (!car) throw new Error(`${slug}: no car for ${href}`);
  return { car, link };
}

/**
 * Spec §4 gated routes: where the site gates checkout, the page sends a signed-out shopper to
 * /sign-in (type checkout, back to the car) and brings them back after the code. Returns the
 * number they signed in with, if any.
 */
async function passSignIn(page: Page, slug: string, carSlug: string, checkoutPath: RegExp) {
  if (!checkoutNeedsSignIn(tenantData(slug).site)) return null;
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

const plan = (page: Page) => page.getByRole("form", { name: "Step 1 of 2: Your plan" });
const details = (page: Page) => page.getByRole("region", { name: "Step 2 of 2: Your details" });

test("at least one sample tenant sells online and one does not", () => {
  expect(withCheckout.length).toBeGreaterThan(0);
  expect(withoutCheckout.length).toBeGreaterThan(0);
});

for (const slug of withCheckout) {
  const { site } = tenantData(slug);

  test.describe(`${slug} checkout`, () => {
    test("Reserve Now on a card: choose pick-up, leave details, and the dealer gets a Reserve Online lead", async ({
      page,
    }) => {
      const { car, link } = await cardLink(page, slug, /^Reserve Now/);
      const deposit = car.reserve_deposit ?? site.reserve_deposit;
      await expect(link).toHaveText(`Reserve Now (${formatMoney(deposit)} deposit)`);
      await link.click();
      const mobile = await passSignIn(page, slug, car.slug, new RegExp(`/cars/${car.slug}/checkout$`));
      await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}/checkout$`));
      await expect(page.getByRole("heading", { level: 1, name: "Reserve or buy online" })).toBeVisible();
      const summary = page.getByRole("complementary", { name: "Your vehicle" });
      await expect(summary.getByText(car.name, { exact: true })).toBeVisible();
      await expect(summary.getByRole("link", { name: "Back to the vehicle" })).toHaveAttribute(
        "href",
        `/cars/${car.slug}`,
      );
      const reserve = plan(page).getByRole("radio", {
        name: `Reserve with a ${formatMoney(deposit)} deposit`,
      });
      await expect(reserve).toBeChecked();
      await expect(plan(page)).toContainText("48 hours");
      await expect(plan(page)).toContainText("100% refundable");
      // Payment is asked only when buying.
      await expect(plan(page).getByRole("group", { name: "How would you like to pay?" })).toBeHidden();
      // Spec §9: the payment methods strip, in the spec's order, each named.
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
      await plan(page)
        .getByRole("radio", { name: /^Pick up from / })
        .check();
      await plan(page).getByRole("button", { name: "Continue" }).click();
      await expect(plan(page)).toBeHidden();
      await expect(page.getByRole("heading", { name: "Step 2 of 2: Your details" })).toBeFocused();
      await expect(
        page.getByRole("list", { name: "Checkout steps" }).getByRole("listitem").nth(1),
      ).toHaveAttribute("aria-current", "step");
      await expect(details(page).getByRole("list").first().getByRole("listitem")).toHaveText([
        `I would like to reserve the ${car.name} with a ${formatMoney(deposit)} refundable deposit.`,
        "Trade-in: no.",
        /^Pick-up from .+\.$/,
      ]);
      await expect(details(page).getByLabel("First name")).toBeVisible();
      // Signed in: the form already has their number.
      if (mobile) await expect(details(page).getByLabel("Phone")).toHaveValue(mobile.shown);
      await expectNoAxeViolations(page);
      await fillDialogContact(details(page));
      // The anti-spam time on page (3 s) has long passed by now on a real visit.
      await page.waitForTimeout(3_100);
      const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
      await details(page)
        .getByRole("button", { name: `Reserve Now with ${formatMoney(deposit)}` })
        .click();
      const body = (await sent).postDataJSON();
      expect(body).toMatchObject({
        kind: "enquiry",
        subcategory: "Reserve Online",
        car_id: String(car.id),
        "do-you-have-a-trade-in": "No",
        page_id: "checkout",
      });
      expect(body.message).toContain(`I would like to reserve the ${car.name}`);
      await expect(page).toHaveURL(/\/success$/, { timeout: 15_000 });
    });

    test("Online Purchase on a card: buy on finance, delivered, change the plan and send it", async ({
      page,
    }) => {
      const { car, link } = await cardLink(page, slug, "Online Purchase");
      await link.click();
      await passSignIn(page, slug, car.slug, new RegExp(`/checkout-journey\\?car_id=${car.slug}$`));
      await expect(page).toHaveURL(new RegExp(`/checkout-journey\\?car_id=${car.slug}$`));
      await expect(plan(page).getByRole("radio", { name: /^Buy it online/ })).toBeChecked();
      const payment = plan(page).getByRole("group", { name: "How would you like to pay?" });
      await expect(payment).toBeVisible();

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

      // A postcode inside the tenant's first delivery region, so an estimate comes back.
      const region = site.delivery?.regions[0];
      const postcode = region?.postcodes[0] ?? region?.ranges[0]?.from ?? "4000";
      await postcodeField.fill(postcode);
      await plan(page).getByRole("button", { name: "Continue" }).click();
      const estimate = deliveryEstimate(postcode, site.delivery);
      const expected = checkoutSummary(
        { name: car.name, price_text: priceDisplay(car, site).text },
        { deposit: null },
        { plan: "buy", payment: "finance", trade_in: "Yes", handover: "delivery", postcode },
        {
          dealerName: "",
          estimate: estimate
            ? { name: estimate.name, price_text: formatDeliveryPrice(estimate.price) }
            : null,
        },
      );
      const lines = details(page).getByRole("list").first().getByRole("listitem");
      await expect(lines).toHaveText(expected);
      expect(expected.join(" ")).toContain("estimate:");

      // Back to step 1 keeps every answer; switching to pick-up changes the request.
      await details(page).getByRole("button", { name: "Change your plan" }).click();
      await expect(page.getByRole("heading", { name: "Step 1 of 2: Your plan" })).toBeFocused();
      await expect(payment.getByRole("radio", { name: "Finance" })).toBeChecked();
      await plan(page)
        .getByRole("radio", { name: /^Pick up from / })
        .check();
      await plan(page).getByRole("button", { name: "Continue" }).click();
      await expect(lines.last()).toHaveText(/^Pick-up from /);

      await fillDialogContact(details(page));
      await page.waitForTimeout(3_100);
      const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
      await details(page).getByRole("button", { name: "Send Purchase Request" }).click();
      const body = (await sent).postDataJSON();
      expect(body).toMatchObject({
        kind: "enquiry",
        subcategory: "Online Purchase",
        car_id: String(car.id),
        "do-you-have-a-trade-in": "Yes",
      });
      expect(body.message).toContain("Payment: finance.");
      await expect(page).toHaveURL(/\/success$/, { timeout: 15_000 });
    });

    test("a sold car, or one that is gone, cannot be checked out; the page says why", async ({ page }) => {
      const sold = builtTenant(slug).cars.find((c) => c.status === "sold");
      if (sold) {
        await page.goto(tenantUrl(slug, `/cars/${sold.slug}/checkout`));
        await expect(
          page.getByText(
            "This vehicle can't be reserved or bought online. Please enquire and our team will help.",
          ),
        ).toBeVisible();
        await expect(page.getByRole("link", { name: `View the ${sold.name}` })).toHaveAttribute(
          "href",
          `/cars/${sold.slug}`,
        );
        await expect(page.getByRole("form")).toBeHidden();
      }
      await page.goto(tenantUrl(slug, "/checkout-journey?car_id=1999-no-such-car-1"));
      await expect(
        page.getByText("We couldn't find that vehicle. It may have been sold or removed."),
      ).toBeVisible();
    });

    test("without JavaScript the page says how else to buy", async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const car = builtTenant(slug).cars.find((c) => c.status === "in_stock");
      await page.goto(tenantUrl(slug, `/cars/${car?.slug}/checkout`));
      await expect(page.getByText("This page needs JavaScript.", { exact: false })).toBeVisible();
      await context.close();
    });
  });
}

for (const slug of withoutCheckout) {
  test(`${slug}: checkout is off, so cards offer no Reserve Now and the address says so`, async ({
    page,
  }) => {
    await page.goto(tenantUrl(slug, SEARCH));
    await expect(page.getByRole("list", { name: /^More for / }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /^Reserve Now|^Online Purchase$/ })).toHaveCount(0);
    const car = builtTenant(slug).cars.find((c) => c.status === "in_stock");
    await page.goto(tenantUrl(slug, `/cars/${car?.slug}/checkout`));
    await expect(
      page.getByText(
        "This vehicle can't be reserved or bought online. Please enquire and our team will help.",
      ),
    ).toBeVisible();
  });
}
