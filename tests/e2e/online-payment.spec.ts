/**
 * Spec §2 /online-payment (§4 always behind sign-in): a signed-in shopper pays an invoice through
 * the provider's checkout (locally the test provider, which charges nothing), comes back to see it
 * confirmed, and can cancel without being charged.
 *
 * Two tenants take payments (site.json online_payment): sunstate-motor-group (up to $20,000, several
 * dealerships, so the form asks which) goes through the whole journey; harbourside-toyota (up to
 * $50,000, its own theme) checks its limit and its form's accessibility. The other three have no
 * online payment, which is the same on each: one page visit, and a 404 from all three.
 */
import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  footerLinkThroughSignIn,
  tenantGet,
  tenantUrl,
  test,
} from "./support";

const ROUTE = { link: "Make a Payment", type: "online-payment", path: "/online-payment" } as const;

/** Spec §9 payment logos. */
const PAYMENT_METHODS = ["Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"];

const TEXTS = {
  fixErrors: "Please fix the following errors:",
  purpose: "Please choose what you are paying for.",
  reference: "Please enter your invoice, quote or stock number.",
  amount: "Please enter the amount in dollars, e.g. 500 or 1,250.50.",
  name: "Please enter your first name.",
  paid: "Payment received. Thank you! We've let the dealership know.",
  cancelled: "Payment cancelled. Nothing was charged.",
};

async function fillPayment(page: Page, amount: string, reference: string) {
  await page.getByLabel("Paying for").selectOption("Service invoice");
  await page.getByLabel("Invoice, quote or stock number").fill(reference);
  await page.getByLabel("Amount (AUD)").fill(amount);
  const dealership = page.getByLabel("Dealership");
  if (await dealership.count()) await dealership.selectOption({ index: 1 });
  await page.getByLabel("First name").fill("Kim");
  await page.getByLabel("Email for the receipt").fill("kim@example.com.au");
}

const sendButton = (page: Page) => page.getByRole("button", { name: "Continue to secure payment" });
const errorList = (page: Page) => page.getByRole("alert").filter({ hasText: TEXTS.fixErrors });

test("sunstate-motor-group: sign in, pay an invoice on the provider's page, see it received, and cancel another", async ({
  page,
}) => {
  await footerLinkThroughSignIn(page, "sunstate-motor-group", ROUTE);
  await expect(page.getByRole("heading", { level: 1, name: "Make a Payment" })).toBeVisible();
  const methods = page.getByRole("list", { name: "Payment methods we accept" }).getByRole("img");
  await expect(methods).toHaveCount(PAYMENT_METHODS.length);
  await expectNoAxeViolations(page);

  // Nothing filled in, then too much: the spec's error list, each field marked.
  const send = sendButton(page);
  await send.click();
  const alert = errorList(page);
  await expect(alert).toBeFocused();
  for (const message of [TEXTS.purpose, TEXTS.reference, TEXTS.amount, TEXTS.name])
    await expect(alert).toContainText(message);
  await expect(page.getByLabel("Amount (AUD)")).toHaveAttribute("aria-invalid", "true");
  await fillPayment(page, "20001", "INV-2041");
  await send.click();
  await expect(alert).toContainText("Please enter an amount from $1.00 to $20,000.00.");

  // Pay: the provider's page (the local test provider), then back here, confirmed.
  await page.getByLabel("Amount (AUD)").fill("1,250.50");
  await send.click();
  await expect(page.getByRole("heading", { name: "Test checkout" })).toBeVisible();
  await expect(page.getByText("$1,250.50", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pay $1,250.50" }).click();
  await expect(page).toHaveURL(/\/online-payment\/?\?payment=[0-9a-f-]{36}$/);
  await expect(page.getByRole("status").filter({ hasText: TEXTS.paid })).toBeVisible();
  await expect(page.getByText("$1,250.50 for Service invoice INV-2041")).toBeVisible();
  await expect(send).toBeHidden();
  await expectNoAxeViolations(page);

  // Cancel on the provider's page: nothing charged, and the form is there to try again.
  await page.goto(tenantUrl("sunstate-motor-group", "/online-payment"));
  await fillPayment(page, "80", "PARTS-77");
  await send.click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/cancelled=1$/);
  await expect(page.getByRole("status").filter({ hasText: TEXTS.cancelled })).toBeVisible();
  await expect(send).toBeVisible();

  // A phone shows the form without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("harbourside-toyota: sign in, and the form takes up to its own limit of $50,000", async ({ page }) => {
  await footerLinkThroughSignIn(page, "harbourside-toyota", ROUTE);
  await expect(page.getByRole("heading", { level: 1, name: "Make a Payment" })).toBeVisible();
  await expectNoAxeViolations(page);
  await fillPayment(page, "50001", "INV-1187");
  await sendButton(page).click();
  await expect(errorList(page)).toContainText("Please enter an amount from $1.00 to $50,000.00.");
});

test("bayside-nissan, outback-caravans, westside-auto: no online payment, so no footer link and no /online-payment", async ({
  page,
  request,
}) => {
  await page.goto(tenantUrl("bayside-nissan"));
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Make a Payment" })).toHaveCount(0);
  for (const slug of ["bayside-nissan", "outback-caravans", "westside-auto"])
    expect((await tenantGet(request, slug, "/online-payment")).status(), slug).toBe(404);
});
