/**
 * What the fixture tenants show that no other browser test checked: the group's company stats on
 * its home page, the footer's social links, an offer the group's own site excludes, and the
 * budget finder's note of what its estimate leaves out.
 */
import { expect, tenantGet, tenantUrl, test } from "./support";

test("the group home page shows its company stats from site.json", async ({ page }) => {
  await page.goto(tenantUrl("sunstate-motor-group"));
  const stats = page.getByRole("region", { name: "About our group" });
  // The figures from site.json company_stats, in order (the sales counter follows them).
  await expect(stats.getByRole("paragraph").filter({ hasNotText: "sold" })).toHaveText([
    "50+ locations",
    "40+ brands",
    "30+ years",
  ]);
});

test("a dealer's home page has no group stats", async ({ page }) => {
  await page.goto(tenantUrl("bayside-nissan"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "About our group" })).toHaveCount(0);
});

test("the footer links the dealer's social pages from site.json, in a new tab", async ({ page }) => {
  await page.goto(tenantUrl("bayside-nissan", "/contact-us"));
  const social = page.getByRole("contentinfo").getByRole("list", { name: "Social media" });
  const links = social.getByRole("link");
  await expect(links).toHaveText(["Facebook", "Instagram", "Youtube"]);
  await expect(links.nth(0)).toHaveAttribute("href", "https://www.facebook.com/baysidenissan");
  await expect(links.nth(1)).toHaveAttribute("href", "https://www.instagram.com/baysidenissan");
  await expect(links.nth(2)).toHaveAttribute("href", "https://www.youtube.com/@baysidenissan");
  await expect(links.nth(0)).toHaveAttribute("target", "_blank");
  await expect(links.nth(0)).toHaveAttribute("rel", "noopener");
});

test("an offer whose excluded_website_ids names the site is neither listed nor published there", async ({
  page,
  request,
}) => {
  await page.goto(tenantUrl("sunstate-motor-group", "/special-offers"));
  await expect(page.getByRole("heading", { name: "Group finance from 6.49% p.a." })).toBeVisible();
  await expect(page.getByText("Fleet pricing for ABN holders")).toHaveCount(0);
  expect((await tenantGet(request, "sunstate-motor-group", "/offers/3308")).status()).toBe(404);
  expect((await tenantGet(request, "sunstate-motor-group", "/offers/3301")).status()).toBe(200);
});

test("the budget finder says what its estimate excludes", async ({ page }) => {
  await page.goto(tenantUrl("westside-auto"));
  await expect(page.getByText("Estimate excludes interest, fees and balloon payments.")).toBeVisible();
});
