import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, TENANTS, tenantUrl, test } from "./support";

/** Every form route (spec §2), spread over the sample tenants so each stays under the rate limit. */
const ROUTES: { path: string; category: string; extra?: (page: Page) => Promise<void> }[] = [
  { path: "/contact", category: "Contact Us" },
  { path: "/book-test-drive", category: "Test Drive" },
  { path: "/finance", category: "Finance Enquiry" },
  { path: "/finance-enquiry?vehiclePriceBudget=30000&car_type=used", category: "Finance Enquiry" },
  { path: "/apply-for-finance", category: "Apply for Finance" },
  { path: "/finance-pre-approval", category: "Finance Pre-Approval" },
  {
    path: "/service",
    category: "Service Booking",
    extra: async (page) => {
      await page.getByLabel("Rego", { exact: true }).fill("123ABC");
    },
  },
  // /sell-my-car is the trade-in flow: tests/e2e/tradein.spec.ts.
  { path: "/careers", category: "Careers" },
  { path: "/contact-us", category: "Contact Us" },
];

async function fillContact(page: Page) {
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Nguyen");
  await page.getByLabel("Email").fill("alex@example.com");
  await page.getByLabel("Phone").fill("0412 345 678");
  const comments = page.getByLabel(/^Comments/);
  if (await comments.count()) await comments.fill("Is this still available?");
  const dealership = page.getByLabel(/^Dealership/);
  if ((await dealership.count()) && !(await dealership.inputValue())) {
    await dealership.selectOption({ index: 1 });
  }
  const terms = page.getByLabel("I agree to the terms of use");
  if (await terms.count()) await terms.check();
}

/** The form hydrates when visible; the server refuses forms filled in under 3 seconds. */
async function openForm(page: Page, url: string) {
  await page.goto(url);
  const submit = page.locator(".lead-form button[type=submit]");
  await submit.scrollIntoViewIfNeeded();
  await expect(page.locator("astro-island:has(.lead-form)")).not.toHaveAttribute("ssr", /.*/);
  return submit;
}

ROUTES.forEach((route, i) => {
  const slug = TENANTS[i % TENANTS.length] as string;
  test(`${slug} ${route.path} sends a lead and lands on /success`, async ({ page }) => {
    const submit = await openForm(page, tenantUrl(slug, route.path));
    await fillContact(page);
    await route.extra?.(page);
    await page.waitForTimeout(3_100);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
    await submit.click();
    const request = await sent;
    expect(request.headers()["idempotency-key"]).toMatch(/^lead-/);
    const body = request.postDataJSON();
    expect(body.name).toBe("Alex");
    if (route.path.includes("vehiclePriceBudget")) {
      expect(body.vehiclePriceBudget).toBe(30000);
      expect(body.car_type).toBe("used");
    }
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
    await expect(page.getByText(`Your ${route.category} has been sent`)).toBeVisible();
  });
});

for (const slug of TENANTS) {
  test.describe(`${slug} contact form`, () => {
    test("an empty submit lists what to fix and sends nothing", async ({ page }) => {
      let posted = 0;
      await page.route("**/api/leads", (route) => {
        posted++;
        return route.continue();
      });
      const submit = await openForm(page, tenantUrl(slug, "/contact"));
      await submit.click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("Please fix the following errors:");
      await expect(alert).toContainText("Please enter your first name.");
      await expect(alert).toContainText("Please enter your email address.");
      await expect(alert).toContainText("Please enter your phone number.");
      await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel("Phone").fill("12345");
      await submit.click();
      await expect(alert).toContainText("Please enter a valid Australian phone number");
      expect(posted).toBe(0);
      await expectNoAxeViolations(page);
    });

    test("a failed submission alerts, shows the form error and keeps what was typed", async ({ page }) => {
      const keys: string[] = [];
      let fail = true;
      await page.route("**/api/leads", async (route) => {
        keys.push(route.request().headers()["idempotency-key"] ?? "");
        if (fail)
          return route.fulfill({ status: 503, json: { error: "Leads are unavailable. Please try again." } });
        return route.fulfill({ status: 201, json: { lead_id: "00000000-0000-4000-8000-000000000000" } });
      });
      const submit = await openForm(page, tenantUrl(slug, "/contact"));
      await fillContact(page);
      const alerts: string[] = [];
      page.on("dialog", (dialog) => {
        alerts.push(dialog.message());
        void dialog.accept();
      });
      await submit.click();
      await expect.poll(() => alerts).toEqual(["An error occurred when submitting this form"]);
      await expect(page.getByRole("alert")).toHaveText("Leads are unavailable. Please try again.");
      await expect(page.getByLabel("First name")).toHaveValue("Alex");
      await expect(submit).toBeEnabled();
      // The retry is the same attempt: same idempotency key, so the server stores one lead.
      fail = false;
      await submit.click();
      await expect(page).toHaveURL(/\/success$/);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toBe(keys[1]);
    });
  });
}

test("the opt-in is ticked by default with the spec's text, and a sole dealership is chosen", async ({
  page,
}) => {
  await openForm(page, tenantUrl("harbourside-toyota", "/contact"));
  const optIn = page.getByLabel("Yes, I would like to subscribe to receive latest offers & product updates.");
  await expect(optIn).toBeChecked();
  const dealership = page.getByLabel(/^Dealership/);
  if ((await dealership.locator("option").count()) === 1) {
    await expect(dealership.locator("option")).not.toHaveText("Please select a dealership...");
  }
});

test("a multi-dealership site asks to pick a dealership", async ({ page }) => {
  await openForm(page, tenantUrl("sunstate-motor-group", "/contact"));
  const dealership = page.getByLabel(/^Dealership/);
  await expect(dealership.locator("option").first()).toHaveText("Please select a dealership...");
});
