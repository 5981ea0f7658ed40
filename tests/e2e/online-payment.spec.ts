/**
 * Spec §2 /online-payment (§4 always behind sign-in), on every sample tenant: a signed-in shopper
 * pays an invoice through the provider's checkout (locally the test provider, which charges
 * nothing), comes back to see it confirmed, and can cancel without being charged.
 */
import type { Page } from "@playwright/test";
import { PAYMENT_METHODS } from "~/features/checkout/payment-methods";
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { formatCents, PAYMENT_TEXTS } from "~/features/payments/payments";
import {
  expect,
  expectNoAxeViolations,
  footerLinkThroughSignIn,
  TENANTS,
  tenantData,
  tenantGet,
  tenantUrl,
  test,
} from "./support";

const taking = TENANTS.filter((slug) => tenantData(slug).site.online_payment);
const without = TENANTS.filter((slug) => !taking.includes(slug));

test("some sample sites take online payments and some do not", () => {
  expect(taking.length).toBeGreaterThan(0);
  expect(without.length).toBeGreaterThan(0);
});

async function fillPayment(page: Page, amount: string, reference: string) {
  await page.getByLabel("Paying for").selectOption("Service invoice");
  await page.getByLabel("Invoice, quote or stock number").fill(reference);
  await page.getByLabel("Amount (AUD)").fill(amount);
  const dealership = page.getByLabel("Dealership");
  if (await dealership.count()) await dealership.selectOption({ index: 1 });
  await page.getByLabel("First name").fill("Kim");
  await page.getByLabel("Email for the receipt").fill("kim@example.com.au");
}

for (const slug of taking) {
  const { site } = tenantData(slug);
  const max = (site.online_payment?.max_amount ?? 0) * 100;
  test(`${slug}: sign in, pay an invoice on the provider's page, and see it received`, async ({ page }) => {
    await footerLinkThroughSignIn(page, slug, {
      link: "Make a Payment",
      type: "online-payment",
      path: "/online-payment",
    });
    await expect(page.getByRole("heading", { level: 1, name: "Make a Payment" })).toBeVisible();
    const methods = page.getByRole("list", { name: "Payment methods we accept" }).getByRole("img");
    await expect(methods).toHaveCount(PAYMENT_METHODS.length);
    await expectNoAxeViolations(page);

    // Nothing filled in, then too much: the spec's error list, each field marked.
    const send = page.getByRole("button", { name: "Continue to secure payment" });
    await send.click();
    const alert = page.getByRole("alert").filter({ hasText: LEAD_TEXTS.fixErrors });
    await expect(alert).toBeFocused();
    for (const message of [
      PAYMENT_TEXTS.purpose,
      PAYMENT_TEXTS.reference,
      PAYMENT_TEXTS.amount,
      LEAD_TEXTS.name,
    ])
      await expect(alert).toContainText(message);
    await expect(page.getByLabel("Amount (AUD)")).toHaveAttribute("aria-invalid", "true");
    await fillPayment(page, String(max / 100 + 1), "INV-2041");
    await send.click();
    await expect(alert).toContainText(PAYMENT_TEXTS.amountRange(formatCents(max)));

    // Pay: the provider's page (the local test provider), then back here, confirmed.
    await page.getByLabel("Amount (AUD)").fill("1,250.50");
    await send.click();
    await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
    await expect(page.getByText("$1,250.50", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Pay $1,250.50" }).click();
    await expect(page).toHaveURL(/\/online-payment\/?\?payment=[0-9a-f-]{36}$/);
    await expect(page.getByRole("status").filter({ hasText: PAYMENT_TEXTS.status.paid })).toBeVisible();
    await expect(page.getByText("$1,250.50 for Service invoice INV-2041")).toBeVisible();
    await expect(send).toBeHidden();
    await expectNoAxeViolations(page);

    // Cancel on the provider's page: nothing charged, and the form is there to try again.
    await page.goto(tenantUrl(slug, "/online-payment"));
    await fillPayment(page, "80", "PARTS-77");
    await send.click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/cancelled=1$/);
    await expect(page.getByRole("status").filter({ hasText: PAYMENT_TEXTS.status.cancelled })).toBeVisible();
    await expect(send).toBeVisible();

    // A phone shows the form without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

for (const slug of without) {
  test(`${slug}: no online payment, so no footer link and no /online-payment`, async ({ page, request }) => {
    await page.goto(tenantUrl(slug));
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Make a Payment" })).toHaveCount(0);
    expect((await tenantGet(request, slug, "/online-payment")).status()).toBe(404);
  });
}
