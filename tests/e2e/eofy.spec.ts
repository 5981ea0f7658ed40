/**
 * Spec §2 /pages/eofy-sale and /eofy, on every sample tenant: a sale that is on shows its rows of
 * cars; one that has ended says so and points to the offers; sites without one have neither page.
 */

import { EOFY_PATH, EOFY_TEXTS } from "~/features/offers/eofy";
import { campaignState } from "~/lib/campaign";
import { expect, expectNoAxeViolations, TENANTS, tenantData, tenantGet, tenantUrl, test } from "./support";

const withSale = TENANTS.filter((slug) => tenantData(slug).site.eofy_sale);
const on = withSale.filter((slug) => {
  const sale = tenantData(slug).site.eofy_sale;
  return sale && campaignState(sale, new Date()) === "open";
});
const ended = withSale.filter((slug) => {
  const sale = tenantData(slug).site.eofy_sale;
  return sale && campaignState(sale, new Date()) === "ended";
});
const without = TENANTS.filter((slug) => !withSale.includes(slug));

test("the samples hold a sale that is on, one that has ended, and sites with none", () => {
  expect(on.length).toBeGreaterThan(0);
  expect(ended.length).toBeGreaterThan(0);
  expect(without.length).toBeGreaterThan(0);
});

for (const slug of on) {
  const { site } = tenantData(slug);
  test(`${slug}: the footer leads to the sale's cars, and /eofy is the same page`, async ({ page }) => {
    const sale = site.eofy_sale;
    if (!sale) throw new Error(`${slug}: no sale`);
    await page.goto(tenantUrl(slug));
    await page.getByRole("contentinfo").getByRole("link", { name: sale.title, exact: true }).click();
    await expect(page).toHaveURL(/\/pages\/eofy-sale\/?$/);
    await expect(page.getByRole("heading", { level: 1, name: sale.title })).toBeVisible();
    const hero = page.getByRole("region", { name: sale.title });
    await expect(hero.getByRole("link", { name: "Enquire now" })).toHaveAttribute("href", "/contact-us");
    await expect(hero.getByRole("link", { name: "Get Finance" })).toHaveAttribute("href", site.finance_link);
    const first = sale.lists[0];
    if (!first) throw new Error(`${slug}: no list`);
    const row = page.getByRole("region", { name: first.title });
    const cards = row.getByRole("article");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(first.limit);
    // A card leads to its car.
    await expect(cards.first().getByRole("link").first()).toHaveAttribute("href", /^\/cars\//);
    if (sale.disclaimer) await expect(page.getByText(sale.disclaimer)).toBeVisible();
    await expectNoAxeViolations(page);

    // The short address on the ads shows the same page, which names the long one as canonical.
    await page.goto(tenantUrl(slug, "/eofy"));
    await expect(page.getByRole("heading", { level: 1, name: sale.title })).toBeVisible();
    // Search engines hear of it while it runs.
    const sitemap = await (await tenantGet(page.request, slug, "/sitemap.xml")).text();
    expect(sitemap).toContain(`${new URL(EOFY_PATH, site.url).href}</loc>`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new URL(EOFY_PATH, site.url).href,
    );
  });
}

for (const slug of ended) {
  const { site } = tenantData(slug);
  test(`${slug}: an ended sale says so, shows no cars, and is no longer in the footer`, async ({ page }) => {
    const sale = site.eofy_sale;
    if (!sale) throw new Error(`${slug}: no sale`);
    await page.goto(tenantUrl(slug, EOFY_PATH));
    await expect(page.getByRole("status").filter({ hasText: EOFY_TEXTS.ended(sale.title) })).toBeVisible();
    await expect(page.getByRole("link", { name: "See our latest offers" })).toHaveAttribute(
      "href",
      "/special-offers",
    );
    await expect(page.getByRole("article")).toHaveCount(0);
    await expect(page.getByRole("region", { name: sale.title }).getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: sale.title })).toHaveCount(0);
    const sitemap = await (await tenantGet(page.request, slug, "/sitemap.xml")).text();
    expect(sitemap).not.toContain("eofy");
    await expectNoAxeViolations(page);
  });
}

for (const slug of without) {
  test(`${slug}: no sale, so neither /pages/eofy-sale nor /eofy`, async ({ request }) => {
    expect((await tenantGet(request, slug, EOFY_PATH)).status()).toBe(404);
    expect((await tenantGet(request, slug, "/eofy")).status()).toBe(404);
  });
}
