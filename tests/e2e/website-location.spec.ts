/**
 * The website-location select (spec §4 "Website location required when shown"; site.json
 * `forms.website_location`): outback-caravans shows it as "Preferred yard" on its enquiry forms,
 * listing its three locations sales first; a form whose page is one yard's (a car's, a location's
 * contact page) sends that yard and asks nothing; a site without the setting shows no such select.
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, fillDialogContact, openLeadDialog, tenantUrl, test } from "./support";

const SITE = "outback-caravans";
/** A new van in stock at the Dalby yard (location 4103). */
const CAR = {
  slug: "2026-new-age-manta-ray-21e-off-road-440026",
  name: "2026 New Age Manta Ray 21E Off-Road",
};

/** The form hydrates when visible. */
async function openForm(page: Page, pathname: string, slug = SITE) {
  await page.goto(tenantUrl(slug, pathname));
  const submit = page.locator(".lead-form button[type=submit]");
  await submit.scrollIntoViewIfNeeded();
  await expect(page.locator("astro-island:has(.lead-form)")).not.toHaveAttribute("ssr", /.*/);
  return submit;
}

async function fillContact(page: Page) {
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Hart");
  await page.getByLabel("Email").fill("robin@example.com");
  await page.getByLabel("Phone").fill("0412 345 678");
  await page.getByLabel(/^Comments/).fill("Can I see your off-road vans this weekend?");
}

test(`${SITE} /contact: the shopper must choose a yard; without one the form says so, with one the lead goes`, async ({
  page,
}) => {
  const submit = await openForm(page, "/contact");
  const yard = page.getByRole("combobox", { name: "Preferred yard" });
  await expect(yard.locator("option")).toHaveText([
    "Please select a dealership...",
    "Outback Caravans Toowoomba",
    "Outback Caravans Dalby",
    "Outback Caravans Service & Repairs",
  ]);
  await expect(yard).toHaveValue("");
  await expect(yard).toHaveAttribute("aria-required", "true");

  let sent = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/leads")) sent += 1;
  });
  await fillContact(page);
  await submit.click();
  const alert = page.getByRole("alert");
  await expect(alert.getByText("Please fix the following errors:")).toBeVisible();
  await expect(alert.getByRole("listitem")).toHaveText(["Please select a location."]);
  // The select is marked, its error read with it, and the shopper is taken to it.
  await expect(yard).toHaveAttribute("aria-invalid", "true");
  await expect(yard).toHaveAccessibleDescription("Please select a location.");
  await expect(yard).toBeFocused();
  expect(sent).toBe(0);
  await expectNoAxeViolations(page);

  // Keyboard: the choice is made from the select itself.
  await yard.press("ArrowDown");
  await yard.press("ArrowDown");
  await expect(yard).toHaveValue("4103");
  await page.clock.fastForward(3_100);
  const request = page.waitForRequest((r) => r.url().endsWith("/api/leads"));
  await submit.click();
  expect((await request).postDataJSON()).toMatchObject({ kind: "contact", location: "4103" });
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByText("Your Contact Us has been sent")).toBeVisible();
});

test(`${SITE}: a page that is one yard's sends that yard and asks nothing`, async ({ page }) => {
  // The Dalby yard's contact page.
  const submit = await openForm(page, "/contact-us/outback-caravans-dalby");
  await expect(page.getByRole("combobox", { name: "Preferred yard" })).toHaveCount(0);
  await fillContact(page);
  await page.clock.fastForward(3_100);
  let request = page.waitForRequest((r) => r.url().endsWith("/api/leads"));
  await submit.click();
  expect((await request).postDataJSON()).toMatchObject({
    kind: "contact",
    location: "4103",
    location_id: "4103",
  });
  await expect(page).toHaveURL(/\/success$/);

  // A van at Dalby: its enquiry is about that yard.
  await page.goto(tenantUrl(SITE, `/cars/${CAR.slug}`));
  const dialog = await openLeadDialog(page, "Enquire Now", "Enquire Now");
  await expect(dialog.getByRole("combobox", { name: "Category" })).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Preferred yard" })).toHaveCount(0);
  await fillDialogContact(dialog);
  await page.clock.fastForward(3_100);
  request = page.waitForRequest((r) => r.url().endsWith("/api/leads"));
  await dialog.getByRole("button", { name: "Send Enquiry" }).click();
  expect((await request).postDataJSON()).toMatchObject({ kind: "enquiry", location: "4103" });
  await expect(page).toHaveURL(/\/success$/, { timeout: 15_000 });
});

test("harbourside-toyota, without the setting, shows no location select", async ({ page }) => {
  await openForm(page, "/contact", "harbourside-toyota");
  await expect(page.getByLabel("First name")).toBeVisible();
  const form = page.locator(".lead-form");
  await expect(form.locator("select[name=location]")).toHaveCount(0);
  // Its one select is the dealership's.
  await expect(form.getByRole("combobox")).toHaveCount(1);
  await expect(form.getByRole("combobox", { name: "Dealership" })).toHaveValue("harbourside-toyota");
});
