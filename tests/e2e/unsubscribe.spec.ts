/** Spec §2 /pages/unsubscribe, on every sample tenant: a shopper from a marketing email opts out. */
import { LEAD_TEXTS } from "~/features/leads/schemas";
import { UNSUBSCRIBE_TEXTS } from "~/features/leads/unsubscribe";
import { expect, expectNoAxeViolations, TENANTS, tenantData, tenantUrl, test } from "./support";

for (const slug of TENANTS) {
  const { site } = tenantData(slug);
  test(`${slug}: the email's unsubscribe link opens the form filled in, and one click opts out`, async ({
    page,
  }) => {
    const email = `optout-${slug}-${Date.now()}@example.com.au`;
    await page.goto(tenantUrl(slug, `/pages/unsubscribe?email=${encodeURIComponent(email)}`));
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await expectNoAxeViolations(page);

    // A mobile that cannot take a text is pointed out, and nothing is sent.
    await page.getByLabel("Mobile (to stop texts too)").fill("12");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    const alert = page.getByRole("alert").filter({ hasText: LEAD_TEXTS.fixErrors });
    await expect(alert).toBeFocused();
    await expect(alert).toContainText(LEAD_TEXTS.phoneInvalid);
    await expect(page.getByLabel("Mobile (to stop texts too)")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Mobile (to stop texts too)").fill("");
    await page.getByLabel("Why are you leaving? (optional)").selectOption("I have bought a car");
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/unsubscribe"));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    expect((await sent).postDataJSON()).toEqual({ email, phone: "", reason: "I have bought a car" });
    const done = page.getByRole("heading", { name: UNSUBSCRIBE_TEXTS.doneTitle });
    await expect(done).toBeFocused();
    await expect(page.getByText(`${UNSUBSCRIBE_TEXTS.done(site.name)} ${email}`)).toBeVisible();
    await expect(page.getByText(UNSUBSCRIBE_TEXTS.delay)).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
