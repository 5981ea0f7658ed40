/** The vehicle page's map: a disclosure that starts open and closes and reopens on its summary. */
import { expect, expectNoAxeViolations, tenantUrl, test } from "./support";

const CAR = { slug: "2024-toyota-c-hr-koba-hybrid-110011", name: "2024 Toyota C-HR Koba Hybrid" };

test("harbourside-toyota: the location block's map toggles open and closed", async ({ page }) => {
  await page.goto(tenantUrl("harbourside-toyota", `/cars/${CAR.slug}`));
  await expect(page.getByRole("heading", { level: 1, name: CAR.name })).toBeVisible();
  const location = page.getByRole("region", { name: "Location" });
  const toggle = location.locator("summary", { hasText: "Map" });
  const map = location.locator("#vehicle-map iframe");
  await toggle.scrollIntoViewIfNeeded();
  await expect(page.locator("#vehicle-map")).toHaveAttribute("open", "");
  await expect(map).toBeVisible();
  await toggle.click();
  await expect(page.locator("#vehicle-map")).not.toHaveAttribute("open");
  await expect(map).toBeHidden();
  await toggle.press("Enter");
  await expect(page.locator("#vehicle-map")).toHaveAttribute("open", "");
  await expect(map).toBeVisible();
  await expectNoAxeViolations(page);
});
