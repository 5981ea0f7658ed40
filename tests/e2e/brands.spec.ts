/** Spec §2 /brands (brand tiles), /{brand}/overview and /{model slug}, on every sample tenant. */
import { brandModels, franchisedMakes, siteBrands } from "~/features/brands/brands";
import type { CarSearchDocument } from "~/features/search/documents";
import type { Car } from "~/features/stock/car.schema";
import { isSold } from "~/features/stock/stock";
import {
  builtTenant,
  expect,
  expectNoAxeViolations,
  TENANTS,
  tenantData,
  tenantGet,
  tenantUrl,
  test,
} from "./support";

type Doc = Pick<CarSearchDocument, "make" | "model" | "price" | "sold" | "image" | "car_type">;

/** The published cars (the build's snapshot) as the brand rules read them. */
function docs(slug: string): Doc[] {
  return (builtTenant(slug).cars as unknown as Car[]).map((car) => ({
    make: car.make,
    model: car.model,
    price: car.price,
    sold: isSold(car),
    image: "",
    car_type: car.car_type,
  }));
}

test("at least one sample site is a dealer for its makes and one is not", () => {
  expect(TENANTS.some((slug) => franchisedMakes(tenantData(slug).site).length > 0)).toBe(true);
  expect(TENANTS.some((slug) => franchisedMakes(tenantData(slug).site).length === 0)).toBe(true);
});

for (const slug of TENANTS) {
  test(`${slug}: /brands tiles each make, its own first; an own make's overview leads to its models`, async ({
    page,
    request,
  }) => {
    const { site } = tenantData(slug);
    const cars = docs(slug);
    await page.goto(tenantUrl(slug));
    await page.getByRole("contentinfo").getByRole("link", { name: "Our Brands", exact: true }).click();
    await expect(page).toHaveURL(/\/brands$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Brands" })).toBeVisible();
    const tiles = page.getByRole("article");
    const names = await tiles.getByRole("heading", { level: 2 }).allTextContents();
    const expected = siteBrands(site, cars).map((brand) => brand.make);
    expect(names).toEqual(expected);
    const own = franchisedMakes(site);
    expect(names.slice(0, own.length)).toEqual(own);
    await expectNoAxeViolations(page);

    const sitemap = await (await tenantGet(request, slug, "/sitemap.xml")).text();
    expect(sitemap).toContain(`${site.url}/brands</loc>`);
    const first = own[0];
    if (!first) {
      await expect(page.getByRole("link", { name: /overview$/ })).toHaveCount(0);
      return;
    }
    await tiles
      .filter({ has: page.getByRole("heading", { name: first, exact: true }) })
      .getByRole("link", { name: `${first} overview` })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: `${first} at ${site.name}` })).toBeVisible();
    expect(sitemap).toContain(`${new URL(page.url()).pathname.replace(/\/$/, "")}</loc>`);
    const models = brandModels(first, cars);
    const modelLinks = page.getByRole("region", { name: `${first} models in stock` }).getByRole("link");
    await expect(modelLinks).toHaveCount(models.length);
    await expectNoAxeViolations(page);
    if (models.length === 0) return;

    // The most-stocked model: its page lists its cars and links to the full search.
    const top = models[0] as (typeof models)[0];
    await modelLinks.first().click();
    await expect(page.getByRole("heading", { level: 1, name: `${top.make} ${top.model}` })).toBeVisible();
    await expect(page.getByRole("link", { name: `View all ${top.count}` })).toHaveAttribute(
      "href",
      top.searchPath,
    );
    await expect(
      page.getByRole("region", { name: `${top.make} ${top.model} in stock` }).getByRole("article"),
    ).toHaveCount(Math.min(top.count, 12));
    await expect(
      page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: first }),
    ).toHaveAttribute("href", `/${first.toLowerCase().replace(/[^a-z0-9]+/g, "-")}/overview`);
    await expectNoAxeViolations(page);
  });
}
