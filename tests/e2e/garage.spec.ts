/** Spec §2 /my-garage (site config garage_enabled; §4 always behind sign-in), on every sample tenant. */
import { GARAGE_TEXTS } from "~/features/account/garage";
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

const withGarage = TENANTS.filter((slug) => tenantData(slug).site.garage_enabled);
const withoutGarage = TENANTS.filter((slug) => !tenantData(slug).site.garage_enabled);

test("some sample sites keep a garage and some do not", () => {
  expect(withGarage.length).toBeGreaterThan(0);
  expect(withoutGarage.length).toBeGreaterThan(0);
});

for (const slug of withGarage) {
  test(`${slug}: My Garage asks for sign-in, then keeps the shopper's vehicles`, async ({ page }) => {
    await footerLinkThroughSignIn(page, slug, { link: "My Garage", type: "my-garage", path: "/my-garage" });
    await expect(page.getByText(GARAGE_TEXTS.empty)).toBeVisible();

    // Nothing filled in: the list of what to fix, each field marked.
    const add = page.getByRole("button", { name: "Add to My Garage" });
    await page.getByLabel("State *").selectOption("");
    await add.click();
    const alert = page.getByRole("alert").filter({ hasText: "Please fix the following errors:" });
    await expect(alert).toBeFocused();
    for (const message of [GARAGE_TEXTS.rego, GARAGE_TEXTS.regoState, GARAGE_TEXTS.make, GARAGE_TEXTS.model])
      await expect(alert).toContainText(message);
    await expect(page.getByLabel("Rego *")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Rego *").fill("abc 123");
    await page.getByLabel("State *").selectOption("QLD");
    await page.getByLabel("Make *").fill("Mazda");
    await page.getByLabel("Model *").fill("CX-5");
    await page.getByLabel("Year").fill("2018");
    await add.click();
    const vehicles = page.getByRole("region", { name: "Your vehicles" }).getByRole("listitem");
    await expect(vehicles).toHaveCount(1);
    await expect(vehicles.first().getByRole("heading", { name: "2018 Mazda CX-5" })).toBeVisible();
    await expect(vehicles.first()).toContainText("Rego ABC123 (QLD)");
    await expect(alert).toBeHidden();
    await expect(page.getByLabel("Rego *")).not.toHaveAttribute("aria-invalid", "true");
    await expect(
      vehicles.first().getByRole("link", { name: "Book a service for the 2018 Mazda CX-5" }),
    ).toHaveAttribute("href", "/service?Rego=ABC123&Vehicle+Make=Mazda&Vehicle+Model=CX-5");
    await expect(page.getByText("1 vehicle in your garage.")).toBeAttached();
    await expectNoAxeViolations(page);

    // Book a service starts from the car: the service form opens with it filled in.
    await vehicles.first().getByRole("link", { name: "Book a service for the 2018 Mazda CX-5" }).click();
    await expect(page).toHaveURL(/\/service\/?\?/);
    await expect(page.getByLabel("Rego", { exact: true })).toHaveValue("ABC123");
    await expect(page.getByLabel("Make", { exact: true })).toHaveValue("Mazda");
    await expect(page.getByLabel("Model", { exact: true })).toHaveValue("CX-5");
    if (tenantData(slug).site.features.trade_in) {
      await page.goBack();
      await vehicles
        .first()
        .getByRole("link", { name: "Value it for trade-in for the 2018 Mazda CX-5" })
        .click();
      await expect(page).toHaveURL(/\/trade-in\/?\?/);
      await expect(page.getByRole("textbox", { name: "Rego", exact: true })).toHaveValue("ABC123");
      await expect(page.getByRole("combobox", { name: "State", exact: true })).toHaveValue("QLD");
      await expect(page.getByRole("textbox", { name: "Make", exact: true })).toHaveValue("Mazda");
      await expect(page.getByRole("textbox", { name: "Model", exact: true })).toHaveValue("CX-5");
      await expect(page.getByRole("textbox", { name: "Year", exact: true })).toHaveValue("2018");
    }
    await page.goto(tenantUrl(slug, "/my-garage"));
    await expect(vehicles).toHaveCount(1);
    // A phone shows the list and the form without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Kept on the server: still there after a reload; Remove by keyboard.
    await page.reload();
    await expect(vehicles).toHaveCount(1);
    await vehicles.first().getByRole("button", { name: "Remove 2018 Mazda CX-5" }).press("Enter");
    await expect(vehicles).toHaveCount(0);
    await expect(page.getByText(GARAGE_TEXTS.empty)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your vehicles" })).toBeFocused();
  });
}

for (const slug of withoutGarage) {
  test(`${slug}: no garage, so no My Garage link and no /my-garage`, async ({ page, request }) => {
    await page.goto(tenantUrl(slug));
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "My Garage" })).toHaveCount(0);
    expect((await tenantGet(request, slug, "/my-garage")).status()).toBe(404);
  });
}
