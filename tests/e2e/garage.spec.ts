/**
 * Spec §2 /my-garage (site config garage_enabled; §4 always behind sign-in).
 *
 * The garage page is the same on every site that keeps one, so the shopper's whole journey runs on
 * ONE of them, harbourside-toyota (it also offers trade-in, so the garage's trade-in link shows).
 * The other garage site, sunstate-motor-group, is checked for what its flag decides: the footer
 * link and the sign-in gate. Sites without a garage: no link, and /my-garage is not there.
 */
import {
  expect,
  expectNoAxeViolations,
  footerLinkThroughSignIn,
  tenantGet,
  tenantUrl,
  test,
} from "./support";

/** site.json garage_enabled true; trade-in on (features.trade_in unset, on by default). */
const SITE = "harbourside-toyota";
/** The other site with garage_enabled true. */
const OTHER_GARAGE_SITE = "sunstate-motor-group";
/** No garage_enabled in their site.json. */
const WITHOUT_GARAGE = ["bayside-nissan", "outback-caravans", "westside-auto"];

const EMPTY =
  "Your garage is empty. Add your car and we'll have its details ready when you book a service or value it.";

test(`${SITE}: My Garage asks for sign-in, then keeps the shopper's vehicles`, async ({ page }) => {
  await footerLinkThroughSignIn(page, SITE, { link: "My Garage", type: "my-garage", path: "/my-garage" });
  await expect(page.getByText(EMPTY)).toBeVisible();

  // Nothing filled in: the list of what to fix, each field marked.
  const add = page.getByRole("button", { name: "Add to My Garage" });
  await page.getByLabel("State *").selectOption("");
  await add.click();
  const alert = page.getByRole("alert").filter({ hasText: "Please fix the following errors:" });
  await expect(alert).toBeFocused();
  for (const message of [
    "Please enter the rego as it is on the plate, e.g. ABC123.",
    "Please choose the state your car is registered in.",
    "Please enter the make of your car.",
    "Please enter the model of your car.",
  ])
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
  // Trade-in is on here, so the garage also starts a valuation from the car.
  await page.goBack();
  await vehicles.first().getByRole("link", { name: "Value it for trade-in for the 2018 Mazda CX-5" }).click();
  await expect(page).toHaveURL(/\/trade-in\/?\?/);
  await expect(page.getByRole("textbox", { name: "Rego", exact: true })).toHaveValue("ABC123");
  await expect(page.getByRole("combobox", { name: "State", exact: true })).toHaveValue("QLD");
  await expect(page.getByRole("combobox", { name: "Make", exact: true })).toHaveValue("Mazda");
  await expect(page.getByRole("combobox", { name: "Model", exact: true })).toHaveValue("CX-5");
  await expect(page.getByRole("textbox", { name: "Year", exact: true })).toHaveValue("2018");
  await page.goto(tenantUrl(SITE, "/my-garage"));
  await expect(vehicles).toHaveCount(1);
  // A phone shows the list and the form without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Kept on the server: still there after a reload; Remove by keyboard.
  await page.reload();
  await expect(vehicles).toHaveCount(1);
  await vehicles.first().getByRole("button", { name: "Remove 2018 Mazda CX-5" }).press("Enter");
  await expect(vehicles).toHaveCount(0);
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your vehicles" })).toBeFocused();
});

test(`${OTHER_GARAGE_SITE}: the footer's My Garage leads to sign-in first`, async ({ page }) => {
  await page.goto(tenantUrl(OTHER_GARAGE_SITE));
  await page.getByRole("contentinfo").getByRole("link", { name: "My Garage", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
    type: "my-garage",
    redirect: "/my-garage",
    back: "/",
  });
  await expect(page.getByText("Sign in to see your garage.")).toBeVisible();
});

test("sites without a garage have no My Garage link and no /my-garage", async ({ page, request }) => {
  // The footer is one component: one site's home page shows the flag's effect.
  await page.goto(tenantUrl("westside-auto"));
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "My Garage" })).toHaveCount(0);
  for (const slug of WITHOUT_GARAGE)
    expect((await tenantGet(request, slug, "/my-garage")).status(), slug).toBe(404);
});
