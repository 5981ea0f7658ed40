/**
 * Lead form rules a shopper meets in the vehicle page's dialogs: the enquiry category select (spec
 * §4: required, default General Enquiry, offered on the General Enquiry form) and the submit states
 * (spec §4 submitting: button disabled with a spinner; §8 an answer without lead_id). One tenant,
 * harbourside-toyota: the form is one component on every site.
 */
import { expect, expectNoAxeViolations, fillDialogContact, openLeadDialog, tenantUrl, test } from "./support";

const SITE = "harbourside-toyota";
/** A used Toyota for sale on harbourside-toyota. */
const CAR = { slug: "2024-toyota-c-hr-koba-hybrid-110011", name: "2024 Toyota C-HR Koba Hybrid" };

test(`${SITE}: the enquiry category select starts at General Enquiry and files the lead under the shopper's choice`, async ({
  page,
}) => {
  await page.goto(tenantUrl(SITE, `/cars/${CAR.slug}`));
  const dialog = await openLeadDialog(page, "Enquire Now", "Enquire Now");
  const category = dialog.getByRole("combobox", { name: "Category" });
  await expect(category).toHaveValue("General Enquiry");
  await expect(category.locator("option")).toHaveText([
    "General Enquiry",
    "Test Drive",
    "Finance Enquiry",
    "Service Booking",
  ]);
  await expectNoAxeViolations(page);
  await fillDialogContact(dialog);
  await category.selectOption("Finance Enquiry");
  await page.clock.fastForward(3_100);
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/leads"));
  await dialog.getByRole("button", { name: "Send Enquiry" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ kind: "enquiry", category: "Finance Enquiry" });
  await expect(page).toHaveURL(/\/success$/, { timeout: 15_000 });
  await expect(page.getByText("Your Finance Enquiry has been sent")).toBeVisible();
});

test(`${SITE}: while sending, the button is disabled with a spinner; an answer without lead_id says An unexpected error occured`, async ({
  page,
}) => {
  // The server's answer is held until the test has looked at the button, then comes back OK but
  // without a lead_id.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route("**/api/leads", async (route) => {
    await held;
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ ok: true }) });
  });
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(tenantUrl(SITE, `/cars/${CAR.slug}`));
  const dialog = await openLeadDialog(page, "Enquire Now", "Enquire Now");
  await fillDialogContact(dialog);
  await page.clock.fastForward(3_100);
  await dialog.getByRole("button", { name: "Send Enquiry" }).click();
  const sending = dialog.getByRole("button", { name: "Sending…" });
  await expect(sending).toBeDisabled();
  await expect(sending.locator(".spinner")).toBeVisible();
  answer();
  await expect(dialog.getByRole("alert")).toHaveText("An unexpected error occured");
  await expect(dialog.getByRole("button", { name: "Send Enquiry" })).toBeEnabled();
  expect(alerts).toEqual(["An error occurred when submitting this form"]);
  await expect(page).toHaveURL(tenantUrl(SITE, `/cars/${CAR.slug}`));
});
