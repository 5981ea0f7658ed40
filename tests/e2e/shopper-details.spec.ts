/**
 * Remembered shopper details (spec §3 stored user details: name, last_name, email, phone,
 * postcode): after one enquiry the site's other forms start filled in, from this browser only, with
 * "Not you? Clear my details". One tenant, westside-auto: the form is one component on every site.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, tenantUrl, test } from "./support";

const SITE = "westside-auto";

/** The form hydrates when visible. */
async function openForm(page: Page, path: string) {
  await page.goto(tenantUrl(SITE, path));
  const submit = page.locator(".lead-form button[type=submit]");
  await submit.scrollIntoViewIfNeeded();
  await expect(page.locator("astro-island:has(.lead-form)")).not.toHaveAttribute("ssr", /.*/);
  return submit;
}

test(`${SITE}: after one enquiry the other forms are pre-filled, and Not you? clears them`, async ({
  page,
}) => {
  test.slow();
  const submit = await openForm(page, "/contact");
  await expect(page.getByLabel("First name")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Not you? Clear my details" })).toHaveCount(0);
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Nguyen");
  await page.getByLabel("Email").fill("alex@example.com");
  await page.getByLabel("Phone").fill("0412 345 678");
  await page.getByLabel(/^Comments/).fill("Is this still available?");
  const terms = page.getByLabel("I agree to the terms of use");
  if (await terms.count()) await terms.check();
  await page.clock.fastForward(3_100);
  await submit.click();
  await expect(page).toHaveURL(/\/success$/);

  // Another form on the site: the details are there, nothing else is.
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") requests.push(request.url());
  });
  await openForm(page, "/book-test-drive");
  await expect(page.getByLabel("First name")).toHaveValue("Alex");
  await expect(page.getByLabel("Last name")).toHaveValue("Nguyen");
  await expect(page.getByLabel("Email")).toHaveValue("alex@example.com");
  await expect(page.getByLabel("Phone")).toHaveValue("0412 345 678");
  await expect(page.getByLabel(/^Comments/)).toHaveValue("");
  await expectNoAxeViolations(page);
  expect(requests).toEqual([]);

  await page.getByRole("button", { name: "Not you? Clear my details" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("");
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(
    page.getByRole("status").filter({ hasText: "Your details are cleared from this browser." }),
  ).toHaveCount(1);
  await openForm(page, "/contact");
  await expect(page.getByLabel("First name")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Not you? Clear my details" })).toHaveCount(0);
});
