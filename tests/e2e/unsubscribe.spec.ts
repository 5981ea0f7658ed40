/**
 * Spec §2 /pages/unsubscribe: a shopper from a marketing email opts out. The page is the same on
 * every site but for the dealer's name, so the shopper's journey runs on ONE site (westside-auto);
 * every fixture site is checked to serve the page.
 */
import { randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, TENANTS, tenantGet, tenantUrl, test } from "./support";

/** site.json name "Westside Auto". */
const SITE = "westside-auto";

test(`${SITE}: the email's unsubscribe link opens the form filled in, and one click opts out`, async ({
  page,
}) => {
  // A fresh address each run (the server keeps the opt-outs it has been sent).
  const email = `optout-${randomUUID()}@example.com.au`;
  await page.goto(tenantUrl(SITE, `/pages/unsubscribe?email=${encodeURIComponent(email)}`));
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expectNoAxeViolations(page);

  // A mobile that cannot take a text is pointed out, and nothing is sent.
  await page.getByLabel("Mobile (to stop texts too)").fill("12");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Please fix the following errors:" });
  await expect(alert).toBeFocused();
  await expect(alert).toContainText("Please enter a valid Australian phone number, e.g. 0412 345 678.");
  await expect(page.getByLabel("Mobile (to stop texts too)")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Mobile (to stop texts too)").fill("");
  await page.getByLabel("Why are you leaving? (optional)").selectOption("I have bought a car");
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/unsubscribe"));
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  expect((await sent).postDataJSON()).toEqual({ email, phone: "", reason: "I have bought a car" });
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeFocused();
  await expect(
    page.getByText(
      `You won't receive offers or product updates from Westside Auto at this address: ${email}`,
    ),
  ).toBeVisible();
  await expect(
    page.getByText("Messages already on their way may still arrive; please allow up to 5 working days."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("every site serves /pages/unsubscribe", async ({ request }) => {
  for (const slug of TENANTS)
    expect((await tenantGet(request, slug, "/pages/unsubscribe")).status(), slug).toBe(200);
});
